import ArgumentParser
import Foundation
import LifeCore
import LifeTimer

/// `lifectl lifetimer notifications`: the schedule and its preferences (LT-7).
struct LifeTimerNotifications: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "notifications",
        abstract: "The notifications LifeTimer would send, and their preferences.",
        discussion: """
            Reminders (daily, weekly or every N days at a local time), milestone due dates (and N days before \
            them with --advance N), streaks of 3+ active days (when the progress that earns one is recorded), \
            and checkpoints at 50 % and 25 % of the time remaining and the last day. Options \
            change the preferences first (all or nothing), then the schedule is printed.
            Example: lifectl lifetimer notifications --frequency every --every 3 --time 07:30 --mute streaks
            """)

    @OptionGroup var options: LifeTimerOptions
    @Option(parsing: .unconditional, help: ArgumentHelp("First local date (default today).", valueName: "date"))
    var from: String?
    @Option(parsing: .unconditional, help: "How many days to list.") var days = 7
    @Option(help: "Reminders: daily, weekly or every (N days, with --every).") var frequency: String?
    @Option(parsing: .unconditional, help: ArgumentHelp("N for --frequency every (1–365).", valueName: "days"))
    var every: Int?
    @Option(help: ArgumentHelp("Local time of reminders, HH:MM.", valueName: "time")) var time: String?
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Also remind this many days before a milestone's due date (0–365; 0: only on the day).", valueName: "days"))
    var advance: Int?
    @Option(help: "Mute a category: reminders, milestones, streaks or checkpoints (repeatable).") var mute: [String] =
        []
    @Option(help: "Unmute a category (repeatable).") var unmute: [String] = []

    func run() throws {
        let lt = try LifeTimerContext(options)
        let account = try lt.account()
        let frequency = try frequency.map {
            try LifeTimerText.choice($0, field: "--frequency", as: LifeTimerNotificationPreferences.Frequency.self)
        }
        let time = try time.map { try LocalTime.parse($0, field: "--time") }
        let muting = try mute.map {
            try LifeTimerText.choice($0, field: "--mute", as: LifeTimerNotificationPreferences.Category.self)
        }
        let unmuting = try unmute.map {
            try LifeTimerText.choice($0, field: "--unmute", as: LifeTimerNotificationPreferences.Category.self)
        }
        let start = try from.map {
            try DateExpression.date($0, field: "--from", today: try lt.store.today(for: account))
        }
        let changes =
            frequency != nil || every != nil || time != nil || advance != nil || !muting.isEmpty || !unmuting.isEmpty
        let change: ((inout LifeTimerNotificationPreferences) -> Void)? =
            changes
            ? { prefs in
                if let frequency { prefs.frequency = frequency }
                if let every { prefs.everyDays = every }
                if let time { prefs.time = time }
                if let advance { prefs.advanceDays = advance }
                prefs.muted.formUnion(muting)
                prefs.muted.subtract(unmuting)
            } : nil
        // One transaction in the store: a schedule that cannot be computed
        // (--days out of range) leaves the preferences as they were.
        let (preferences, list) = try lt.store.updateNotifications(
            of: account, change, scheduleFrom: start, days: days)
        if lt.json {
            struct Output: Encodable {
                let frequency: String
                let everyDays: Int
                let time: LocalTime
                let advanceDays: Int
                let muted: [String]
                let notifications: [LifeTimerNotification]
            }
            return try JSONOutput.print(
                Output(
                    frequency: preferences.frequency.rawValue, everyDays: preferences.everyDays, time: preferences.time,
                    advanceDays: preferences.advanceDays, muted: preferences.muted.map(\.rawValue).sorted(),
                    notifications: list))
        }
        let zone = try lt.store.zone(of: account)
        let style = try lt.store.settings(of: account).clock
        let interval = preferences.frequency == .every ? " \(preferences.everyDays) days" : ""
        var lines = [
            "reminders \(preferences.frequency.rawValue)\(interval) at \(preferences.time)"
                + (preferences.advanceDays > 0
                    ? " · milestones also \(Format.count(preferences.advanceDays, "day", "days")) before" : "")
                + (preferences.muted.isEmpty
                    ? "" : " · muted: \(preferences.muted.map(\.rawValue).sorted().joined(separator: ", "))")
        ]
        if list.isEmpty {
            lines.append("Nothing scheduled in these days.")
        } else {
            var table = TextTable([.left, .left, .left])
            for item in list {
                table.add(LifeTimerText.local(item.fireAt, zone: zone, style: style), item.kind.rawValue, item.body)
            }
            lines.append(table.render())
        }
        Terminal.write(lines.joined(separator: "\n"))
    }
}

