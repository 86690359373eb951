import ArgumentParser
import Hereafter
import LifeCore

struct HereafterPlant: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plant",
        abstract: "Leave a message at a place, locked until a date.",
        discussion: """
            The text is 1–500 characters; the unlock date is tomorrow or later in your time zone (2027-03-01, tomorrow, +1y …).
            The photo is one JPEG, PNG or HEIC image of at most 10 MB.
            The message joins the thread whose centre is within 150 m, else starts one there.
            Nothing of the text is printed: it is locked from now on.
            Example: lifectl hereafter plant --text "Remember today." --at 52.5163,13.3777 --place "Brandenburg Gate" --unlock +1y
            """
    )

    @OptionGroup var options: GlobalOptions

    @Option(name: .long, help: ArgumentHelp("The message, 1–500 characters.", valueName: "text"))
    var text: String

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("Where, in decimal degrees (52.5163,13.3777).", valueName: "lat,lon"))
    var at: Typed<Coordinate>

    @Option(name: .long, help: ArgumentHelp("The place's name, at most 100 characters.", valueName: "name"))
    var place: String?

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("The date it unlocks: tomorrow or later (2027-03-01, +1y …).", valueName: "date"))
    var unlock: String

    @Option(
        name: .long, help: ArgumentHelp("A JPEG, PNG or HEIC image, at most 10 MB.", valueName: "file"),
        completion: .file())
    var photo: String?

    func run() throws {
        let context = try CommandContext(options)
        let store = try context.hereafterStore()
        let position = try at.value("--at")
        let unlockDate = try HereafterText.unlockDate(unlock, today: store.today())
        let message = try store.plant(
            text: text, at: position, placeName: place, unlock: unlockDate, photo: try HereafterText.readPhoto(photo))
        if context.json { return try JSONOutput.print(HereafterJSON.Message(message, now: store.clock.now())) }
        Terminal.write(
            """
            Planted \(HereafterText.short(message.id)) at \(TerminalText.oneLine(message.placeLabel)) (thread \(HereafterText.short(message.threadID))), locked until \(HereafterText.date(message.unlockDate)).
            \(HereafterHost.planted(unlock: unlockDate))
            """)
    }
}
