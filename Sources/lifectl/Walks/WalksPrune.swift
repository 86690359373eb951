import ArgumentParser
import Foundation
import LifeCore
import Walks

struct WalksPrune: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "prune",
        abstract: "Drop the points of walks before a date, keeping their summaries and doodles.",
        discussion: """
            Distance, times, pace and the doodle stay; GPX export then gives the simplified path. \
            --dry-run lists the walks it would prune and changes nothing; --yes prunes them.
            Example: lifectl walks prune --before 2024-01-01 --dry-run
            Example: lifectl walks prune --before -1y --yes
            """
    )

    @OptionGroup var options: GlobalOptions

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("Walks dated before this day (2024-01-01, -6m …).", valueName: "date"))
    var before: String

    @Flag(name: .long, help: "Confirm: drop the points, for good.")
    var yes = false

    @Flag(name: .long, help: "Only list the walks it would prune; change nothing.")
    var dryRun = false

    func validate() throws {
        if yes && dryRun { throw ValidationError("give --yes or --dry-run, not both") }
    }

    func run() throws {
        let context = try CommandContext(options)
        let store = try context.walksStore()
        let zone = try store.timeZone()
        let today = CivilDate.of(context.clock.now(), in: zone)
        let date = try DateExpression.date(before, field: "--before", today: today)
        if dryRun { return try preview(store: store, before: date, zone: zone, json: context.json) }
        // Pruning without --yes is how it was first spelt: it still prunes (CORE-13).
        if !yes { Renamed.notice("walks prune without --yes", isNow: "walks prune --yes (--dry-run to see first)") }
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

    /// What `--yes` would prune: the finished walks dated before the start of
    /// `date` in the owner's zone that still hold their points, oldest first,
    /// as the store picks them (`WalksStore.prune`).
    private func preview(store: WalksStore, before date: CivilDate, zone: TimeZone, json: Bool) throws {
        let cutoff = date.instant(at: LocalTime.midnight, in: zone)
        let walks = try store.list(limit: nil)
            .filter { $0.state == .finished && $0.prunedAt == nil && $0.date < cutoff }
            .sorted { $0.date < $1.date }
        if json {
            struct Preview: Encodable {
                let before: CivilDate
                let dryRun = true
                let wouldPrune: [WalkSummary]
            }
            return try JSONOutput.print(Preview(before: date, wouldPrune: walks))
        }
        let points = walks.reduce(0) { $0 + $1.pointCount }
        var lines = [
            "--yes would prune \(Format.count(walks.count, "walk", "walks")) before \(date.iso) (\(Format.count(points, "point", "points"))); nothing was changed"
        ]
        lines += walks.map { "  " + String($0.id.prefix(8)) + "  " + TerminalText.oneLine($0.displayName) }
        Terminal.write(lines.joined(separator: "\n"))
    }
}
