import LifeCore

/// The journey as worked out from a history, without today: everything the
/// profile shows but today's warmth, which goes on from the warmth at the
/// end of the last active day (`Warmth.State`). What the profile's cache
/// keeps (`Schema/0019_dailymenu_depth.sql`), and what `db check` compares
/// with a fresh walk of the completions.
public struct JourneySnapshot: Sendable, Equatable {
    public let totals: JourneyTotals
    public let moments: Int
    public let stamps: [StampAward]
    /// Nil before the first ritual.
    public let warmth: Warmth.State?
    /// DM-5: the seasons reached, in order, each on its day.
    public let seasons: [SeasonReached]

    public init(
        totals: JourneyTotals, moments: Int, stamps: [StampAward], warmth: Warmth.State?, seasons: [SeasonReached] = []
    ) {
        self.totals = totals
        self.moments = moments
        self.stamps = stamps
        self.warmth = warmth
        self.seasons = seasons
    }

    /// The journey as of `today`; nil when today is before the last active
    /// day (a clock set back), which only a walk of the history can answer.
    public func journey(today: CivilDate) -> Journey? {
        let warmthToday: Double
        if let state = warmth {
            guard today.daysSinceEpoch >= state.day else { return nil }
            warmthToday = Warmth.value(from: state, through: today.daysSinceEpoch)
        } else {
            warmthToday = 0
        }
        return Journey(
            today: today, totals: totals, season: SeasonProgress(moments: moments), warmth: warmthToday,
            stamps: stamps, seasonsReached: seasons)
    }
}
