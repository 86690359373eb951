import LifeCore

/// The part of the settings that shapes the schedule (SPEC FIN-5, FIN-7).
/// Milestones have no switch: they cannot be turned off.
public struct NotificationPreferences: Sendable, Equatable {
    /// Whether the daily number is sent (default on).
    public var dailyEnabled: Bool
    /// The local time of the daily number, and of milestones that fall on a day.
    public var dailyTime: LocalTime

    public init(dailyEnabled: Bool, dailyTime: LocalTime) {
        self.dailyEnabled = dailyEnabled
        self.dailyTime = dailyTime
    }

    /// SPEC FIN-5 defaults: daily on, at 08:00.
    public static let standard = NotificationPreferences(
        dailyEnabled: true, dailyTime: FiniteRules.defaultNotificationTime)
}
