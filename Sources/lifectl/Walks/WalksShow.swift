import ArgumentParser
import LifeCore
import Walks

struct WalksShow: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show one walk: its figures and a braille sketch of the path.",
        discussion: """
            Example: lifectl walks show 3f2a
            """
    )

    @OptionGroup var options: GlobalOptions

    @Argument(help: ArgumentHelp("The walk's id or its first 4 or more characters.", valueName: "id"))
    var id: String

    @Flag(name: .long, help: "Leave out the braille sketch.")
    var noSketch = false

    func run() throws {
        let context = try CommandContext(options)
        let store = try context.walksStore()
        let walk = try store.walk(id)
        if context.json {
            struct Report: Encodable {
                let units: Units
                let walk: WalkSummary
            }
            return try JSONOutput.print(Report(units: try store.units(), walk: walk))
        }
        var text = WalkText.detail(walk, units: try store.units(), zone: try store.timeZone())
        if !noSketch {
            text += "\n\n" + BrailleMap.render(try store.simplifiedPath(walk.id))
        }
        Terminal.write(text)
    }
}
