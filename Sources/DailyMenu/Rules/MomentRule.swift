import Foundation
import LifeCore

/// The bonuses of DM-4, one completion after another in history order: the
/// one place the rule lives (`Moments.awards`, `JourneyBuilder`, the
/// running tally of `db check` and an import all walk it).
public struct MomentRule: Sendable {
    private var daysSeen = Set<Int>()
    private var lastDay = Int.min
    private var categories = CategoryNumbers()
    private var lowEnergy: LowEnergyDays

    public init(lowEnergyAsks: [CivilDate: Date] = [:], countingAbsentMoodsAsLow: Bool = false) {
        lowEnergy = LowEnergyDays(asks: lowEnergyAsks, countingAbsentMoodsAsLow: countingAbsentMoodsAsLow)
    }

    /// The bonuses the next completion of the history earns.
    public mutating func award(_ completion: Completion) -> MomentBonusSet {
        award(
            day: completion.localDay.daysSinceEpoch, at: completion.completedAt,
            category: categories.number(of: completion.category), before: completion.beforeMoodForRules,
            moodImproved: completion.moodImproved)
    }

    /// The same, with the completion's category as a number (`CategoryNumbers`).
    public mutating func award(day: Int, at instant: Date, category: Int, before: BeforeMood?, moodImproved: Bool)
        -> MomentBonusSet
    {
        var bonuses: MomentBonusSet = []
        if moodImproved { bonuses.insert(.moodImproved) }
        // A history comes day by day: the set is asked only when the day changes.
        if day != lastDay {
            lastDay = day
            if daysSeen.insert(day).inserted { bonuses.insert(.firstOfDay) }
        }
        if categories.markTried(category) { bonuses.insert(.newCategory) }
        if lowEnergy.earns(day: day, at: instant, before: before) { bonuses.insert(.lowEnergy) }
        return bonuses
    }
}
