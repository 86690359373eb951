import ArgumentParser
import Hereafter
import LifeCore

struct HereafterList: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Every message: id, thread, state, place, dates, and the words once discovered.",
        discussion: """
            --search finds words in discovered messages only: a locked message never matches.
            Example: lifectl hereafter list
            Example: lifectl hereafter list --search beach --json
            """
    )

    @OptionGroup var options: GlobalOptions

    @Option(name: .long, help: ArgumentHelp("Only discovered messages containing this.", valueName: "words"))
    var search: String?

    func run() throws {
        let context = try CommandContext(options)
        let store = try context.hereafterStore()
        let messages = try store.messages(search: search)
        let now = store.clock.now()
        if context.json {
            return try JSONOutput.print("messages", messages.map { HereafterJSON.Message($0, now: now) })
        }
        guard !messages.isEmpty else {
            return Terminal.write(search == nil ? HereafterHost.emptyChat : "No discovered message matches.")
        }
        var table = TextTable([.left, .left, .left, .left, .left, .left, .left])
        table.add("id", "thread", "state", "place", "planted", "unlocks", "message")
        for message in messages {
            table.add(
                HereafterText.short(message.id), HereafterText.short(message.threadID),
                message.state(at: now).rawValue, message.placeLabel, message.plantedOn.iso,
                message.unlockDate?.iso ?? "—", HereafterText.preview(message))
        }
        Terminal.write(table.render())
    }
}
