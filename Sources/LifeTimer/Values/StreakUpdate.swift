/// What recording progress did to the account's streak (LT-7, LT-10): the
/// streak flag of a completion's reply, so an app learns of a streak the
/// moment it is earned (docs/json.md, `milestone complete`).
public struct StreakUpdate: Sendable, Equatable {
    /// The run of consecutive active days that holds today (this progress
    /// included), in the account's zone.
    public let days: Int
    /// Whether this was today's first progress: it made today an active day.
    public let newDay: Bool

    /// Memberwise, for previews and tests of a front end; the store builds the real ones.
    public init(days: Int, newDay: Bool) {
        self.days = days
        self.newDay = newDay
    }

    /// Whether this progress started (a third day in a row) or extended (a
    /// fourth or later) a streak of `LifeTimerRules.streakNotificationDays`
    /// or more active days: today's first progress on such a run, the
    /// instant the streak notification fires. A second completion the
    /// same day earns nothing new.
    public var earned: Bool { newDay && days >= LifeTimerRules.streakNotificationDays }

    /// Whether it started a streak: the run reached the streak length today.
    public var started: Bool { earned && days == LifeTimerRules.streakNotificationDays }
}
