import ArgumentParser
import DailyMenu
import LifeCore

struct DailyMenuStart: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "start",
        abstract: "Start a ritual, with how you feel if you like (low, okay, good).",
        discussion: """
            A start stays open for 12 hours; completing it later counts on the day you complete it.
            Example: lifectl dailymenu start box-breath --before okay
            """
    )

    @OptionGroup var options: GlobalOptions
    @Argument(help: ArgumentHelp("The activity's id or title.", valueName: "activity")) var activity: String

    @Option(name: .long, help: ArgumentHelp("low, okay or good; leave it out to skip.", valueName: "mood"))
    var before: String?

    func run() throws {
        let context = try CommandContext(options)
        let mood = try before.map { try BeforeMood.parse($0, field: "--before") }
        let start = try context.dailyMenuStore().start(activity, before: mood)
        if context.json { return try JSONOutput.print(start) }
        Terminal.write(DailyMenuVoice.started(start.activity))
    }
}

struct DailyMenuComplete: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "complete",
        abstract: "Complete a ritual (started or not), with mood and feedback if you like.",
        discussion: """
            Moods: --before low|okay|good, --after lower|same|better; --feedback loved|nice|not-for-me. \
            Every one may be skipped.
            Example: lifectl dailymenu complete box-breath --after better --feedback loved
            """
    )

    @OptionGroup var options: GlobalOptions
    @Argument(help: ArgumentHelp("The activity's id or title.", valueName: "activity")) var activity: String

    @Option(name: .long, help: ArgumentHelp("low, okay or good (default: the start's).", valueName: "mood"))
    var before: String?

    @Option(name: .long, help: ArgumentHelp("lower, same or better.", valueName: "mood"))
    var after: String?

    @Option(name: .long, help: ArgumentHelp("loved, nice or not-for-me.", valueName: "word"))
    var feedback: String?

    func run() throws {
        let context = try CommandContext(options)
        let beforeMood = try before.map { try BeforeMood.parse($0, field: "--before") }
        let afterMood = try after.map { try AfterMood.parse($0, field: "--after") }
        let word = try feedback.map { try Feedback.parse($0, field: "--feedback") }
        let result = try context.dailyMenuStore().complete(
            activity, before: beforeMood, after: afterMood, feedback: word)
        if context.json { return try JSONOutput.print(result) }
        var lines = [DailyMenuVoice.completed(result.activity, moments: result.moments.total)]
        lines += result.moments.bonuses.map { "  " + DailyMenuVoice.bonus($0) }
        lines += result.newStamps.map { DailyMenuVoice.newStamp($0.kind) }
        if let season = result.newSeason { lines.append(DailyMenuVoice.newSeason(season)) }
        Terminal.write(lines.joined(separator: "\n"))
    }
}
