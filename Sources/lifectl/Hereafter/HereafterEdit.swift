import ArgumentParser
import Hereafter
import LifeCore

struct HereafterEdit: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Change the words or the place of a note that is still locked.",
        discussion: """
            The new text replaces the old one: nothing of the old words is kept. A note can be edited only \
            before its unlock date; from then on its words are what you left. Nothing of the text is printed.
            --no-place removes the note's own place name (it is then shown by its coordinate).
            Example: lifectl hereafter edit 3f2a9c1e --text "Remember how this felt, all of it."
            Example: lifectl hereafter edit 3f2a9c1e --place "Brandenburg Gate"
            """
    )

    @OptionGroup var options: GlobalOptions

    @Argument(help: ArgumentHelp("The note's id, or its first 4 or more characters.", valueName: "id"))
    var id: String

    @Option(name: .long, help: ArgumentHelp("The new words, 1–500 characters.", valueName: "text"))
    var text: String?

    @Option(name: .long, help: ArgumentHelp("The place's new name, at most 100 characters.", valueName: "name"))
    var place: String?

    @Flag(name: .customLong("no-place"), help: "Remove the note's place name.")
    var noPlace = false

    func validate() throws {
        if place != nil && noPlace { throw ValidationError("give --place or --no-place, not both") }
        if text == nil && place == nil && !noPlace {
            throw ValidationError("nothing to change: give the new --text, --place, or --no-place")
        }
    }

    func run() throws {
        let context = try CommandContext(options)
        let store = try context.hereafterStore()
        let messageID = try store.resolveID(id, field: "id")
        let placeChange: String?? = noPlace ? .some(nil) : place.map { .some($0) }
        let edit = try store.edit(messageID, change: NoteChange(text: text, placeName: placeChange))
        if context.json {
            struct Report: Encodable {
                let changed: [NoteEdit.Field]
                let message: HereafterJSON.Message
            }
            return try JSONOutput.print(
                Report(changed: edit.changed, message: HereafterJSON.Message(edit.message, now: store.clock.now())))
        }
        Terminal.write(HereafterHost.edited(edit, short: HereafterText.short(edit.message.id)))
    }
}
