import ArgumentParser
import Hereafter
import LifeCore

struct HereafterThreadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "thread",
        abstract: "One place's messages, oldest first, replies with the time since.",
        discussion: """
            Locked messages show only their place, planted date and unlock date.
            Example: lifectl hereafter thread 3f2a9c1e   (a thread id, or any of its messages' ids)
            """
    )

    @OptionGroup var options: GlobalOptions

    @Argument(help: ArgumentHelp("A thread id or a message id (or their first 4+ characters).", valueName: "id"))
    var id: String

    func run() throws {
        let context = try CommandContext(options)
        let store = try context.hereafterStore()
        let thread = try store.thread(try store.resolveID(id, field: "id", threads: true))
        let now = store.clock.now()
        if context.json { return try JSONOutput.print(HereafterJSON.Thread(thread, now: now)) }
        var lines = [
            "Thread \(HereafterText.short(thread.id)) at \(TerminalText.oneLine(thread.placeLabel)) (\(HereafterHost.shortCoordinate(thread.centre)), \(Int(HereafterRules.radiusMeters)) m)"
        ]
        let byID = Dictionary(uniqueKeysWithValues: thread.messages.map { ($0.id, $0) })
        for message in thread.messages {
            var head = "  \(HereafterText.short(message.id))  \(message.state(at: now).rawValue)"
            head += "  planted \(HereafterHost.longDate(message.plantedOn))"
            if let unlock = message.unlockDate { head += "  unlocks \(HereafterHost.longDate(unlock))" }
            if let parentID = message.parentID, let parent = byID[parentID] {
                head +=
                    "  reply to \(HereafterText.short(parentID)), \(TimeLater.between(parent.plantedOn, message.plantedOn).phrase)"
            }
            lines.append(head)
            switch message.content {
            case .locked:
                lines.append("    🔒 locked")
            case .readable(let text, let photo):
                lines += text.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }
                if let photo { lines.append("    [photo, \(photo.mediaType.label)]") }
            }
        }
        Terminal.write(lines.joined(separator: "\n"))
    }
}
