import ArgumentParser
import LifeCore
import Walks

struct WalksSettings: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings",
        abstract: "Show Only Walks' settings: units.",
        discussion: """
            Units are shared with every product: metric (km, min/km, m) or imperial (mi, min/mi, ft); \
            change them with lifectl settings set --units.
            Example: lifectl walks settings
            Example: lifectl settings set --units imperial
            """
    )

    @OptionGroup var options: GlobalOptions

    /// The old spelling of `lifectl settings set --units` (CORE-13): the
    /// units are every product's.
    @Option(name: .long, help: .hidden)
    var units: Typed<Units>?

    func run() throws {
        let context = try CommandContext(options)
        let newUnits = try units?.value("--units")
        if newUnits != nil { Renamed.notice("walks settings --units", isNow: "settings set --units") }
        let store = try context.walksStore()
        if let newUnits { try store.setUnits(newUnits) }
        let current = try store.units()
        if context.json {
            struct Report: Encodable { let units: Units }
            return try JSONOutput.print(Report(units: current))
        }
        Terminal.write("units  \(current.rawValue)")
    }
}
