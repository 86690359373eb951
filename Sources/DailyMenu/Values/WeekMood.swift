import LifeCore

/// Moods of one week (Monday first).
public struct WeekMood: Sendable, Equatable, Encodable {
    public let weekStart: CivilDate
    public let rituals: Int
    /// Mean before-mood level (Low 0, Okay 1, Good 2) of the rated ones; nil when none.
    public let meanBefore: Double?
    /// Mean after-mood delta (Lower -1, Same 0, Better +1) of the rated ones; nil when none.
    public let meanAfter: Double?

    /// Memberwise, for previews and tests of a front end; the store builds the real ones.
    public init(
        weekStart: CivilDate, rituals: Int, meanBefore: Double?, meanAfter: Double?
    ) {
        self.weekStart = weekStart
        self.rituals = rituals
        self.meanBefore = meanBefore
        self.meanAfter = meanAfter
    }
}
