import ArgumentParser

/// A command that only reads the database (CORE-13): it never creates one.
///
/// Where there is no database yet it says so and how to make one, exit 66,
/// the way git answers outside a repository, so a mistyped `--db` leaves no
/// file and no folder behind. `LifeCtl.main` checks before the command runs,
/// so no command has to remember it; the list is the conformances below
/// (docs/design.md, "A read never creates a database").
protocol ReadOnlyCommand: ParsableCommand {
    /// Where the command looks for the database.
    var databaseOptions: GlobalOptions { get throws }

    /// False when the options given change something (`finite settings
    /// --view bw`): then the command saves, and creates the database as
    /// every saving command does (CORE-1).
    var onlyReads: Bool { get }
}

extension ReadOnlyCommand {
    var onlyReads: Bool { true }

    /// Refuses (exit 66) when this command only reads and there is no database.
    func requireDatabase() throws {
        guard onlyReads else { return }
        try CommandContext(try databaseOptions).requireDatabase()
    }
}

// MARK: - The commands that only read

extension DBStatus: ReadOnlyCommand { var databaseOptions: GlobalOptions { options } }
extension DBCheck: ReadOnlyCommand { var databaseOptions: GlobalOptions { options } }
extension DBSchema: ReadOnlyCommand { var databaseOptions: GlobalOptions { options } }
extension DBMigrate: ReadOnlyCommand { var databaseOptions: GlobalOptions { options } }
extension DBBackup: ReadOnlyCommand { var databaseOptions: GlobalOptions { options } }
extension SettingsShow: ReadOnlyCommand { var databaseOptions: GlobalOptions { options } }

extension FiniteStatus: ReadOnlyCommand { var databaseOptions: GlobalOptions { options } }
extension FiniteShow: ReadOnlyCommand { var databaseOptions: GlobalOptions { options } }
extension FiniteGrid: ReadOnlyCommand { var databaseOptions: GlobalOptions { options } }
extension FiniteNotifications: ReadOnlyCommand { var databaseOptions: GlobalOptions { options } }
extension FiniteWidget: ReadOnlyCommand { var databaseOptions: GlobalOptions { options } }
extension FiniteReveal: ReadOnlyCommand { var databaseOptions: GlobalOptions { options } }
extension FinitePhaseList: ReadOnlyCommand { var databaseOptions: GlobalOptions { options } }
extension FiniteSettingsCommand: ReadOnlyCommand {
    var databaseOptions: GlobalOptions { options }
    var onlyReads: Bool {
        lifeExpectancy == nil && view == nil && biometricLock == nil && dailyNotification == nil
            && time == nil && oldNotificationTime == nil && timeZone == nil
    }
}

extension WalksList: ReadOnlyCommand { var databaseOptions: GlobalOptions { options } }
extension WalksShow: ReadOnlyCommand { var databaseOptions: GlobalOptions { options } }
extension WalksDoodle: ReadOnlyCommand { var databaseOptions: GlobalOptions { options } }
extension WalksGallery: ReadOnlyCommand { var databaseOptions: GlobalOptions { options } }
extension WalksExport: ReadOnlyCommand { var databaseOptions: GlobalOptions { options } }
extension WalksStats: ReadOnlyCommand { var databaseOptions: GlobalOptions { options } }
extension WalksSettings: ReadOnlyCommand {
    var databaseOptions: GlobalOptions { options }
    var onlyReads: Bool { units == nil }
}

extension HereafterList: ReadOnlyCommand { var databaseOptions: GlobalOptions { options } }
extension HereafterThreadCommand: ReadOnlyCommand { var databaseOptions: GlobalOptions { options } }
extension HereafterChatCommand: ReadOnlyCommand { var databaseOptions: GlobalOptions { options } }
extension HereafterGeofences: ReadOnlyCommand { var databaseOptions: GlobalOptions { options } }
extension HereafterNotifications: ReadOnlyCommand {
    var databaseOptions: GlobalOptions { options }
    var onlyReads: Bool { unlocks == nil && anniversaries == nil && mute.isEmpty && unmute.isEmpty }
}

