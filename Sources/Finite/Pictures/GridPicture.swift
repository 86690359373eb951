import LifeCore

/// What the grid pictures draw (SPEC FIN-9), decided once so that the poster
/// and the terminal agree week by week.
///
/// The picture has `max(L, current year + 1)` rows: a life past its
/// expectancy is still drawn to the current week, and the weeks lived beyond
/// the expectancy are told apart from the others.
public struct GridPicture: Sendable {
    /// How one week is drawn.
    public enum Cell: Sendable, Equatable {
        /// After the current week: outlined only.
        case future
        /// Before the current week, unmarked: filled.
        case lived
        /// Before the current week, unmarked, past the expectancy: filled, drawn distinctly.
        case livedBeyondExpectancy
        /// Before the current week, marked: the rating's colour (grey in B&W).
        case marked(WeekRating)
        /// The week holding today, with its rating when it is already marked.
        case current(WeekRating?)
    }

    public let status: LifeStatus
    public let mode: ViewMode
    /// Rows drawn: the expectancy, or more when the life has passed it.
    public let rows: Int
    /// The life phases (FIN-11), keyed and laid out in lanes.
    public let phases: [PhaseBand]
    private let ratings: [Int: WeekRating]

    public init(status: LifeStatus, marks: [WeekMark], mode: ViewMode, phases: [PhaseDetail] = []) {
        self.status = status
        self.mode = mode
        self.rows = max(status.lifeExpectancyYears, status.currentWeek.year + 1)
        self.phases = PhaseBand.layout(phases)
        var ratings: [Int: WeekRating] = [:]
        // A future week cannot be marked (FIN-4); a stray mark is not drawn.
        for mark in marks where (0...status.currentWeek.index).contains(mark.weekIndex) {
            ratings[mark.weekIndex] = mark.rating
        }
        self.ratings = ratings
    }

    /// Every week drawn: 52 per row.
    public var weekCount: Int { rows * FiniteRules.weeksPerRow }

    /// The lanes the phases take beside the grid (0 without phases).
    public var phaseLanes: Int { (phases.map(\.lane).max() ?? -1) + 1 }

    /// The weeks of `band` that the picture draws (nil when all of them lie
    /// past its last row).
    public func drawnWeeks(_ band: PhaseBand) -> ClosedRange<Int>? {
        guard band.weeks.lowerBound < weekCount else { return nil }
        return band.weeks.lowerBound...min(band.weeks.upperBound, weekCount - 1)
    }

    /// Whether week `index` lies past the expectancy (row `L` and after).
    public func isBeyondExpectancy(_ index: Int) -> Bool {
        index >= status.totalWeeks
    }

    /// How week `index` is drawn.
    public func cell(at index: Int) -> Cell {
        let current = status.currentWeek.index
        if index == current { return .current(ratings[index]) }
        if index > current { return .future }
        if let rating = ratings[index] { return .marked(rating) }
        return isBeyondExpectancy(index) ? .livedBeyondExpectancy : .lived
    }

    /// One line on where the life stands, shared by the poster and the terminal:
    /// "Week 1,900 of 4,160 · 2,260 weeks remaining", or past the expectancy
    /// "Week 4,317 of 4,160 · 157 weeks beyond 80 years".
    public var summary: String {
        let week = "Week \(Format.grouped(status.currentWeekNumber)) of \(Format.grouped(status.totalWeeks))"
        if status.isBeyondExpectancy {
            let beyond = status.weeksBeyondExpectancy
            return week + " \u{00B7} \(Format.grouped(beyond)) \(beyond == 1 ? "week" : "weeks") beyond "
                + Self.years(status.lifeExpectancyYears)
        }
        let remaining = status.weeksRemaining
        return week + " \u{00B7} \(Format.grouped(remaining)) \(remaining == 1 ? "week" : "weeks") remaining"
    }

    /// "80 years", "1 year".
    static func years(_ count: Int) -> String {
        "\(Format.grouped(count)) \(count == 1 ? "year" : "years")"
    }
}
