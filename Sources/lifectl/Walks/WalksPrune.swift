import ArgumentParser
import LifeCore
import Walks

struct WalksPrune: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "prune",
        abstract: "Drop the points of walks before a date, keeping their summaries and doodles.",
        discussion: """
            Distance, times, pace and the doodle stay; GPX export then gives the simplified path.
            Example: lifectl walks prune --before 2024-01-01
            Example: lifectl walks prune --before -1y
            """
    )

    @OptionGroup var options: GlobalOptions

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("Walks dated before this day (2024-01-01, -6m …).", valueName: "date"))
    var before: String

    func run() throws {
        let context = try CommandContext(options)
        let store = try context.walksStore()
        let today = CivilDate.of(context.clock.now(), in: try store.timeZone())
        let date = try DateExpression.date(before, field: "--before", today: today)
        let pruned = try store.prune(before: date)
        if context.json {
            struct Report: Encodable {
                let before: CivilDate
                let pruned: [WalkSummary]
            }
            return try JSONOutput.print(Report(before: date, pruned: pruned))
        }
        let points = pruned.reduce(0) { $0 + $1.pointCount }
        Terminal.write(
            "pruned \(Format.count(pruned.count, "walk", "walks")) before \(date.iso) (\(Format.count(points, "point", "points")) dropped; summaries and doodles kept)"
        )
    }
}
