/// What the reveal animation needs (SPEC FIN-6): the weeks from the first to
/// the current in order, the year boundaries that get a haptic thud, the week
/// that pulses, and a pace that makes the fill last 3–5 s.
///
/// The seed's pace is "~50 weeks/second (entire life in 3–5 sec)": the
/// duration is `count / 50` seconds clamped to 3…5, and the pace follows from
/// it. A very young life fills slower than 50/s (it still takes 3 s); a long
/// one faster (it never takes more than 5 s).
public struct RevealPlan: Sendable, Codable, Equatable {
    public struct Week: Sendable, Codable, Equatable {
        public let index: Int
        /// The mark's rating, so the fill can bloom in its colour; nil when unmarked.
        public let rating: WeekRating?

        public init(index: Int, rating: WeekRating?) {
            self.index = index
            self.rating = rating
        }
    }

    /// SPEC FIN-6: indexes 0 … current, in order.
    public let weeks: [Week]
    /// SPEC FIN-6: a thud every 52 weeks: 52, 104, … up to the current index.
    public let yearBoundaries: [Int]
    /// SPEC FIN-6: the current week pulses when the fill stops.
    public let currentWeekIndex: Int
    /// `clamp(count / 50, 3, 5)` seconds.
    public let durationSeconds: Double
    /// `count / durationSeconds`.
    public let weeksPerSecond: Double

    /// The seed's fill rate and the bounds of the whole animation.
    public static let nominalWeeksPerSecond = 50.0
    public static let durationRangeSeconds = 3.0...5.0

    public init(status: LifeStatus, marks: [WeekMark]) {
        let current = status.currentWeek.index
        var ratings: [Int: WeekRating] = [:]
        // A future week cannot be marked (FIN-4); a stray one is not revealed.
        for mark in marks where (0...current).contains(mark.weekIndex) {
            ratings[mark.weekIndex] = mark.rating
        }
        self.weeks = (0...current).map { Week(index: $0, rating: ratings[$0]) }
        self.yearBoundaries = Array(
            stride(from: FiniteRules.weeksPerRow, through: current, by: FiniteRules.weeksPerRow))
        self.currentWeekIndex = current
        let count = Double(current + 1)
        let range = Self.durationRangeSeconds
        self.durationSeconds = min(max(count / Self.nominalWeeksPerSecond, range.lowerBound), range.upperBound)
        self.weeksPerSecond = count / durationSeconds
    }
}
