import Foundation
import LifeCore

/// The day's menu (DM-2): a pure function of the open activities, the
/// owner's preferences and history, and the date.
public enum MenuPlanner {
    /// The activities that may be suggested at all: never a hidden one, never
    /// one of an excluded category, never one of a pack still locked, never
    /// a ritual of one's own that was removed.
    public static func eligible(
        _ activities: [Activity], hidden: Set<String>, excludedCategories: Set<String>, unlockedPacks: Set<String>,
        energy: Energy? = nil
    ) -> [Activity] {
        activities.filter { activity in
            !activity.removed && !hidden.contains(activity.id) && !excludedCategories.contains(activity.category)
                && (activity.pack.map(unlockedPacks.contains) ?? true)
                && (energy.map { $0 == activity.energy } ?? true)
        }
    }

    /// An activity's weight: 1, times the favourite factor, times its latest
    /// feedback's factor, times 1 + moodDeltaFactor × its mean mood delta.
    public static func weight(
        of activity: Activity, favorite: Bool, history: ActivityHistory?
    ) -> (weight: Double, reasons: [MenuReason]) {
        var weight = 1.0
        var reasons: [MenuReason] = []
        if favorite {
            weight *= DailyMenuRules.favoriteFactor
            reasons.append(.favorite)
        }
        if let feedback = history?.latestFeedback {
            weight *= DailyMenuRules.feedbackFactor(feedback)
            reasons.append(.feedback(feedback))
        }
        if let history, history.ratedCount > 0 {
            let mean = Double(history.moodDeltaSum) / Double(history.ratedCount)
            weight *= 1 + DailyMenuRules.moodDeltaFactor * mean
            reasons.append(.moodHistory(mean: mean, count: history.ratedCount))
        }
        if let pack = activity.pack { reasons.append(.fromPack(pack)) }
        return (weight, reasons)
    }

    /// Up to `count` suggestions for `date`, drawn without replacement with
    /// probability proportional to weight (Efraimidis–Spirakis keys
    /// u^(1/weight)), from SplitMix64 seeded by the date: the same day and the
    /// same state give the same menu; the next day another.
    public static func menu(
        eligible: [Activity], favorites: Set<String>, history: [String: ActivityHistory], date: CivilDate,
        count: Int = DailyMenuRules.menuSize
    ) -> [MenuSuggestion] {
        var random = SplitMix64(seed: "dailymenu-menu-\(date.iso)")
        let keyed = eligible.sorted { $0.id < $1.id }.map { activity in
            let (weight, reasons) = self.weight(
                of: activity, favorite: favorites.contains(activity.id), history: history[activity.id])
            // 1 - unit() is in (0, 1], so the key is defined for every weight > 0.
            let key = pow(1 - random.unit(), 1 / weight)
            return (key: key, suggestion: MenuSuggestion(activity: activity, weight: weight, reasons: reasons))
        }
        return keyed.sorted {
            $0.key != $1.key ? $0.key > $1.key : $0.suggestion.activity.id < $1.suggestion.activity.id
        }
        .prefix(max(0, count)).map(\.suggestion)
    }
}
