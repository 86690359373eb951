import ArgumentParser
import LifeCore
import LifeKit

/// `lifectl settings`: what every product shares (the owner's time zone and
/// units, SPEC CORE-5), in one place rather than only under one product.
/// `finite settings --time-zone` and `walks settings --units` still work and
/// change the same row.
struct SettingsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings",
        abstract: "Show or change what every product shares: time zone and units.",
        discussion: """
            The time zone decides what "today" is for every product; the units how distances are shown.
            Example: lifectl settings
            Example: lifectl settings set --time-zone Europe/Berlin --units imperial
            """,
        subcommands: [SettingsShow.self, SettingsSet.self],
        defaultSubcommand: SettingsShow.self
    )

    /// The shared settings as printed (`--json` shape in docs/json.md).
    struct Report: Encodable {
        /// The IANA name in force: the stored one, else the system's.
        let timeZone: String
        /// True when no zone is stored and the system's (`TZ`) is followed.
        let timeZoneIsSystem: Bool
        let units: Units

        init(_ settings: OwnerSettings) {
            timeZone = settings.timeZone ?? TimeZoneSetting.systemName
            timeZoneIsSystem = settings.timeZone == nil
            units = settings.units
        }

        func print(json: Bool) throws {
            if json { return try JSONOutput.print(self) }
            var table = TextTable([.left, .left])
            table.add("time zone", timeZone + (timeZoneIsSystem ? " (the system's)" : ""))
            table.add("units", units.rawValue)
            Terminal.write(table.render())
        }
    }
}

extension CommandContext {
    func ownerStore(create: Bool = true) throws -> OwnerStore {
        OwnerStore(try open(create: create), clock: clock)
    }
}

struct SettingsShow: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Print the shared settings.",
        discussion: "Example: lifectl settings show --json"
    )

    @OptionGroup var options: GlobalOptions

    func run() throws {
        let context = try CommandContext(options)
        try SettingsCommand.Report(try context.ownerStore(create: false).settings()).print(json: context.json)
    }
}

struct SettingsSet: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Change the shared settings; all changes are saved together or not at all.",
        discussion: """
            Example: lifectl settings set --time-zone Pacific/Auckland
            Example: lifectl settings set --time-zone system --units metric
            """
    )

    @OptionGroup var options: GlobalOptions

    @Option(name: .long, help: ArgumentHelp("IANA name (Europe/Berlin), or 'system' to follow TZ.", valueName: "zone"))
    var timeZone: Typed<TimeZoneName>?

    @Option(name: .long, help: ArgumentHelp("How distances are shown.", valueName: "units"))
    var units: Typed<Units>?

    func validate() throws {
        if timeZone == nil, units == nil { throw ValidationError("give --time-zone ZONE, --units UNITS or both") }
    }

    func run() throws {
        let context = try CommandContext(options)
        let newUnits = try units?.value("--units")
        let zone: String?? = try timeZone.map { try $0.value("--time-zone").name }
        let settings = try context.ownerStore().update(timeZone: zone, units: newUnits)
        try SettingsCommand.Report(settings).print(json: context.json)
    }
}
