import ArgumentParser
import Finite
import LifeCore

struct FiniteSettingsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings",
        abstract: "Show or change Finite's settings.",
        discussion: """
            With no options, prints the settings. Each option changes one; all changes are saved together or not at all.
            Example: lifectl finite settings --view bw --notification-time 07:30 --time-zone Europe/Berlin
            """
    )

    @OptionGroup var options: GlobalOptions

    // Unconditional: "-1" is a value to check against the rule, not an option.
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Whole years, 1–120.", valueName: "years"))
    var lifeExpectancy: Int?

    @Option(name: .long, help: ArgumentHelp("color or bw.", valueName: "mode"))
    var view: String?

    @Option(name: .long, help: ArgumentHelp("on or off.", valueName: "on|off"))
    var biometricLock: String?

    @Option(name: .long, help: ArgumentHelp("The daily number: on or off.", valueName: "on|off"))
    var dailyNotification: String?

    @Option(name: .long, help: ArgumentHelp("Local time of the daily notification, HH:MM.", valueName: "time"))
    var notificationTime: String?

    @Option(name: .long, help: ArgumentHelp("IANA name (Europe/Berlin), or 'system'.", valueName: "zone"))
    var timeZone: String?

    func run() throws {
        let context = try CommandContext(options)
        var change = FiniteSettingsChange(lifeExpectancyYears: lifeExpectancy)
        change.viewMode = try view.map { try ViewMode.parse($0, field: "--view") }
        change.biometricLock = try biometricLock.map { try Self.onOff($0, field: "--biometric-lock") }
        change.dailyNotification = try dailyNotification.map { try Self.onOff($0, field: "--daily-notification") }
        change.dailyNotificationTime = try notificationTime.map {
            try LocalTime.parse($0, field: "--notification-time")
        }
        if let timeZone {
            change.timeZone = .some(timeZone.lowercased() == "system" ? nil : timeZone)
        }
        let store = try context.finiteStore()
        let settings = change.isEmpty ? try store.settings() : try store.updateSettings(change)
        if context.json { return try JSONOutput.print(settings) }
        var table = TextTable([.left, .left])
        table.add("life expectancy", Format.count(settings.lifeExpectancyYears, "year", "years"))
        table.add("view", settings.viewMode == .color ? "color" : "bw (black and white)")
        table.add("biometric lock", settings.biometricLock ? "on" : "off")
        table.add("daily notification", settings.dailyNotification ? "on at \(settings.dailyNotificationTime)" : "off")
        table.add("time zone", settings.timeZone + (settings.timeZoneIsSystem ? " (the system's)" : ""))
        Terminal.write(table.render())
    }

    static func onOff(_ text: String, field: String) throws -> Bool {
        switch text.lowercased() {
        case "on", "true", "yes", "1": return true
        case "off", "false", "no", "0": return false
        default: throw LifeError.invalid(field: field, "\(field) is '\(text)'; it must be on or off")
        }
    }
}
