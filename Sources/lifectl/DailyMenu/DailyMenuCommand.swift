import ArgumentParser
import DailyMenu
import LifeCore

/// `lifectl dailymenu`: micro-rituals, mood and gentle gamification (SPEC §7).
struct DailyMenuCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dailymenu",
        abstract: "Micro-rituals: the day's menu, rituals with moods, Moments, seasons, warmth, stamps, the calendar.",
        subcommands: [
            DailyMenuActivities.self, DailyMenuFavorite.self, DailyMenuHide.self, DailyMenuExclude.self,
            DailyMenuMenu.self, DailyMenuStart.self, DailyMenuComplete.self, DailyMenuCalendar.self, DailyMenuDay.self,
            DailyMenuProfileCommand.self, DailyMenuStamps.self, DailyMenuInsights.self, DailyMenuSettingsCommand.self,
        ]
    )
}

extension CommandContext {
    /// The DailyMenu store over the opened database.
    func dailyMenuStore() throws -> DailyMenuStore {
        DailyMenuStore(db: try open(), clock: clock)
    }
}

/// `on` or `off` for a switch option, as the settings of other products take them.
enum Switch {
    static func parse(_ text: String, field: String) throws -> Bool {
        switch text.lowercased() {
        case "on", "yes", "true": return true
        case "off", "no", "false": return false
        default: throw LifeError.invalid(field: field, DailyMenuVoice.badSwitch(field: field, text))
        }
    }
}
