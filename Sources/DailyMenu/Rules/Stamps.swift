import Foundation
import LifeCore

/// Stamps over a history: a pure function of the completions.
public enum Stamps {
    /// Every stamp earned, each once, in the order earned. `categories` are
    /// the catalogue's categories, for "every category tried".
    public static func awards(_ history: [Completion], categories: Set<String>) -> [StampAward] {
        let ordered = Completion.inHistoryOrder(history)
        var awards: [StampAward] = []
        var earned = Set<StampKind>()
        var days = Set<CivilDate>()
        var tried = Set<String>()
        var lifted = 0
        func award(_ kind: StampKind, _ completion: Completion) {
            if earned.insert(kind).inserted {
                awards.append(StampAward(kind: kind, date: completion.localDay, completionID: completion.id))
            }
        }
        // Each check runs only until its stamp is earned: a long history
        // costs a comparison or two per completion.
        var explorer = categories.isEmpty
        var morning = false
        var sevenDays = false
        for (index, completion) in ordered.enumerated() {
            let count = index + 1
            for milestone in DailyMenuRules.milestoneCounts where milestone.count == count {
                award(milestone.stamp, completion)
            }
            if !explorer && tried.insert(completion.category).inserted && categories.isSubset(of: tried) {
                explorer = true
                award(.everyCategory, completion)
            }
            if completion.moodImproved {
                lifted += 1
                if lifted == DailyMenuRules.moodLiftedStampCount { award(.moodLifted, completion) }
            }
            if !morning && completion.localTime >= DailyMenuRules.morningStart
                && completion.localTime < DailyMenuRules.morningEnd
            {
                morning = true
                award(.morningRitual, completion)
            }
            if !sevenDays && days.insert(completion.localDay).inserted
                && days.count == DailyMenuRules.differentDaysStampCount
            {
                sevenDays = true
                award(.sevenDays, completion)
            }
        }
        return awards
    }
}