extension LifeTimerCountdown: ReadOnlyCommand { var databaseOptions: GlobalOptions { options.global } }
extension LifeTimerProgress: ReadOnlyCommand { var databaseOptions: GlobalOptions { options.global } }
extension LifeTimerGoalCommand.List: ReadOnlyCommand { var databaseOptions: GlobalOptions { options.global } }
extension LifeTimerAccountCommand.Show: ReadOnlyCommand { var databaseOptions: GlobalOptions { options.global } }
extension LifeTimerFollowers: ReadOnlyCommand { var databaseOptions: GlobalOptions { options.global } }
extension LifeTimerFollowing: ReadOnlyCommand { var databaseOptions: GlobalOptions { options.global } }
extension LifeTimerProfile: ReadOnlyCommand { var databaseOptions: GlobalOptions { options.global } }
extension LifeTimerFeed: ReadOnlyCommand { var databaseOptions: GlobalOptions { options.global } }
extension LifeTimerLeaderboard: ReadOnlyCommand { var databaseOptions: GlobalOptions { options.global } }
extension LifeTimerSearch: ReadOnlyCommand { var databaseOptions: GlobalOptions { options.global } }
extension LifeTimerAdminCommand.Reports: ReadOnlyCommand { var databaseOptions: GlobalOptions { options.global } }
extension LifeTimerAdminCommand.Decisions: ReadOnlyCommand {
    var databaseOptions: GlobalOptions { options.global }
}
extension LifeTimerNotifications: ReadOnlyCommand {
    var databaseOptions: GlobalOptions { options.global }
    var onlyReads: Bool {
        frequency == nil && every == nil && time == nil && advance == nil && reminders == nil && milestones == nil
            && streaks == nil && checkpoints == nil && mute.isEmpty && unmute.isEmpty
    }
}
extension LifeTimerSettingsCommand: ReadOnlyCommand {
    var databaseOptions: GlobalOptions { options.global }
    var onlyReads: Bool { theme == nil && clock == nil && language == nil && visibility == nil && timeZone == nil }
}

extension DailyMenuActivities: ReadOnlyCommand { var databaseOptions: GlobalOptions { options } }
extension DailyMenuCalendar: ReadOnlyCommand { var databaseOptions: GlobalOptions { options } }
extension DailyMenuDay: ReadOnlyCommand { var databaseOptions: GlobalOptions { options } }
extension DailyMenuProfileCommand: ReadOnlyCommand { var databaseOptions: GlobalOptions { options } }
extension DailyMenuStamps: ReadOnlyCommand { var databaseOptions: GlobalOptions { options } }
extension DailyMenuInsights: ReadOnlyCommand { var databaseOptions: GlobalOptions { options } }
extension DailyMenuShare: ReadOnlyCommand { var databaseOptions: GlobalOptions { options } }
extension DailyMenuSettingsCommand: ReadOnlyCommand {
    var databaseOptions: GlobalOptions { options }
    var onlyReads: Bool { name == nil && shareMood == nil && theme == nil && timeZone == nil }
}

extension SearchCommand: ReadOnlyCommand { var databaseOptions: GlobalOptions { options } }
extension TodayCommand: ReadOnlyCommand { var databaseOptions: GlobalOptions { options } }
extension WeekCommand: ReadOnlyCommand { var databaseOptions: GlobalOptions { options } }
extension CalendarCommand: ReadOnlyCommand { var databaseOptions: GlobalOptions { options } }
extension StatsCommand: ReadOnlyCommand { var databaseOptions: GlobalOptions { options } }
extension ExportCommand: ReadOnlyCommand {
    var databaseOptions: GlobalOptions {
        get throws { try GlobalOptions.parse(db.map { ["--db", $0] } ?? []) }
    }
}
extension SyncStatusCommand: ReadOnlyCommand { var databaseOptions: GlobalOptions { options } }
