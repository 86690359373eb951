import ArgumentParser
import Finite
import LifeCore

struct FiniteSettingsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings",
        abstract: "Show or change Finite's settings.",
        discussion: """
            With no options, prints the settings. Each option changes one; all changes are saved together or not at all.
            Example: lifectl finite settings --view bw --time 07:30 --time-zone Europe/Berlin
            """
    )

    @OptionGroup var options: GlobalOptions

    // Unconditional: "-1" is a value to check against the rule, not an option.
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Whole years, 1–120.", valueName: "years"))
    var lifeExpectancy: Int?

    @Option(name: .long, help: ArgumentHelp("How the grid is drawn.", valueName: "mode"))
    var view: Typed<ViewMode>?

    @Option(name: .long, help: ArgumentHelp("Lock Finite behind the device's biometrics.", valueName: "on|off"))
    var biometricLock: Typed<Switch>?

    @Option(name: .long, help: ArgumentHelp("The daily number.", valueName: "on|off"))
    var dailyNotification: Typed<Switch>?

    @Option(name: .long, help: ArgumentHelp("Local time of the daily notification, HH:MM.", valueName: "time"))
    var time: String?

    /// The old spelling of `--time` (CORE-13).
    @Option(name: .customLong("notification-time"), help: .hidden)
    var oldNotificationTime: String?

    @Option(name: .long, help: ArgumentHelp("IANA name (Europe/Berlin), or 'system'.", valueName: "zone"))
    var timeZone: Typed<TimeZoneName>?

    func run() throws {
        let context = try CommandContext(options)
        var change = FiniteSettingsChange(lifeExpectancyYears: lifeExpectancy)
        change.viewMode = try view?.value("--view")
        change.biometricLock = try biometricLock?.value("--biometric-lock").isOn
        change.dailyNotification = try dailyNotification?.value("--daily-notification").isOn
        let time = try Renamed.pick(self.time, oldNotificationTime, old: "--notification-time", new: "--time")
        change.dailyNotificationTime = try time.map {
            try LocalTime.parse($0, field: self.time == nil ? "--notification-time" : "--time")
        }
        if let timeZone {
            change.timeZone = .some(try timeZone.value("--time-zone").name)
        }
        let store = try context.finiteStore()
        let settings = change.isEmpty ? try store.settings() : try store.updateSettings(change)
        if context.json { return try JSONOutput.print(settings) }
        var table = TextTable([.left, .left])
        table.add("life expectancy", Format.count(settings.lifeExpectancyYears, "year", "years"))
        table.add("view", settings.viewMode == .color ? "color" : "bw (black and white)")
        table.add("biometric lock", settings.biometricLock ? "on" : "off")
        table.add(
            "daily notification",
            settings.dailyNotification ? "on at \(HumanTime.of(context).time(settings.dailyNotificationTime))" : "off")
        table.add("time zone", settings.timeZone + (settings.timeZoneIsSystem ? " (the system's)" : ""))
        Terminal.write(table.render())
    }
}
