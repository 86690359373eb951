import ArgumentParser
import DailyMenu
import LifeCore

struct DailyMenuUndo: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "undo",
        abstract: "Undo a ritual logged by mistake (the latest, or the one named); everything it brought follows.",
        discussion: """
            Its Moments, stamps, season, warmth and calendar mark are worked out again without it; no export or \
            other device brings it back. Ids are in `day --json` and `profile --json`.
            Example: lifectl dailymenu undo
            Example: lifectl dailymenu undo 3f2a9c1e
            """
    )

    @OptionGroup var options: GlobalOptions

    @Argument(help: ArgumentHelp("The ritual's id or its first 4+ characters (default: the latest).", valueName: "id"))
    var id: String?

    func run() throws {
        let context = try CommandContext(options)
        let result = try context.dailyMenuStore().undo(id)
        if context.json { return try JSONOutput.print(result) }
        var lines = [DailyMenuVoice.undone(result)]
        lines += result.lostStamps.map(DailyMenuVoice.stampReturned)
        if result.previousSeason != nil { lines.append(DailyMenuVoice.seasonNow(result.journey.season)) }
        Terminal.write(lines.joined(separator: "\n"))
    }
}

struct DailyMenuShare: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "share",
        abstract: "One ritual (the latest, or the one named) as a line to paste to a friend.",
        discussion: """
            What, how long, when, and how it left you while moods are shared (settings --share-mood); \
            never Moments or counts.
            Example: lifectl dailymenu share
            """
    )

    @OptionGroup var options: GlobalOptions

    @Argument(help: ArgumentHelp("The ritual's id or its first 4+ characters (default: the latest).", valueName: "id"))
    var id: String?

    func run() throws {
        let context = try CommandContext(options)
        let line = try context.dailyMenuStore().share(id)
        if context.json { return try JSONOutput.print(line) }
        Terminal.write(line.text)
    }
}

struct DailyMenuDeleteAll: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete-all",
        abstract: "Delete all your DailyMenu data: rituals, moods, preferences, profile. Asks for --yes.",
        discussion: """
            --dry-run says what would be deleted and deletes nothing; without --yes it says so too, with exit 64. \
            Once deleted, no export and no other device brings any of it back; the catalogue stays.
            Example: lifectl dailymenu delete-all --dry-run
            Example: lifectl dailymenu delete-all --yes
            """
    )

    @OptionGroup var options: GlobalOptions

    @Flag(name: .long, help: "Confirm: delete everything, for good.")
    var yes = false

    @Flag(name: .long, help: "Only say what would be deleted; delete nothing.")
    var dryRun = false

    func validate() throws {
        if yes && dryRun { throw ValidationError("give --yes or --dry-run, not both") }
    }

    func run() throws {
        let context = try CommandContext(options)
        let store = try context.dailyMenuStore()
        if dryRun {
            let size = try store.historySize()
            if context.json {
                struct Preview: Encodable {
                    let dryRun = true
                    let wouldDelete: DailyMenuHistorySize
                }
                return try JSONOutput.print(Preview(wouldDelete: size))
            }
            return Terminal.write(
                "--yes would delete " + DailyMenuVoice.deleteAllPreview(size) + "; nothing was deleted")
        }
        guard yes else {
            throw LifeError.invalid(
                field: "--yes",
                "--yes is required to delete "
                    + DailyMenuVoice.deleteAllPreview(try store.historySize()) + "; nothing was deleted")
        }
        let deletion = try store.deleteAll()
        if context.json { return try JSONOutput.print(deletion) }
        Terminal.write(DailyMenuVoice.deletedAll(deletion))
    }
}
