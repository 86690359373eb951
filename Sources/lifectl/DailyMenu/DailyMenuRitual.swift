import ArgumentParser
import DailyMenu
import LifeCore

struct DailyMenuStart: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "start",
        abstract: "Start a ritual, with how you feel if you like (low, okay, good).",
        discussion: """
            A start stays open for 12 hours; completing it later counts on the day you complete it.
            Example: lifectl dailymenu start box-breath --mood-before okay
            """
    )

    @OptionGroup var options: GlobalOptions
    @Argument(help: ArgumentHelp("The activity's id or title.", valueName: "activity")) var activity: String

    @Option(name: .long, help: ArgumentHelp("How you feel before; leave it out to skip.", valueName: "mood"))
    var moodBefore: Typed<BeforeMood>?

    /// The old spelling of `--mood-before` (CORE-13: `--before` is a date elsewhere).
    @Option(name: .customLong("before"), help: .hidden)
    var oldBefore: Typed<BeforeMood>?

    func run() throws {
        let context = try CommandContext(options)
        let mood = try Renamed.value(moodBefore, oldBefore, old: "--before", new: "--mood-before")
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
            Moods: --mood-before low|okay|good, --mood-after lower|same|better; --feedback loved|nice|not-for-me. \
            Every one may be skipped.
            Example: lifectl dailymenu complete box-breath --mood-after better --feedback loved
            """
    )

    @OptionGroup var options: GlobalOptions
    @Argument(help: ArgumentHelp("The activity's id or title.", valueName: "activity")) var activity: String

    @Option(name: .long, help: ArgumentHelp("How you felt before (default: the start's).", valueName: "mood"))
    var moodBefore: Typed<BeforeMood>?

    @Option(name: .long, help: ArgumentHelp("How you feel after, compared with before.", valueName: "mood"))
    var moodAfter: Typed<AfterMood>?

    @Option(name: .long, help: ArgumentHelp("What you thought of it.", valueName: "word"))
    var feedback: Typed<Feedback>?

    /// The old spellings of `--mood-before` and `--mood-after` (CORE-13).
    @Option(name: .customLong("before"), help: .hidden)
    var oldBefore: Typed<BeforeMood>?

    @Option(name: .customLong("after"), help: .hidden)
    var oldAfter: Typed<AfterMood>?

    func run() throws {
        let context = try CommandContext(options)
        let beforeMood = try Renamed.value(moodBefore, oldBefore, old: "--before", new: "--mood-before")
        let afterMood = try Renamed.value(moodAfter, oldAfter, old: "--after", new: "--mood-after")
        let word = try feedback?.value("--feedback")
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
