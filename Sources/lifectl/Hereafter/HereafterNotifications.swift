import ArgumentParser
import Hereafter
import LifeCore

/// `--mute unlocks|anniversaries`: typed, so help and completion list them (CORE-13).
extension HereafterNotificationKind: ExpressibleByArgument {}

struct HereafterNotifications: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "notifications",
        abstract: "Mute or unmute a kind of notification: unlocks, anniversaries.",
        discussion: """
            A muted unlock still opens the note when you visit; it only stays quiet. Muted anniversaries leave the \
            geofences and the calendar too. Without options, shows what is muted.
            Example: lifectl hereafter notifications --mute anniversaries
            """
    )

    @OptionGroup var options: GlobalOptions

    @Option(help: ArgumentHelp("Mute a kind (repeatable).", valueName: "kind"))
    var mute: [HereafterNotificationKind] = []

    @Option(help: ArgumentHelp("Unmute a kind (repeatable).", valueName: "kind"))
    var unmute: [HereafterNotificationKind] = []

    func run() throws {
        let context = try CommandContext(options)
        let profile = try context.hereafterStore().notifications(mute: Set(mute), unmute: Set(unmute))
        if context.json { return try JSONOutput.print(HereafterJSON.Profile(profile)) }
        Terminal.write(HereafterHost.notificationsNow(muted: profile.muted))
    }
}
