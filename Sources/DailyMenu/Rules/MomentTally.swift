/// What the Moments of the first completions of a history (in history
/// order) are made of (SPEC DM-4): every completion earns the base points,
/// the first of each local day the first-of-day bonus, the first of each
/// category the new-category bonus, each one lifting the mood or done on a
/// low-energy day (`LowEnergyDays`) its bonus. So their total follows from five counts, and equals
/// the sum of `Moments.awards` over them (a test checks): the store counts
/// them in SQL for "the Moments before this ritual" (which packs are open
/// then, DM-5) without reading the whole history into memory.
public struct MomentTally: Sendable, Equatable {
    public var completions: Int
    public var moodImproved: Int
    public var days: Int
    public var categories: Int
    public var lowEnergy: Int

    public init(completions: Int = 0, moodImproved: Int = 0, days: Int = 0, categories: Int = 0, lowEnergy: Int = 0) {
        self.completions = completions
        self.moodImproved = moodImproved
        self.days = days
        self.categories = categories
        self.lowEnergy = lowEnergy
    }

    /// The Moments, by the constants table.
    public var total: Int {
        completions * DailyMenuRules.basePoints + moodImproved * DailyMenuRules.moodImprovedBonus
            + days * DailyMenuRules.firstOfDayBonus + categories * DailyMenuRules.newCategoryBonus
            + lowEnergy * DailyMenuRules.lowEnergyBonus
    }
}
