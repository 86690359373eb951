import ArgumentParser
import Hereafter
import LifeCore

struct HereafterDelete: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Delete a note, locked or not, and its photo.",
        discussion: """
            A note with replies is deleted only with --with-replies, which deletes the replies below it too.
            The place stays: a note planted there later joins it. Nothing of the text is printed.
            Example: lifectl hereafter delete 3f2a9c1e
            """
    )

    @OptionGroup var options: GlobalOptions

    @Argument(help: ArgumentHelp("The note's id, or its first 4 or more characters.", valueName: "id"))
    var id: String

    @Flag(name: .customLong("with-replies"), help: "Delete the replies below the note too.")
    var withReplies = false

    func run() throws {
        let context = try CommandContext(options)
        let store = try context.hereafterStore()
        let messageID = try store.resolveID(id, field: "id")
        let deletion = try store.delete(messageID, withReplies: withReplies)
        if context.json {
            // The notes as they were shown: a locked one without a word of it (HA-3).
            struct Report: Encodable {
                let deleted: HereafterJSON.Removed
                let replies: [HereafterJSON.Removed]
            }
            return try JSONOutput.print(
                Report(
                    deleted: HereafterJSON.Removed(deletion.message),
                    replies: deletion.replies.map(HereafterJSON.Removed.init)))
        }
        Terminal.write(HereafterHost.deleted(deletion, short: HereafterText.short(messageID)))
    }
}