/// `lifectl lifetimer settings`: theme, clock, language, visibility (LT-9).
struct LifeTimerSettingsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings",
        abstract: "Show or change theme, 12/24-hour clock, language, visibility and time zone.",
        discussion: "Example: lifectl lifetimer settings --theme dark --clock 12h --language de --visibility public")

    @OptionGroup var options: LifeTimerOptions
    @Option(help: "light, dark or system.") var theme: String?
    @Option(help: "12h or 24h.") var clock: String?
    @Option(help: "A language tag such as en or pt-BR.") var language: String?
    @Option(help: "public or private.") var visibility: String?
    @Option(help: ArgumentHelp("IANA zone.", valueName: "zone")) var timeZone: String?

    func run() throws {
        let lt = try LifeTimerContext(options, server: .follows)
        let theme = try theme.map { try LifeTimerText.choice($0, field: "--theme", as: LifeTimerSettings.Theme.self) }
        let style = try clock.map {
            try LifeTimerText.choice($0, field: "--clock", as: LifeTimerSettings.ClockStyle.self)
        }
        let visibility = try visibility.map {
            try LifeTimerText.choice($0, field: "--visibility", as: AccountVisibility.self)
        }
        // One store method, one transaction: the account's visibility and
        // zone with the settings, or nothing.
        let (account, settings) = try lt.store.updateSettings(
            of: try lt.account(),
            LifeTimerSettingsChange(
                theme: theme, clock: style, language: language, visibility: visibility, timeZone: timeZone))
        // Visibility and zone are on the server too.
        if visibility != nil || timeZone != nil { try lt.keepServerInStep() }
        if lt.json {
            struct Output: Encodable {
                let theme: String
                let clock: String
                let language: String
                let visibility: String
                let timeZone: String
            }
            return try JSONOutput.print(
                Output(
                    theme: settings.theme.rawValue, clock: settings.clock.rawValue, language: settings.language,
                    visibility: account.visibility.rawValue, timeZone: account.timeZone))
        }
        var table = TextTable([.left, .left])
        table.add("theme", settings.theme.rawValue)
        table.add("clock", settings.clock.rawValue)
        table.add("language", settings.language)
        table.add("visibility", account.visibility.rawValue)
        table.add("time zone", account.timeZone)
        Terminal.write(table.render())
    }
}

/// `lifectl lifetimer about`: the challenge's rules (LT-9).
struct LifeTimerAbout: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "about", abstract: "The rules of the 1,356-day challenge.",
        discussion: "Example: lifectl lifetimer about")

    @OptionGroup var options: LifeTimerOptions

    static let rules = """
        The 1,356-day challenge

        1. Write a bucket list of 1 to 20 goals. Each can have a description, a place, a cover image and
           milestones, the steps that lead to it. At most 20 goals can ever be created, deleted ones included.
        2. When the list is final, start the countdown. It runs for 1,356 days and ends at the same time of
           day, on your clock, as it began.
        3. From the start the list is locked: no goal can be added, deleted or renamed. Descriptions,
           milestones and completion can still change.
        4. Nothing pauses, resets or extends the countdown.
        5. Progress: a completed goal counts 100 %, otherwise its share of completed milestones. You are
           ahead, on track or behind as your overall progress compares with the time elapsed.
        6. Your account is private unless you make it public. Others see a public account's username,
           avatar, bio, high-level stats, goal summaries and public milestones; never your e-mail.
        7. Block anyone: you disappear for each other. Report what breaks the rules; admins can suspend.
        """

    func run() throws {
        // The rules need no database: nothing is opened or created.
        let context = try CommandContext(options.global)
        if context.json {
            struct Output: Encodable {
                let challengeDays: Int
                let maximumGoals: Int
                let rules: String
            }
            return try JSONOutput.print(
                Output(
                    challengeDays: LifeTimerRules.challengeDays, maximumGoals: LifeTimerRules.maximumGoals,
                    rules: Self.rules))
        }
        Terminal.write(Self.rules)
    }
}
