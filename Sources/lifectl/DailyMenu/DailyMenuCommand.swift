import ArgumentParser
import DailyMenu
import LifeCore

/// `lifectl dailymenu`: micro-rituals, mood and gentle gamification (SPEC §7).
struct DailyMenuCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dailymenu",
        abstract: "Micro-rituals: the day's menu, rituals with moods, Moments, seasons, warmth, stamps, the calendar.",
        subcommands: [
            DailyMenuActivities.self, DailyMenuActivity.self, DailyMenuFavorite.self, DailyMenuHide.self,
            DailyMenuExclude.self,
            DailyMenuMenu.self, DailyMenuStart.self, DailyMenuComplete.self, DailyMenuUndo.self, DailyMenuShare.self,
            DailyMenuCalendar.self, DailyMenuDay.self, DailyMenuProfileCommand.self, DailyMenuStamps.self,
            DailyMenuInsights.self, DailyMenuSettingsCommand.self, DailyMenuDeleteAll.self,
        ]
    )
}

extension CommandContext {
    /// The DailyMenu store over the opened database.
    func dailyMenuStore() throws -> DailyMenuStore {
        DailyMenuStore(try open(), clock: clock)
    }
}

/// `--svg FILE` and `--force` of the picture commands (calendar, stamps, insights).
struct PictureOptions: ParsableArguments {
    @Option(
        name: .long, help: ArgumentHelp("Write the picture to this SVG file instead.", valueName: "file"),
        completion: .file())
    var svg: String?

    @Flag(help: "Replace FILE if it already exists.")
    var force = false
}

/// A picture command's file: written through `OutputFile` (the output rule,
/// `--force`, `-` for stdout), then reported as `{ "svg": path }` or as the
/// one line `wrote FILE: WHAT`, WHAT in the product's words (on stderr
/// beside the JSON).
enum PictureFile {
    static func write(_ svg: String, to file: String, force: Bool, json: Bool, what: String) throws {
        let path = OutputFile.resolve(file)
        try OutputFile.write(svg, to: path, force: force)
        // The picture went to stdout: nothing else may go there.
        if OutputFile.isStandardOutput(path) { return }
        Wrote.say(path, what, stdoutCarriesData: json)
        if json { try JSONOutput.print(FileReport(svg: path)) }
    }
}

/// The `--json` answer of a command that wrote a picture.
struct FileReport: Encodable {
    let svg: String
}
