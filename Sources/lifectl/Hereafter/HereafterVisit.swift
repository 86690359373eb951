import ArgumentParser
import Hereafter
import LifeCore

struct HereafterVisit: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "visit",
        abstract: "Be at a place now: discover what has unlocked within 150 m.",
        discussion: """
            Prints the notification for each message discovered (title, body, actions Read / Later).
            Messages whose unlock date has not come stay locked and unreadable.
            Example: lifectl hereafter visit --at 52.5163,13.3777
            """
    )

    @OptionGroup var options: GlobalOptions

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("Where you are, in decimal degrees.", valueName: "lat,lon"))
    var at: Typed<Coordinate>

    func run() throws {
        let context = try CommandContext(options)
        let store = try context.hereafterStore()
        let position = try at.value("--at")
        let result = try store.visit(at: position)
        let now = store.clock.now()
        if context.json {
            return try JSONOutput.print(
                HereafterJSON.Visit(
                    latitude: position.latitude, longitude: position.longitude,
                    discovered: result.discovered.map { HereafterJSON.Message($0, now: now) },
                    notifications: result.notifications, stillLocked: result.stillLockedCount,
                    nextUnlockDate: result.nextUnlockDate, nextUnlockAt: result.nextUnlockAt,
                    anniversaries: result.nudges))
        }
        var lines: [String] = []
        for notification in result.notifications {
            lines.append(TerminalText.oneLine("\(notification.title): \(notification.body)"))
            lines.append(
                "  [\(notification.actions.joined(separator: "] ["))]  lifectl hereafter read \(HereafterText.short(notification.messageID))"
            )
        }
        for nudge in result.nudges {
            lines.append(TerminalText.oneLine("\(nudge.title): \(nudge.body)"))
            lines.append(
                "  [\(nudge.actions.joined(separator: "] ["))]  lifectl hereafter read \(HereafterText.short(nudge.messageID))"
            )
        }
        if let next = result.nextUnlockAt {
            lines.append(
                HereafterHost.stillLocked(count: result.stillLockedCount, nextUnlockAt: next, in: try store.timeZone()))
        }
        if lines.isEmpty { lines.append(HereafterHost.nothingHere) }
        Terminal.write(lines.joined(separator: "\n"))
    }
}
