import ArgumentParser
import Foundation
import LifeCore
import LifeKernel
import LifeKit
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
            Example: lifectl lifetimer notifications --frequency every --every 3 --time 07:30 --streaks off
            """)

    @OptionGroup var options: LifeTimerOptions
    @Option(parsing: .unconditional, help: ArgumentHelp("First local date (default today).", valueName: "date"))
    var from: String?
    @Option(parsing: .unconditional, help: "How many days to list.") var days = 7
    @Option(help: ArgumentHelp("Reminders: daily, weekly or every (N days, with --every).", valueName: "frequency"))
    var frequency: Typed<LifeTimerNotificationPreferences.Frequency>?
    @Option(parsing: .unconditional, help: ArgumentHelp("N for --frequency every (1–365).", valueName: "days"))
    var every: Int?
    @Option(help: ArgumentHelp("Local time of reminders, HH:MM.", valueName: "time")) var time: String?
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Also remind this many days before a milestone's due date (0–365; 0: only on the day).", valueName: "days"))
    var advance: Int?
    @Option(help: ArgumentHelp("Reminders.", valueName: "on|off")) var reminders: Typed<Switch>?
    @Option(help: ArgumentHelp("Milestones' due dates.", valueName: "on|off")) var milestones: Typed<Switch>?
    @Option(help: ArgumentHelp("Streaks of 3+ active days.", valueName: "on|off")) var streaks: Typed<Switch>?
    @Option(help: ArgumentHelp("Checkpoints (50 %, 25 %, the last day).", valueName: "on|off"))
    var checkpoints: Typed<Switch>?
    /// The old spellings, `--mute KIND` and `--unmute KIND` (CORE-13).
    @Option(help: .hidden) var mute: [String] = []
    @Option(help: .hidden) var unmute: [String] = []

    func run() throws {
        let lt = try LifeTimerContext(options)
        let voice = lt.voice
        let account = try lt.account()
        let frequency = try frequency?.choice("--frequency", voice: voice)
        let time = try time.map { text in
            do {
                return try LocalTime.parse(text, field: "--time")
            } catch let error as LifeError {
                throw voice.reworded(error, .errorTimeForm, ["value": TerminalText.echoed(text)])
            }
        }
        var muting = try mute.map {
            try LifeTimerText.choice(
                $0, field: "--mute", as: LifeTimerNotificationPreferences.Category.self, voice: voice)
        }
        var unmuting = try unmute.map {
            try LifeTimerText.choice(
                $0, field: "--unmute", as: LifeTimerNotificationPreferences.Category.self, voice: voice)
        }
        for category in muting { Renamed.notice("--mute \(category.rawValue)", isNow: "--\(category.rawValue) off") }
        for category in unmuting { Renamed.notice("--unmute \(category.rawValue)", isNow: "--\(category.rawValue) on") }
        let switches: [(LifeTimerNotificationPreferences.Category, Typed<Switch>?)] = [
            (.reminders, reminders), (.milestones, milestones), (.streaks, streaks), (.checkpoints, checkpoints),
        ]
        for (category, given) in switches {
            guard let given else { continue }
            let field = "--" + category.rawValue
            if muting.contains(category) || unmuting.contains(category) {
                throw LifeError.invalid(field: field, "give \(field) only: --mute and --unmute are its old spellings")
            }
            if try LifeTimerText.onOff(given.text, field: field, voice: voice) {
                unmuting.append(category)
            } else {
                muting.append(category)
            }
        }
        let start = try from.map { try lt.date($0, field: "--from", today: try lt.store.today(for: account)) }
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
        // The schedule is read in the account's own zone (its reminders' "09:00").
        let spoken = voice.reading(in: try lt.store.zone(of: account))
        let frequencyName =
            switch preferences.frequency {
            case .daily: voice.say(.frequencyDaily)
            case .weekly: voice.say(.frequencyWeekly)
            case .every: voice.say(.frequencyEvery, count: preferences.everyDays)
            }
        let muted = LifeTimerNotificationPreferences.Category.allCases.filter { preferences.muted.contains($0) }
        var lines = [
            voice.say(
                .remindersLine,
                [
                    "frequency": frequencyName,
                    "at": voice.atTime(hour: preferences.time.hour, minute: preferences.time.minute),
                ])
                + (preferences.advanceDays > 0
                    ? voice.say(.advanceLine, ["days": voice.say(.days, count: preferences.advanceDays)]) : "")
                + (muted.isEmpty
                    ? "" : voice.say(.mutedLine, ["list": voice.list(muted.map { Self.category($0, voice: voice) })]))
        ]
        if list.isEmpty {
            lines.append(voice.say(.nothingScheduled))
        } else {
            var table = TextTable([.left, .left, .left])
            for item in list {
                table.add(spoken.instant(item.fireAt), Self.kind(item.kind, voice: voice), item.body)
            }
            lines.append(table.render())
        }
        Terminal.write(lines.joined(separator: "\n"))
    }

    static func category(_ category: LifeTimerNotificationPreferences.Category, voice: LifeTimerVoice) -> String {
        switch category {
        case .reminders: voice.say(.categoryReminders)
        case .milestones: voice.say(.categoryMilestones)
        case .streaks: voice.say(.categoryStreaks)
        case .checkpoints: voice.say(.categoryCheckpoints)
        }
    }

    static func kind(_ kind: LifeTimerNotification.Kind, voice: LifeTimerVoice) -> String {
        switch kind {
        case .reminder: voice.say(.kindReminder)
        case .milestone: voice.say(.kindMilestone)
        case .streak: voice.say(.kindStreak)
        case .checkpoint: voice.say(.kindCheckpoint)
        }
    }
}

/// `lifectl lifetimer settings`: theme, clock, language, visibility (LT-9).
struct LifeTimerSettingsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings",
        abstract: "Show or change theme, 12/24-hour clock, language, visibility and time zone.",
        discussion: """
            --language: en (English, the default) or pt-BR (Brazilian Portuguese); LifeTimer then speaks it in \
            every sentence, error and date it prints for this account (--json stays the same).
            Example: lifectl lifetimer settings --theme dark --clock 12h --language pt-BR --visibility public
            """)

    @OptionGroup var options: LifeTimerOptions
    @Option(help: ArgumentHelp("The colours.", valueName: "theme")) var theme: Typed<LifeTimerSettings.Theme>?
    @Option(help: ArgumentHelp("How times are printed.", valueName: "clock"))
    var clock: Typed<LifeTimerSettings.ClockStyle>?
    @Option(help: ArgumentHelp("The language LifeTimer speaks.", valueName: "language"))
    var language: Typed<LifeTimerLanguage>?
    @Option(help: ArgumentHelp("Who may see the account.", valueName: "visibility"))
    var visibility: Typed<AccountVisibility>?
    @Option(help: ArgumentHelp("IANA zone (Europe/Berlin).", valueName: "zone")) var timeZone: Typed<TimeZoneName>?

    func run() throws {
        let lt = try LifeTimerContext(options, server: .follows)
        let theme = try theme?.choice("--theme", voice: lt.voice)
        let style = try clock?.choice("--clock", voice: lt.voice)
        let visibility = try visibility?.choice("--visibility", voice: lt.voice)
        // The language and the zone are checked by the store, in the account's words.
        let newLanguage = language?.text
        let newZone = timeZone?.text
        // One store method, one transaction: the account's visibility and
        // zone with the settings, or nothing.
        let (account, settings) = try lt.store.updateSettings(
            of: try lt.account(),
            LifeTimerSettingsChange(
                theme: theme, clock: style, language: newLanguage, visibility: visibility, timeZone: newZone))
        // Visibility and zone are on the server too.
        if visibility != nil || newZone != nil { try lt.keepServerInStep() }
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
        // The answer speaks as the settings are now: a new language or clock at once.
        let voice = LifeTimerVoice(
            language: LifeTimerLanguage(stored: settings.language), clock: settings.clock,
            zone: (try? LifeTimerRules.zone(account.timeZone)) ?? lt.voice.zone)
        LifeTimerText.voice = voice
        let themeName: LifeTimerPhrase =
            switch settings.theme {
            case .light: .themeLight
            case .dark: .themeDark
            case .system: .themeSystem
            }
        let language =
            LifeTimerLanguage(tag: settings.language).map {
                voice.say(
                    .languageValue, ["tag": $0.rawValue, "name": voice.say(LifeTimerCatalogue.name(of: $0))])
            } ?? voice.say(.languageNotSpoken, ["tag": TerminalText.oneLine(settings.language)])
        var table = TextTable([.left, .left])
        table.add(voice.say(.rowTheme), voice.say(themeName))
        table.add(voice.say(.rowClock), settings.clock.rawValue)
        table.add(voice.say(.rowLanguage), language)
        table.add(voice.say(.rowVisibility), LifeTimerText.visibility(account.visibility, voice: voice))
        table.add(voice.say(.rowTimeZone), account.timeZone)
        Terminal.write(table.render())
    }
}

/// `lifectl lifetimer about`: the challenge's rules (LT-9).
struct LifeTimerAbout: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "about", abstract: "The rules of the 1,356-day challenge.",
        discussion: "Example: lifectl lifetimer about")

    @OptionGroup var options: LifeTimerOptions
    @Option(help: ArgumentHelp("The language (default: the acting account's, else en).", valueName: "language"))
    var language: Typed<LifeTimerLanguage>?

    func run() throws {
        // The rules need no database: nothing is opened or created. The
        // language is --language, else the acting account's in a database
        // that exists (read only), else English.
        let context = try CommandContext(options.global)
        let voice: LifeTimerVoice
        if let language {
            voice = LifeTimerVoice(language: try LifeTimerLanguage.setting(language.text))
        } else {
            voice = Self.existingVoice(context, actingAs: options.actingAs)
        }
        LifeTimerText.voice = voice
        let rules = voice.say(.aboutRules)
        if context.json {
            struct Output: Encodable {
                let challengeDays: Int
                let maximumGoals: Int
                let rules: String
            }
            return try JSONOutput.print(
                Output(
                    challengeDays: LifeTimerRules.challengeDays, maximumGoals: LifeTimerRules.maximumGoals,
                    rules: rules))
        }
        Terminal.write(rules)
    }

    /// The acting account's voice in the database, when one exists; English
    /// when there is none or it cannot be read: `about` never fails for it.
    static func existingVoice(_ context: CommandContext, actingAs: String?) -> LifeTimerVoice {
        guard FileManager.default.fileExists(atPath: context.location.path),
            let file = try? LifeDatabase.openReadOnly(
                path: context.location.path, registry: LifeKit.registry, validating: false)
        else { return .english }
        return LifeTimerStore.voice(reading: file.db, clock: context.clock, forActing: actingAs)
    }
}
