import ArgumentParser
import Hereafter
import LifeCore

struct HereafterChatCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chat",
        abstract: "The whole story as a chat: Hereafter on the left, you on the right.",
        discussion: "Example: lifectl hereafter chat"
    )

    @OptionGroup var options: GlobalOptions

    func run() throws {
        let context = try CommandContext(options)
        let store = try context.hereafterStore()
        let lines = try store.chat()
        if context.json {
            let now = store.clock.now()
            return try JSONOutput.print("lines", lines.map { HereafterJSON.ChatBubble($0, now: now) })
        }
        Terminal.writePicture { ChatTranscript.render(lines, ansiColor: $0) }
    }
}
