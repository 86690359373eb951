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

    @Option(name: .long, help: ArgumentHelp("metric or imperial.", valueName: "units"))
    var units: String?

    func run() throws {
        let context = try CommandContext(options)
        let store = try context.walksStore()
        if let units {
            guard let value = Units(rawValue: units.lowercased()) else {
                throw LifeError.invalid(field: "--units", "--units is '\(units)'; it must be metric or imperial")
            }
            try store.setUnits(value)
        }
        let current = try store.units()
        if context.json {
            struct Report: Encodable { let units: Units }
            return try JSONOutput.print(Report(units: current))
        }
        Terminal.write("units  \(current.rawValue)")
    }
}
