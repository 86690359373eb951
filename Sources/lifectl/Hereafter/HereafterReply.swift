import ArgumentParser
import Hereafter
import LifeCore

struct HereafterReply: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reply",
        abstract: "Answer a discovered message in its thread, optionally locked until a date.",
        discussion: """
            Without --unlock the reply is readable at once; with it, it is locked like a planted message.
            Example: lifectl hereafter reply 3f2a9c1e --text "You were right."
            Example: lifectl hereafter reply 3f2a9c1e --text "See you again." --unlock +2y
            """
    )

    @OptionGroup var options: GlobalOptions

    @Argument(help: ArgumentHelp("The message replied to: its id or first 4+ characters.", valueName: "id"))
    var id: String

    @Option(name: .long, help: ArgumentHelp("The reply, 1–500 characters.", valueName: "text"))
    var text: String

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("Lock the reply until this date (tomorrow or later).", valueName: "date"))
    var unlock: String?

    @Option(
        name: .long, help: ArgumentHelp("A JPEG, PNG or HEIC image, at most 10 MB.", valueName: "file"),
        completion: .file())
    var photo: String?

    func run() throws {
        let context = try CommandContext(options)
        let store = try context.hereafterStore()
        let parentID = try store.resolveID(id, field: "id")
        let unlockDate = try unlock.map { try HereafterText.unlockDate($0, today: store.today()) }
        let reply = try store.reply(
            to: parentID, text: text, unlock: unlockDate, photo: try HereafterText.readPhoto(photo))
        if context.json { return try JSONOutput.print(HereafterJSON.Message(reply, now: store.clock.now())) }
        var line =
            "Replied to \(HereafterText.short(parentID)) with \(HereafterText.short(reply.id)) in thread \(HereafterText.short(reply.threadID))"
        if let unlock = reply.unlockDate {
            line += ", locked until \(HereafterHost.longDate(unlock))."
        } else {
            line += ". " + HereafterHost.repliedOpen
        }
        Terminal.write(line)
    }
}
