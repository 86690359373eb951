import Foundation
import LifeCore

/// LT-7: the notification preferences of one account.
public struct LifeTimerNotificationPreferences: Sendable, Equatable, Codable {
    public enum Frequency: String, Sendable, Codable, CaseIterable {
        case daily, weekly, every
    }

    public enum Category: String, Sendable, Codable, CaseIterable {
        case reminders, milestones, streaks, checkpoints
    }

    public var frequency: Frequency
    /// For `.every`: every N days counted from the start's local date.
    public var everyDays: Int
    public var time: LocalTime
    public var muted: Set<Category>
    /// LT-10: a reminder this many days before each open milestone's due
    /// date, beside the one on the day (0: none; muted with milestones).
    public var advanceDays: Int

    public init(frequency: Frequency, everyDays: Int, time: LocalTime, muted: Set<Category>, advanceDays: Int = 0) {
        self.frequency = frequency
        self.everyDays = everyDays
        self.time = time
        self.muted = muted
        self.advanceDays = advanceDays
    }

    /// The interval in days between reminders.
    public var intervalDays: Int {
        switch frequency {
        case .daily: 1
        case .weekly: 7
        case .every: everyDays
        }
    }
}
