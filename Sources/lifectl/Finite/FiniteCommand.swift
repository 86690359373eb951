import ArgumentParser
import Finite
import LifeCore

/// `lifectl finite`: your life in weeks (SPEC §3).
struct FiniteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "finite",
        abstract: "Your life in weeks: setup, status, marks, life phases, the grid, notifications and the widget.",
        subcommands: [
            FiniteSetup.self, FiniteStatus.self, FiniteMark.self, FiniteUnmark.self, FiniteShow.self, FiniteGrid.self,
            FinitePhaseCommand.self, FiniteSettingsCommand.self, FiniteNotifications.self, FiniteWidget.self,
            FiniteReveal.self,
        ]
    )
}

/// The week a command is about: a positional week number, or `--date`, or the current week.
struct WeekOptions: ParsableArguments {
    @Argument(
        help: ArgumentHelp("The week number as shown (\"Week 1,900\"); default the current week.", valueName: "week"))
    var week: String?

    @Option(
        // Unconditional: a past offset such as -2w is a value, not an option.
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("The week holding this date instead (2026-03-01, yesterday, -2w …).", valueName: "date"))
    var date: String?

    func validate() throws {
        if week != nil && date != nil {
            throw ValidationError("give a week number or --date, not both")
        }
    }

    /// The selector, resolving `--date` against the owner's today.
    func selector(today: () throws -> CivilDate) throws -> WeekSelector {
        if let date {
            return .date(try DateExpression.date(date, field: "--date", today: today()))
        }
        guard let week else { return .current }
        // Commas only as thousands grouping, the way weeks are shown ("1,850").
        guard let number = DecimalInput.groupedInteger(week) else {
            throw LifeError.invalid(
                field: "week", "week is '\(week)'; expected a week number such as 1900 or 1,900")
        }
        return .number(number)
    }
}

extension CommandContext {
    /// The Finite store over the opened database.
    func finiteStore() throws -> FiniteStore {
        FiniteStore(try open(), clock: clock)
    }
}

/// Shared phrasing of weeks for human output.
enum WeekText {
    static func range(_ week: WeekRange) -> String {
        "\(week.start.iso) – \(week.end.iso)"
    }

    static func mark(_ mark: WeekMark) -> String {
        var parts = ["\(mark.rating.rawValue) \(mark.rating.label)"]
        if let category = mark.category { parts.append(category.rawValue) }
        if let phrase = mark.phrase { parts.append("“\(TerminalText.oneLine(phrase))”") }
        return parts.joined(separator: " · ")
    }
}
