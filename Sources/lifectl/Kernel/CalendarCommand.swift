import ArgumentParser
import Foundation
import LifeCore
import LifeKit
import LifePages

/// `lifectl calendar --ics FILE`: the notification schedules as calendar events.
struct CalendarCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calendar",
        abstract: "Write the coming notifications of every product as an iCalendar (.ics) file.",
        discussion: """
            Finite's daily note and milestones, LifeTimer's reminders and checkpoints, and the moments \
            Hereafter notes unlock (place only, never their words). Each event keeps its UID from one \
            export to the next.
            Example: lifectl calendar --ics life.ics --days 30
            """
    )

    @OptionGroup var options: GlobalOptions

    @Option(help: ArgumentHelp("The .ics file to write.", valueName: "file"), completion: .file())
    var ics: String

    @Option(parsing: .unconditional, help: ArgumentHelp("How many days ahead, 1 to 366.", valueName: "n"))
    var days = 30

    @Flag(help: "Replace FILE if it already exists.")
    var force = false

    func run() throws {
        let context = try CommandContext(options)
        let events = try CalendarEngine.events(
            try context.open(create: false), registry: LifeKit.registry, clock: context.clock, days: days)
        try OutputFile.write(ICalendar.render(events, stamp: context.clock.now()), to: ics, force: force)
        // The calendar went to stdout: nothing else may go there.
        if OutputFile.isStandardOutput(OutputFile.resolve(ics)) { return }
        Wrote.say(
            OutputFile.resolve(ics), "a calendar of \(Format.count(events.count, "event", "events"))",
            stdoutCarriesData: context.json)
        if context.json { try JSONOutput.print(["events": events.count]) }
    }
}
