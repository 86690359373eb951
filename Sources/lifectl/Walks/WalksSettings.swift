import ArgumentParser
import LifeCore
import Walks

struct WalksSettings: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings",
        abstract: "Show or change Only Walks' settings: units.",
        discussion: """
            Units are shared with every product: metric (km, min/km, m) or imperial (mi, min/mi, ft).
            Example: lifectl walks settings --units imperial
            """
    )

    @OptionGroup var options: GlobalOptions

    @Option(name: .long, help: ArgumentHelp("How distances are shown.", valueName: "units"))
    var units: Typed<Units>?

    func run() throws {
        let context = try CommandContext(options)
        let store = try context.walksStore()
        if let units { try store.setUnits(try units.value("--units")) }
        let current = try store.units()
        if context.json {
            struct Report: Encodable { let units: Units }
            return try JSONOutput.print(Report(units: current))
        }
        Terminal.write("units  \(current.rawValue)")
    }
}
