import LifeCore

/// One day of the month grid.
public struct CalendarDay: Sendable, Equatable, Encodable {
    public let date: CivilDate
    public let rituals: Int
    public let moodLifted: Int
    public let mark: CalendarMark?

    /// Memberwise, for previews and tests of a front end; the store builds the real ones.
    public init(
        date: CivilDate, rituals: Int, moodLifted: Int, mark: CalendarMark?
    ) {
        self.date = date
        self.rituals = rituals
        self.moodLifted = moodLifted
        self.mark = mark
    }
}
