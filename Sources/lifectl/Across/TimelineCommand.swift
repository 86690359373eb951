import Across
import ArgumentParser
import Foundation
import LifeCore

/// `lifectl today`: one page of today across the five products.
struct TodayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "today",
        abstract: "One page of today across the products: your week of life, walks, notes, milestones and rituals.",
        discussion: "Example: lifectl today --json"
    )

    @OptionGroup var options: GlobalOptions

    func run() throws {
        let context = try CommandContext(options)
        let reader = TimelineReader(db: try context.open(), clock: context.clock)
        let today = try reader.today()
        try TimelineOutput.print(try reader.timeline(span: today...today, focus: today), json: context.json)
    }
}

/// `lifectl week`: one page of a week (Monday to Sunday) across the products.
struct WeekCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "week",
        abstract: "One page of a week (Monday to Sunday) across the products, as text, JSON or an SVG picture.",
        discussion: "Example: lifectl week --date 2026-11-18 --svg week.svg"
    )

    @OptionGroup var options: GlobalOptions

    // Unconditional: a value such as "-3d" gets the date's rule, not "Missing value".
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "A day of the week to show: 2026-03-01, today, yesterday, friday, -1w… (default: today).",
            valueName: "date"))
    var date: String?

    @Option(help: ArgumentHelp("Write the one-page summary picture to this SVG file.", valueName: "file"))
    var svg: String?

    @Flag(help: "Replace FILE if it already exists.")
    var force = false

    func run() throws {
        let context = try CommandContext(options)
        let reader = TimelineReader(db: try context.open(), clock: context.clock)
        let today = try reader.today()
        let day = try date.map { try DateExpression.date($0, field: "--date", today: today) } ?? today
        let span = Timeline.week(containing: day)
        guard span.lowerBound.isInYearRange, span.upperBound.isInYearRange else {
            throw LifeError.invalid(
                field: "--date", "the week of \(day.iso) reaches outside the years 1–9999, the dates lifectl shows")
        }
        let timeline = try reader.timeline(span: span, focus: day)
        if let svg {
            try OutputFile.write(TimelinePicture.svg(timeline), to: svg, force: force)
            // The picture went to stdout: nothing else may go there.
            if OutputFile.isStandardOutput(OutputFile.resolve(svg)) { return }
            if context.json { return try TimelineOutput.print(timeline, json: true) }
            return Terminal.write("Wrote \(TerminalText.oneLine(svg))")
        }
        try TimelineOutput.print(timeline, json: context.json)
    }
}

/// The page as text or JSON (docs/timeline.md).
enum TimelineOutput {
    static func print(_ timeline: Timeline, json: Bool) throws {
        if json { return try JSONOutput.print(timeline) }
        Terminal.write(text(timeline))
    }

    static func day(_ date: CivilDate) -> String { "\(date.weekday.name.prefix(3)) \(date.iso)" }

    /// Control characters become spaces, so a saved text is one line here.
    static func oneLine(_ text: String) -> String { SearchCommand.oneLine(text) }

    static func text(_ timeline: Timeline) -> String {
        var out =
            timeline.from == timeline.through
            ? "\(timeline.from.weekday.name) \(timeline.from.iso) (\(timeline.timeZone))\n"
            : "Week of \(timeline.from.iso) to \(timeline.through.iso) (\(timeline.timeZone))\n"
        out += "\nFinite\n"
        if let week = timeline.finite {
            var line = "  Week \(Format.grouped(week.weekNumber)) (\(week.start.iso) to \(week.end.iso))"
            if let label = week.ratingLabel {
                line += ": marked \(label)"
                if let phrase = week.phrase { line += ", \u{201C}\(oneLine(phrase))\u{201D}" }
            } else {
                line += ": not marked"
            }
            out += line + "\n  \(Format.count(week.weeksRemaining, "week", "weeks")) remaining\n"
        } else {
            out += "  not set up\n"
        }
        out += "\nWalks\n"
        if timeline.walks.isEmpty { out += "  none\n" }
        for walk in timeline.walks {
            out +=
                "  \(day(walk.day))  \(oneLine(walk.name))  \(Format.fixed(walk.distanceMeters / 1000, decimals: 2)) km\n"
        }
        out += "\nHereafter\n"
        let notes = timeline.hereafter
        if notes.planted.isEmpty && notes.unlockingSoon.isEmpty && notes.discovered.isEmpty { out += "  nothing\n" }
        for note in notes.planted {
            out += "  planted \(day(note.plantedOn)) at \(oneLine(note.place))"
            out += note.unlockDate.map { ", opens \($0.iso)\n" } ?? "\n"
        }
        for note in notes.unlockingSoon {
            out += "  unlocking \(note.unlockDate.map(day) ?? "") at \(oneLine(note.place)) (locked)\n"
        }
        for note in notes.discovered {
            out += "  discovered at \(oneLine(note.place)): \u{201C}\(oneLine(note.text ?? ""))\u{201D}\n"
        }
        out += "\nLifeTimer\n"
        if let part = timeline.lifeTimer {
            if let dayNumber = part.dayNumber, let left = part.daysLeft {
                out +=
                    "  \(part.account): day \(Format.grouped(dayNumber)) of 1,356, \(Format.count(left, "day", "days")) left\n"
            } else {
                out += "  \(part.account): countdown not started\n"
            }
            for milestone in part.milestonesDone {
                out +=
                    "  done \(milestone.completedOn.map(day) ?? "")  \(oneLine(milestone.title)) (\(oneLine(milestone.goal)))\n"
            }
            for milestone in part.milestonesDue {
                out +=
                    "  due \(milestone.dueDate.map(day) ?? "")  \(oneLine(milestone.title)) (\(oneLine(milestone.goal)))\n"
            }
        } else {
            out += "  no account\n"
        }
        out += "\nDailyMenu\n"
        for ritual in timeline.dailyMenu.rituals {
            var line = "  \(day(ritual.day)) \(ritual.time)  \(oneLine(ritual.activity))"
            let moods = [ritual.beforeMood, ritual.afterMood.map { "after: \($0)" }, ritual.feedback].compactMap { $0 }
            if !moods.isEmpty { line += " (\(moods.joined(separator: ", ")))" }
            out += line + "\n"
        }
        if timeline.dailyMenu.rituals.isEmpty { out += "  no rituals\n" }
        out += "  warmth \(timeline.dailyMenu.warmthLevel) (\(Format.fixed(timeline.dailyMenu.warmth, decimals: 2)))\n"
        return out
    }
}
