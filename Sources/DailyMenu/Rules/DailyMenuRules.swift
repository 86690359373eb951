import Foundation
import LifeCore

/// Every product decision of DailyMenu in one table (SPEC DM-4 … DM-7, DM-2;
/// STYLE: constants together, the same table in docs/dailymenu.md).
public enum DailyMenuRules {
    /// The display name's limit in characters (CORE-9); the schema does not
    /// bound it (it would count code points), the store, an import and
    /// `db check` do.
    public static let displayNameLimit = 200
    /// An activity's minutes, as the catalogue's CHECK holds them.
    public static let activityMinutes = 1...60
    /// A ritual of one's own (issue 32): its title and its how-to line, in
    /// characters, as long as the catalogue's.
    public static let ownTitleLimit = 60
    public static let ownHowToLimit = 160

    // MARK: Moments (DM-4): points per completion

    /// Every completion.
    public static let basePoints = 10
    /// After-mood "Better".
    public static let moodImprovedBonus = 5
    /// The first completion of its local day.
    public static let firstOfDayBonus = 3
    /// The first completion ever in its category.
    public static let newCategoryBonus = 8
    /// A ritual done on a day the person said their energy was low, at or
    /// before it (a before-mood Low, or the menu asked with `--energy low`
    /// that day; `LowEnergyDays`): showing up on a hard day counts for a
    /// little more (DM-11).
    public static let lowEnergyBonus = 2

    // MARK: Seasons (DM-5): levels by total Moments

    /// From "First Light" to "Eternal Garden"; each season after the first
    /// unlocks one pack or one colour theme. The packs' `unlock_season` in
    /// Schema/0007_dailymenu.sql agrees (a test checks).
    public static let seasons: [Season] = [
        Season(number: 1, name: "First Light", threshold: 0, unlock: nil),
        Season(number: 2, name: "Morning Dew", threshold: 100, unlock: .theme(.morningCafe)),
        Season(number: 3, name: "Spring Bloom", threshold: 250, unlock: .pack("slow-mornings")),
        Season(number: 4, name: "Summer Meadow", threshold: 500, unlock: .theme(.gardenParty)),
        Season(number: 5, name: "Harvest Moon", threshold: 900, unlock: .pack("kitchen-garden")),
        Season(number: 6, name: "Autumn Hearth", threshold: 1_500, unlock: .theme(.sunsetBistro)),
        Season(number: 7, name: "Eternal Garden", threshold: 2_500, unlock: .pack("starlight")),
    ]

    // MARK: Warmth (DM-6): a soft streak in [0, 1]

    /// Days for warmth to halve over inactive days (and for the distance to 1
    /// to halve over active days): Loop Habit Tracker's daily-habit strength.
    public static let warmthHalfLifeDays = 13.0
    /// The daily smoothing factor, 0.5^(1/13) ≈ 0.948 06.
    public static let warmthDailyFactor = pow(0.5, 1.0 / warmthHalfLifeDays)
    /// The grace (DM-6, DM-11): the first inactive day of each calendar week
    /// has no effect; weeks start on this day, as the calendar is drawn
    /// (a Sunday off and the next Saturday off fall in two weeks).
    public static let warmthWeekStart = Weekday.monday
    /// The lowest warmth of each level, Spark first.
    public static let warmthLevels: [(level: WarmthLevel, from: Double)] = [
        (.spark, 0.0), (.glow, 0.2), (.cozy, 0.4), (.warm, 0.6), (.radiant, 0.8),
    ]

    // MARK: Stamps (DM-7)

    /// Completions that earn the journey stamps.
    public static let milestoneCounts: [(stamp: StampKind, count: Int)] = [
        (.firstRitual, 1), (.tenRituals, 10), (.fiftyRituals, 50), (.hundredRituals, 100),
    ]
    /// Completions with after-mood "Better" for the mood stamp.
    public static let moodLiftedStampCount = 5
    /// Different local days with a ritual for the time stamp.
    public static let differentDaysStampCount = 7
    /// A morning ritual: completed at or after 05:00 and before 10:00 local time.
    public static let morningStart = LocalTime(hour: 5, minute: 0) ?? .midnight
    public static let morningEnd = LocalTime(hour: 10, minute: 0) ?? .midnight

    // MARK: The menu (DM-2)

    /// Suggestions per day.
    public static let menuSize = 5
    /// A favourite weighs this many times as much.
    public static let favoriteFactor = 3.0
    /// The latest feedback on an activity multiplies its weight.
    public static func feedbackFactor(_ feedback: Feedback) -> Double {
        switch feedback {
        case .lovedIt: 2.0
        case .nice: 1.25
        case .notForMe: 0.25
        }
    }
    /// The mean mood delta (-1 … +1) over an activity's rated completions
    /// moves its weight by up to this fraction either way.
    public static let moodDeltaFactor = 0.5

    // MARK: Doing one (DM-3)

    /// An open start older than this has expired: completing the activity
    /// later is a one-tap completion of its own day.
    public static let openStartHours = 12
}
