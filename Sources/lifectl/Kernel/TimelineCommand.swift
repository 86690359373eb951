import ArgumentParser
import Foundation
import LifeCore
import LifeKit
import LifePages

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
        let queue = try context.open(create: false)
        let today = try TimelinePage.today(queue, clock: context.clock)
        let page = try TimelinePage.read(
            queue, registry: LifeKit.registry, clock: context.clock, span: today...today, focus: today)
        try TimelineOutput.print(page, json: context.json)
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

    @Option(
        help: ArgumentHelp("Write the one-page summary picture to this SVG file.", valueName: "file"),
        completion: .file())
    var svg: String?

    @Flag(help: "Replace FILE if it already exists.")
    var force = false

    func run() throws {
        let context = try CommandContext(options)
        let queue = try context.open(create: false)
        let today = try TimelinePage.today(queue, clock: context.clock)
        let day = try date.map { try DateExpression.date($0, field: "--date", today: today) } ?? today
        let span = TimelinePage.week(containing: day)
        guard span.lowerBound.isInYearRange, span.upperBound.isInYearRange else {
            throw LifeError.invalid(
                field: "--date", "the week of \(day.iso) reaches outside the years 1–9999, the dates lifectl shows")
        }
        let timeline = try TimelinePage.read(
            queue, registry: LifeKit.registry, clock: context.clock, span: span, focus: day)
        if let svg {
            try OutputFile.write(TimelinePicture.svg(timeline), to: svg, force: force)
            // The picture went to stdout: nothing else may go there.
            if OutputFile.isStandardOutput(OutputFile.resolve(svg)) { return }
            Wrote.say(
                OutputFile.resolve(svg), "the week of \(span.lowerBound.iso)", stdoutCarriesData: context.json)
            if context.json { try TimelineOutput.print(timeline, json: true) }
            return
        }
        try TimelineOutput.print(timeline, json: context.json)
    }
}

/// The page as text or JSON (docs/timeline.md).
enum TimelineOutput {
    static func print(_ page: TimelinePage, json: Bool) throws {
        if json { return try JSONOutput.print(page) }
        Terminal.write(page.text)
    }
}
