import Foundation
import LifeCore

/// Moments over a history (DM-4): a pure function of the completions.
public enum Moments {
    /// One award per completion, in history order. "First of the day" is the
    /// first completion of its stored local day; "a category new to the
    /// person" is the first completion ever in its category.
    public static func awards(_ history: [Completion]) -> [MomentAward] {
        let ordered = Completion.inHistoryOrder(history)
        var daysSeen = Set<Int>()
        var categoriesSeen = Set<String>()
        return ordered.map { completion in
            var bonuses: [MomentBonus] = []
            if completion.moodImproved { bonuses.append(.moodImproved) }
            if daysSeen.insert(completion.localDay.daysSinceEpoch).inserted { bonuses.append(.firstOfDay) }
            if categoriesSeen.insert(completion.category).inserted { bonuses.append(.newCategory) }
            if completion.energy == .low { bonuses.append(.lowEnergy) }
            return MomentAward(
                completionID: completion.id, localDay: completion.localDay, base: DailyMenuRules.basePoints,
                bonuses: bonuses)
        }
    }
}
