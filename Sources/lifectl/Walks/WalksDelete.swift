import ArgumentParser
import LifeCore
import Walks

struct WalksDelete: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Delete a walk, its points and its doodle.",
        discussion: """
            Export it first if you may want it back (`lifectl walks export ID --gpx FILE`).
            Example: lifectl walks delete 3f2a
            """
    )

    @OptionGroup var options: GlobalOptions

    @Argument(help: ArgumentHelp("The walk's id or its first 4 or more characters.", valueName: "id"))
    var id: String

    func run() throws {
        let context = try CommandContext(options)
        let store = try context.walksStore()
        let walk = try store.delete(id)
        if context.json {
            struct Report: Encodable { let deleted: WalkSummary }
            return try JSONOutput.print(Report(deleted: walk))
        }
        Terminal.write("deleted \(TerminalText.oneLine(walk.displayName)) (\(walk.id))")
    }
}
