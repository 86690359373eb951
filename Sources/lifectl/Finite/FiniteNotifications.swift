import ArgumentParser
import Finite
import LifeCore

struct FiniteNotifications: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "notifications",
        abstract: "The notification schedule: the daily number and the milestones (computed, never sent).",
        discussion: "Example: lifectl finite notifications --from 2026-12-01 --days 30"
    )

    @OptionGroup var options: GlobalOptions

    @Option(
        name: .long, parsing: .unconditional, help: ArgumentHelp("First local day (default today).", valueName: "date"))
    var from: String?

    // Unconditional: "-1" is a value to check against the rule, not an option.
    @Option(
        name: .long, parsing: .unconditional, help: ArgumentHelp("How many days, 1–366 (default 7).", valueName: "n"))
    var days = 7

    func run() throws {
        let context = try CommandContext(options)
        let store = try context.finiteStore()
        let start = try from.map { try DateExpression.date($0, field: "--from", today: store.today()) }
        let items = try store.notifications(from: start, days: days)
        if context.json {
            struct Report: Encodable {
                let timeZone: String
                let notifications: [FiniteNotification]
            }
            return try JSONOutput.print(Report(timeZone: try store.timeZoneName(), notifications: items))
        }
        guard !items.isEmpty else {
            return Terminal.write(try Self.noneSentence(store: store, from: start, days: days))
        }
        let time = HumanTime.of(context)
        var table = TextTable([.left, .left, .left])
        for item in items {
            table.add(time.instant(item.fireAt), item.kind.rawValue, item.body)
        }
        Terminal.write(table.render() + "\n(local times, \(try store.timeZoneName()))")
    }

    /// Why the range holds nothing, told truly (FIN-7): every notification,
    /// daily or milestone, falls on or after the birthday, so a range that ends
    /// before it holds none whatever the settings; after it, only a daily
    /// notification turned off leaves days empty.
    static func noneSentence(store: FiniteStore, from: CivilDate?, days: Int) throws -> String {
        let profile = try store.requireProfile()
        let first = try from ?? store.today()
        let span = days == 1 ? "on that day" : "in those \(Format.grouped(days)) days"
        if first.adding(days: days) <= profile.birthday {
            return "No notifications \(span): \(days == 1 ? "it is" : "they are") before the birthday "
                + "(\(profile.birthday.iso)), and nothing is scheduled before it."
        }
        if !profile.notificationPreferences.dailyEnabled {
            return "No notifications \(span) (the daily one is off)."
        }
        return "No notifications \(span)."
    }
}

struct FiniteWidget: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "widget",
        abstract: "What the widgets show, and when the number next changes.",
        discussion: "Example: lifectl finite widget --limit 4 --json"
    )

    @OptionGroup var options: GlobalOptions

    // Unconditional: "-1" is a value to check against the rule, not an option.
    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("How many future changes to list, 0–520 (default 8).", valueName: "n"))
    var limit: Int?

    /// The old spelling of `--limit` (CORE-13).
    @Option(name: .customLong("entries"), parsing: .unconditional, help: .hidden)
    var oldEntries: Int?

    func run() throws {
        let context = try CommandContext(options)
        let store = try context.finiteStore()
        let given = try Renamed.pick(limit, oldEntries, old: "--entries", new: "--limit")
        let count = given ?? 8
        guard (0...520).contains(count) else {
            let field = limit == nil && oldEntries != nil ? "--entries" : "--limit"
            throw LifeError.invalid(field: field, "\(field) is \(count); it must be from 0 to 520")
        }
        let widget = try store.widget(entries: count)
        if context.json { return try JSONOutput.print(widget) }
        let time = HumanTime.of(context)
        var lines = ["small", "  " + widget.smallText, "medium"]
        lines += widget.mediumText.split(separator: "\n").map { "  " + $0 }
        lines.append("changes")
        // FIN-8: no change is listed either because the number is 0 and stays
        // so, or because none was asked for; only the first says "none".
        if widget.timeline.isEmpty {
            lines.append(widget.weeksRemaining == 0 ? "  none: the number stays at 0" : "  not listed (--limit 0)")
        }
        var table = TextTable([.left, .right])
        for entry in widget.timeline {
            table.add(time.instant(entry.at), Format.grouped(entry.weeksRemaining))
        }
        if !widget.timeline.isEmpty { lines.append(table.render(indent: "  ")) }
        Terminal.write(lines.joined(separator: "\n"))
    }
}

struct FiniteReveal: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reveal",
        abstract: "The data of the reveal animation: weeks to fill, year thuds, pace, the pulsing week.",
        discussion: "Example: lifectl finite reveal --json"
    )

    @OptionGroup var options: GlobalOptions

    func run() throws {
        let context = try CommandContext(options)
        let plan = try context.finiteStore().reveal()
        if context.json { return try JSONOutput.print(plan) }
        Terminal.write(
            """
            fill     \(Format.count(plan.weeks.count, "week", "weeks")) at \(Format.fixed(plan.weeksPerSecond, decimals: 1)) weeks/s (\(Format.fixed(plan.durationSeconds, decimals: 1)) s)
            thuds    \(Format.count(plan.yearBoundaries.count, "year boundary", "year boundaries"))
            pulse    week \(Format.grouped(plan.currentWeekIndex + 1))
            marked   \(Format.count(plan.weeks.filter { $0.rating != nil }.count, "week", "weeks")) in colour
            """)
    }
}
