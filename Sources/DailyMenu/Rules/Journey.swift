import Foundation
import LifeCore

/// Everything the profile shows that follows from the completions alone
/// (DM-4 … DM-7, DM-9): recomputed on every read, never stored, so it can
/// never disagree with the history.
public struct Journey: Sendable, Encodable {
    public let today: CivilDate
    public let totals: JourneyTotals
    /// Moments per completion, in history order.
    public let awards: [MomentAward]
    public let season: SeasonProgress
    public let warmth: Double
    public let warmthLevel: WarmthLevel
    public let stamps: [StampAward]

    public var moments: Int { season.moments }

    public init(history: [Completion], categories: Set<String>, today: CivilDate) {
        self.today = today
        let ordered = Completion.inHistoryOrder(history)
        awards = Moments.awards(ordered)
        season = SeasonProgress(moments: awards.reduce(0) { $0 + $1.total })
        let days = Set(ordered.map(\.localDay))
        warmth = Warmth.value(activeDays: days, through: today)
        warmthLevel = WarmthLevel.of(warmth)
        stamps = Stamps.awards(ordered, categories: categories)
        totals = JourneyTotals(
            rituals: ordered.count, activeDays: days.count, minutes: ordered.reduce(0) { $0 + $1.minutes },
            categoriesTried: Set(ordered.map(\.category)).count, categories: categories.count,
            moodLifted: ordered.filter(\.moodImproved).count, firstDay: days.min(), lastDay: days.max())
    }

    enum CodingKeys: String, CodingKey { case today, totals, moments, season, warmth, warmthLevel, stamps }

    /// The awards per completion are left out: `day` shows them where they matter.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(today, forKey: .today)
        try container.encode(totals, forKey: .totals)
        try container.encode(moments, forKey: .moments)
        try container.encode(season, forKey: .season)
        try container.encode(warmth, forKey: .warmth)
        try container.encode(warmthLevel, forKey: .warmthLevel)
        try container.encode(stamps, forKey: .stamps)
    }
}
