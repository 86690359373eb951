import ArgumentParser
import Foundation
import LifeCore
import LifeKit
import LifePages

/// `lifectl stats`: the owner's life statistics across the products (SPEC
/// STAT-1), computed from this file only.
struct StatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Your life statistics across the products, from this file only: text, JSON or a one-page SVG.",
        discussion: """
            Finite's weekly active marking, walks per week and distance per month, Hereafter notes planted and \
            discovered, LifeTimer progress over time (your account), DailyMenu moods, and for each product its \
            active days and return rates at 7, 30 and 90 days. Nothing is sent anywhere.
            Example: lifectl stats --since -6m --svg stats.svg
            Example: lifectl stats --product walks --json
            """
    )

    @OptionGroup var options: GlobalOptions

    @Option(
        help: ArgumentHelp(
            "Only this product.", valueName: "product"))
    var product: Typed<ProductName>?

    // Unconditional: a value such as "-6m" gets the date's rule, not "Missing value".
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Count from this day: 2026-01-01, -6m, -1y… (default: everything).", valueName: "date"))
    var since: String?

    @Option(
        help: ArgumentHelp("Write the one-page picture of small charts to this SVG file.", valueName: "file"),
        completion: .file())
    var svg: String?

    @Flag(help: "Replace FILE if it already exists.")
    var force = false

    func run() throws {
        let context = try CommandContext(options)
        let queue = try context.open(create: false)
        let names = StatisticsPage.productNames(LifeKit.registry)
        let product = product?.text
        if let product, !names.contains(product) {
            throw LifeError.invalid(
                field: "--product",
                "--product is '\(TerminalText.echoed(product))'; it must be one of \(names.joined(separator: ", "))")
        }
        let today = try TimelinePage.today(queue, clock: context.clock)
        let first = try since.map { try DateExpression.date($0, field: "--since", today: today) }
        let page: StatisticsPage
        do {
            page = try StatisticsPage.read(
                queue, registry: LifeKit.registry, clock: context.clock, since: first, product: product)
        } catch let error as LifeError where error.field == "since" {
            throw LifeError.invalid(field: "--since", "--" + error.message)
        }
        if let svg {
            try OutputFile.write(StatisticsPicture.svg(page), to: svg, force: force)
            // The picture went to stdout: nothing else may go there.
            if OutputFile.isStandardOutput(OutputFile.resolve(svg)) { return }
            Wrote.say(OutputFile.resolve(svg), "a page of statistics", stdoutCarriesData: context.json)
            if context.json { try JSONOutput.print(WithPicture(page: page, svg: OutputFile.resolve(svg))) }
            return
        }
        if context.json { return try JSONOutput.print(page) }
        Terminal.write(page.text)
    }
}

/// The page's JSON with the picture's path beside it (docs/json.md: a file
/// `--svg` wrote is named in the JSON, as it was given).
private struct WithPicture: Encodable {
    let page: StatisticsPage
    let svg: String

    enum Key: String, CodingKey { case svg }

    func encode(to encoder: Encoder) throws {
        try page.encode(to: encoder)
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(svg, forKey: .svg)
    }
}
