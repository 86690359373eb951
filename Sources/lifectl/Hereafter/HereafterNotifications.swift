import ArgumentParser
import Hereafter
import LifeCore

/// The kinds, as the old `--mute`/`--unmute KIND` took them (CORE-13).
extension HereafterNotificationKind: ExpressibleByArgument {}

struct HereafterNotifications: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "notifications",
        abstract: "Turn a kind of notification on or off: unlocks, anniversaries.",
        discussion: """
            A muted unlock still opens the note when you visit; it only stays quiet. Muted anniversaries leave the \
            geofences and the calendar too. Without options, shows what is muted.
            Example: lifectl hereafter notifications --anniversaries off
            """
    )

    @OptionGroup var options: GlobalOptions

    @Option(help: ArgumentHelp("Tell when a note unlocks where you are.", valueName: "on|off"))
    var unlocks: Typed<Switch>?

    @Option(help: ArgumentHelp("Remind you, a year on, of a note you found.", valueName: "on|off"))
    var anniversaries: Typed<Switch>?

    /// The old spellings, `--mute KIND` and `--unmute KIND` (CORE-13).
    @Option(help: .hidden) var mute: [HereafterNotificationKind] = []
    @Option(help: .hidden) var unmute: [HereafterNotificationKind] = []

    func run() throws {
        let context = try CommandContext(options)
        var muting = Set(mute)
        var unmuting = Set(unmute)
        for kind in mute { Renamed.notice("--mute \(kind.rawValue)", isNow: "--\(kind.rawValue) off") }
        for kind in unmute { Renamed.notice("--unmute \(kind.rawValue)", isNow: "--\(kind.rawValue) on") }
        for (kind, given, field) in [
            (HereafterNotificationKind.unlocks, unlocks, "--unlocks"),
            (.anniversaries, anniversaries, "--anniversaries"),
        ] {
            guard let given else { continue }
            if muting.contains(kind) || unmuting.contains(kind) {
                throw LifeError.invalid(field: field, "give \(field) only: --mute and --unmute are its old spellings")
            }
            if try given.value(field).isOn { unmuting.insert(kind) } else { muting.insert(kind) }
        }
        let profile = try context.hereafterStore().notifications(mute: muting, unmute: unmuting)
        if context.json { return try JSONOutput.print(HereafterJSON.Profile(profile)) }
        Terminal.write(HereafterHost.notificationsNow(muted: profile.muted))
    }
}
