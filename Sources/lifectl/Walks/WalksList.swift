import ArgumentParser
import LifeCore
import Walks

struct WalksList: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List walks, newest first: date, distance, duration and pace.",
        discussion: """
            Units follow `lifectl walks settings --units`. Ids can be shortened to their first \
            characters in every other command. A walk without times is placed by its file's own \
            time (<metadata><time>) when it has one, else by when it was imported.
            Example: lifectl walks list --limit 10
            """
    )

    @OptionGroup var options: GlobalOptions

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Show at most this many walks.", valueName: "n"))
    var limit: Int?

    func validate() throws {
        if let limit, limit < 1 { throw ValidationError("--limit is \(limit); it must be 1 or more") }
    }

    func run() throws {
        let context = try CommandContext(options)
        let store = try context.walksStore()
        let walks = try store.list(limit: limit)
        if context.json {
            struct Report: Encodable {
                let units: Units
                let walks: [WalkSummary]
            }
            return try JSONOutput.print(Report(units: try store.units(), walks: walks))
        }
        guard !walks.isEmpty else {
            return Terminal.write("No walks yet. Import one with `lifectl walks import FILE.gpx` or record one.")
        }
        Terminal.write(WalkText.table(walks, units: try store.units(), time: HumanTime.of(context)))
    }
}
