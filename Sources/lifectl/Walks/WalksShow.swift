import ArgumentParser
import LifeCore
import Walks

struct WalksShow: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show one walk: its figures and a braille sketch of the path.",
        discussion: """
            Example: lifectl walks show 3f2a
            Example: lifectl walks show 3f2a --sketch off
            """
    )

    @OptionGroup var options: GlobalOptions

    @Argument(help: ArgumentHelp("The walk's id or its first 4 or more characters.", valueName: "id"))
    var id: String

    @Option(name: .long, help: ArgumentHelp("The braille sketch of the path (default on).", valueName: "on|off"))
    var sketch: Typed<Switch>?

    /// The old spelling of `--sketch off` (CORE-13).
    @Flag(name: .customLong("no-sketch"), help: .hidden)
    var oldNoSketch = false

    func run() throws {
        let context = try CommandContext(options)
        var showsSketch = try sketch?.value("--sketch").isOn ?? true
        if oldNoSketch {
            guard sketch == nil else {
                throw LifeError.invalid(field: "--sketch", "give --sketch only: --no-sketch is its old spelling")
            }
            Renamed.notice("--no-sketch", isNow: "--sketch off")
            showsSketch = false
        }
        let store = try context.walksStore()
        let walk = try store.walk(id)
        if context.json {
            struct Report: Encodable {
                let units: Units
                let walk: WalkSummary
            }
            return try JSONOutput.print(Report(units: try store.units(), walk: walk))
        }
        var text = WalkText.detail(walk, units: try store.units(), time: HumanTime.of(context))
        if showsSketch {
            text += "\n\n" + BrailleMap.render(try store.simplifiedPath(walk.id))
        }
        Terminal.write(text)
    }
}
