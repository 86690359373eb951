import ArgumentParser
import DailyMenu
import LifeCore

struct DailyMenuSettingsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings",
        abstract: "Show or change your name, mood sharing, colour theme and time zone.",
        discussion: """
            --share-mood off keeps every mood and feedback word out of anything made for sync or export.
            Themes open with the seasons: morning-cafe, garden-party, sunset-bistro (plain for none).
            Example: lifectl dailymenu settings --name Sam --share-mood off
            """
    )

    @OptionGroup var options: GlobalOptions

    @Option(name: .long, help: ArgumentHelp("Your display name (empty to clear).", valueName: "name"))
    var name: String?

    @Option(name: .long, help: ArgumentHelp("Share your mood in the share card.", valueName: "on|off"))
    var shareMood: Typed<Switch>?

    @Option(name: .long, help: ArgumentHelp("A theme you have unlocked, or plain.", valueName: "theme"))
    var theme: Typed<ThemeName>?

    @Option(name: .long, help: ArgumentHelp("IANA time zone shared by every product.", valueName: "zone"))
    var timeZone: Typed<TimeZoneName>?

    func run() throws {
        let context = try CommandContext(options)
        let store = try context.dailyMenuStore()
        var change = DailyMenuSettingsChange(displayName: name, timeZone: timeZone?.text)
        if let shareMood { change.shareMood = try shareMood.value("--share-mood").isOn }
        if let theme {
            change.theme = .some(try theme.value("--theme").theme)
        }
        let changed = name != nil || shareMood != nil || theme != nil || timeZone != nil
        let settings = changed ? try store.updateSettings(change) : try store.settings()
        if context.json { return try JSONOutput.print(settings) }
        var table = TextTable([.left, .left])
        table.add("name", settings.displayName ?? "–")
        table.add("member since", settings.memberSince?.iso ?? "–")
        table.add("share mood", settings.shareMood ? "on" : "off")
        table.add("theme", settings.theme?.name ?? "plain")
        table.add("time zone", settings.timeZone + (settings.timeZoneIsSystem ? " (system)" : ""))
        Terminal.write(table.render() + "\n" + DailyMenuVoice.shareMood(settings.shareMood))
    }
}
