import Foundation
import LifeCore

extension MomentTally {
    /// A tally kept while walking a history in history order, one
    /// completion at a time, for `db check` (which has every completion in
    /// hand). An absent mood counts as lifting the mood, and an absent
    /// before-mood as Low, as the store counts for an import and `db check`:
    /// either may have been withheld (DM-10).
    public struct Running: Sendable {
        public private(set) var tally = MomentTally()
        private var rule: MomentRule
        private var categories = CategoryNumbers()

        /// `lowEnergyAsks`: the days the menu was asked with `--energy low`.
        public init(lowEnergyAsks: [CivilDate: Date] = [:]) {
            rule = MomentRule(lowEnergyAsks: lowEnergyAsks, countingAbsentMoodsAsLow: true)
        }

        public mutating func add(_ completion: Completion) {
            let lifted = completion.afterMoodForRules == nil || completion.moodImproved
            let bonuses = rule.award(
                day: completion.localDay.daysSinceEpoch, at: completion.completedAt,
                category: categories.number(of: completion.category), before: completion.beforeMoodForRules,
                moodImproved: lifted)
            tally.completions += 1
            if bonuses.contains(.moodImproved) { tally.moodImproved += 1 }
            if bonuses.contains(.firstOfDay) { tally.days += 1 }
            if bonuses.contains(.newCategory) { tally.categories += 1 }
            if bonuses.contains(.lowEnergy) { tally.lowEnergy += 1 }
        }
    }
}
