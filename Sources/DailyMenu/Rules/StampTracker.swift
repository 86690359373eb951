import Foundation
import LifeCore

/// The stamps of DM-7, one completion after another in history order: the
/// one place their rules live (`Stamps.awards`, `JourneyBuilder`). Each
/// check runs only until its stamp is earned, so a long history costs a
/// comparison or two per completion.
public struct StampTracker: Sendable {
    /// The catalogue's categories, numbered first (0 ..< `catalogueCount`).
    private var categories: CategoryNumbers
    private let catalogueCount: Int
    private var catalogueTried = 0
    private var count = 0
    private var nextMilestone = 0
    private var explorer: Bool
    private var morning = false
    private var moodLifted = false
    private var sevenDays = false
    private var days = Set<Int>()
    private var lastDay = Int.min
    private var lifted = 0

    public init(categories: Set<String>) {
        self.categories = CategoryNumbers(categories.sorted())
        catalogueCount = categories.count
        // An empty catalogue has nothing to explore.
        explorer = categories.isEmpty
    }

    /// The number the tracker gives `category` (the catalogue's first).
    public mutating func number(of category: String) -> Int { categories.number(of: category) }

    /// The stamps the next completion earns (usually none); `category` is
    /// its number from `number(of:)`.
    public mutating func add(day: Int, time: LocalTime, category: Int, moodImproved: Bool) -> [StampKind] {
        count += 1
        var new: [StampKind] = []
        let milestones = DailyMenuRules.milestoneCounts
        if nextMilestone < milestones.count && milestones[nextMilestone].count == count {
            new.append(milestones[nextMilestone].stamp)
            nextMilestone += 1
        }
        if !explorer && categories.markTried(category) && category < catalogueCount {
            catalogueTried += 1
            if catalogueTried == catalogueCount {
                explorer = true
                new.append(.everyCategory)
            }
        }
        if moodImproved && !moodLifted {
            lifted += 1
            if lifted == DailyMenuRules.moodLiftedStampCount {
                moodLifted = true
                new.append(.moodLifted)
            }
        }
        if !morning && time >= DailyMenuRules.morningStart && time < DailyMenuRules.morningEnd {
            morning = true
            new.append(.morningRitual)
        }
        if !sevenDays && day != lastDay {
            lastDay = day
            if days.insert(day).inserted && days.count == DailyMenuRules.differentDaysStampCount {
                sevenDays = true
                new.append(.sevenDays)
            }
        }
        return new
    }
}
