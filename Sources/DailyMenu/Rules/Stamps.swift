import Foundation
import LifeCore

/// Stamps over a history: a pure function of the completions.
public enum Stamps {
    /// Every stamp earned, each once, in the order earned. `categories` are
    /// the catalogue's categories, for "every category tried".
    public static func awards(_ history: [Completion], categories: Set<String>) -> [StampAward] {
        var tracker = StampTracker(categories: categories)
        var awards: [StampAward] = []
        for completion in Completion.inHistoryOrder(history) {
            for kind in tracker.add(
                day: completion.localDay.daysSinceEpoch, time: completion.localTime,
                category: tracker.number(of: completion.category), moodImproved: completion.moodImproved)
            {
                awards.append(StampAward(kind: kind, date: completion.localDay, completionID: completion.id))
            }
        }
        return awards
    }
}
