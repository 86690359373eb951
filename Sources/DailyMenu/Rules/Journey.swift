import Foundation
import LifeCore

/// Everything the profile shows that follows from the completions alone
/// (DM-4 … DM-7, DM-9), walked once by `JourneyBuilder`. The store keeps the
/// last one only while the history is unchanged (`dailymenu_journey_cache`),
/// so it can never disagree with the history.
public struct Journey: Sendable, Encodable {
    public let today: CivilDate
    public let totals: JourneyTotals
    public let season: SeasonProgress
    public let warmth: Double
    public let warmthLevel: WarmthLevel
    public let stamps: [StampAward]
    /// DM-5: each season reached so far, with the day it was reached.
    public let seasonsReached: [SeasonReached]

    public var moments: Int { season.moments }

    /// The journey of `history` (any order) as of `today`; `lowEnergyAsks`
    /// are the days the menu was asked with `--energy low`, and when first.
    public init(
        history: [Completion], lowEnergyAsks: [CivilDate: Date] = [:], categories: Set<String>, today: CivilDate
    ) {
        var builder = JourneyBuilder(categories: categories, lowEnergyAsks: lowEnergyAsks)
        let ordered = Completion.inHistoryOrder(history)
        for (index, completion) in ordered.enumerated() { builder.add(completion, reference: Int64(index)) }
        self = builder.journey(today: today) { ordered[Int($0)].id }
    }

    /// Memberwise, for `JourneyBuilder` and for previews and tests of a front end.
    public init(
        today: CivilDate, totals: JourneyTotals, season: SeasonProgress, warmth: Double, stamps: [StampAward],
        seasonsReached: [SeasonReached] = []
    ) {
        self.today = today
        self.totals = totals
        self.season = season
        self.warmth = warmth
        self.warmthLevel = WarmthLevel.of(warmth)
        self.stamps = stamps
        self.seasonsReached = seasonsReached
    }

    enum CodingKeys: String, CodingKey {
        case today, totals, moments, season, warmth, warmthLevel, stamps, seasonsReached
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(today, forKey: .today)
        try container.encode(totals, forKey: .totals)
        try container.encode(moments, forKey: .moments)
        try container.encode(season, forKey: .season)
        try container.encode(warmth, forKey: .warmth)
        try container.encode(warmthLevel, forKey: .warmthLevel)
        try container.encode(stamps, forKey: .stamps)
        try container.encode(seasonsReached, forKey: .seasonsReached)
    }
}
