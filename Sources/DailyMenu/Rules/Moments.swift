import Foundation
import LifeCore

/// Moments over a history (DM-4): a pure function of the completions and
/// the days the menu was asked for low energy.
public enum Moments {
    /// One award per completion, in history order. "First of the day" is the
    /// first completion of its stored local day; "a category new to the
    /// person" is the first completion ever in its category; "a low-energy
    /// day" is `LowEnergyDays`'s rule.
    public static func awards(_ history: [Completion], lowEnergyAsks: [CivilDate: Date] = [:]) -> [MomentAward] {
        var rule = MomentRule(lowEnergyAsks: lowEnergyAsks)
        return Completion.inHistoryOrder(history).map { completion in
            MomentAward(
                completionID: completion.id, localDay: completion.localDay, base: DailyMenuRules.basePoints,
                bonuses: rule.award(completion).bonuses)
        }
    }
}
