/// LifeTimer's product constants in one place (SPEC §4), documented in
/// docs/lifetimer.md.
public enum LifeTimerRules {
    /// LT-3: the challenge's length in calendar days.
    public static let challengeDays = 1_356
    /// LT-2: goals per account, counting deleted ones.
    public static let maximumGoals = 20
    /// LT-1: a username is 3–30 of letters, digits, `_` and `.`.
    public static let usernameLengths = 3...30
    /// LT-1: a bio, in characters (grapheme clusters, CORE-9).
    public static let bioLimit = 160
    /// LT-1: an e-mail address (RFC 5321's path limit).
    public static let emailLimit = 254
    /// LT-1: an identity link's subject (the provider's user id).
    public static let identitySubjectLimit = 255
    /// LT-1, LT-2: avatar paths and cover images (a path or URL).
    public static let pathLimit = 1_024
    /// LT-2: a goal's title and description, a milestone's title, a place name.
    public static let goalTitleLimit = 100
    public static let goalDescriptionLimit = 2_000
    public static let milestoneTitleLimit = 100
    public static let placeNameLimit = 200
    /// LT-8: a report's or a suspension's reason.
    public static let reasonLimit = 500
    /// LT-2: a milestone's place in its goal's list, `GOAL.STEP`: from 1 to
    /// this (no goal needs more steps; a stored position beyond it is no step).
    public static let maximumMilestonePosition = 10_000
    /// The limits above by stored table and column. The schema bounds none of
    /// these lengths (SQLite counts code points, migration 0010): what writes
    /// rows without the store, an import, checks them against this.
    public static let storedTextLimits: [String: [String: Int]] = [
        "lifetimer_accounts": [
            "bio": bioLimit, "avatar_path": pathLimit, "email": emailLimit,
        ],
        "lifetimer_goals": [
            "title": goalTitleLimit, "description": goalDescriptionLimit, "place_name": placeNameLimit,
            "cover": pathLimit,
        ],
        "lifetimer_milestones": ["title": milestoneTitleLimit],
        "lifetimer_suspensions": ["reason": reasonLimit],
        "lifetimer_reports": ["reason": reasonLimit],
        "lifetimer_report_decisions": ["reason": reasonLimit],
        "lifetimer_identities": ["subject": identitySubjectLimit],
    ]
    /// LT-5: progress within this many points of the elapsed fraction is
    /// "on track"; above it "ahead", below it "behind".
    public static let paceTolerance = 0.05
    /// LT-7: a streak notification from this many active days in a row.
    public static let streakNotificationDays = 3
    /// LT-7: the checkpoints, as fractions of the challenge remaining.
    public static let checkpointsRemaining = [0.5, 0.25]
    /// LT-7: the default reminder time and interval for "every N days".
    public static let defaultReminderTime = "09:00"
    public static let reminderIntervalDays = 1...365
    /// LT-10: a milestone reminder this many days before the due date (0: none).
    public static let milestoneAdvanceDays = 0...365
    /// LT-6: the "recently completed milestones" leaderboard covers this
    /// many calendar days back from now, in the viewer's zone.
    public static let recentWindowDays = 30
    /// Feeds, leaderboards and searches show at most this many rows.
    public static let listLimits = 1...500
    /// FR 1.5: an account active within this many minutes reads as active
    /// "now" in social lists (docs/lifetimer.md, "Language, dates and times").
    public static let onlineMinutes = 5
}
