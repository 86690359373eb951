import Foundation
import LifeCore

/// A named chapter of a life as stored (SPEC FIN-11): a start week, an
/// optional end week (both inclusive, 0-based indexes as `WeekMark`'s), and
/// a colour. Without an end the phase is ongoing: it lasts through the
/// current week. The rules (the name, the weeks, the overlap limit) are
/// checked by the store; this is the plain value it hands back.
public struct LifePhase: Sendable, Equatable {
    /// CORE-10: a UUID so that two devices' databases can be merged.
    public var id: UUID
    public var name: String
    public var startWeekIndex: Int
    /// Inclusive; nil while the phase is ongoing.
    public var endWeekIndex: Int?
    public var colour: PhaseColour
    public var createdAt: Date
    public var updatedAt: Date

    public init(
        id: UUID, name: String, startWeekIndex: Int, endWeekIndex: Int?, colour: PhaseColour, createdAt: Date,
        updatedAt: Date
    ) {
        self.id = id
        self.name = name
        self.startWeekIndex = startWeekIndex
        self.endWeekIndex = endWeekIndex
        self.colour = colour
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// The last week the phase covers when the current week is
    /// `currentWeekIndex`: its end, or for an ongoing phase the current week
    /// (its start, for one that has not begun, which the store never saves).
    public func lastWeekIndex(currentWeekIndex: Int) -> Int {
        endWeekIndex ?? max(startWeekIndex, currentWeekIndex)
    }

    /// The weeks it covers, both ends included.
    public func weeks(currentWeekIndex: Int) -> ClosedRange<Int> {
        startWeekIndex...lastWeekIndex(currentWeekIndex: currentWeekIndex)
    }
}

/// A phase as the commands show it (`lifectl finite phase …`): the stored
/// phase with the dates of its weeks.
public struct PhaseDetail: Sendable, Equatable, Encodable {
    public let id: UUID
    public let name: String
    public let colour: PhaseColour
    /// The first week.
    public let from: WeekRange
    /// The last week as given; nil for an ongoing phase.
    public let to: WeekRange?
    /// The last week it covers now: `to`, or the current week while it is ongoing.
    public let through: WeekRange
    public let ongoing: Bool
    /// Weeks from `from` through `through`, both included.
    public let weekCount: Int
    public let createdAt: Date
    public let updatedAt: Date

    public init(_ phase: LifePhase, grid: LifeGrid, currentWeekIndex: Int) {
        id = phase.id
        name = phase.name
        colour = phase.colour
        from = grid.weekRange(index: phase.startWeekIndex)
        to = phase.endWeekIndex.map { grid.weekRange(index: $0) }
        let last = phase.lastWeekIndex(currentWeekIndex: currentWeekIndex)
        through = grid.weekRange(index: last)
        ongoing = phase.endWeekIndex == nil
        weekCount = last - phase.startWeekIndex + 1
        createdAt = phase.createdAt
        updatedAt = phase.updatedAt
    }

    /// The phase's weeks in words, shared by the poster and the terminal:
    /// "weeks 329–949, 1996-09-01 to 2008-07-31", "week 1,900, …" for one
    /// week, "…, 2013-05-14 to now (ongoing)" for an ongoing phase.
    public var span: String {
        let first = from.index
        let last = through.index
        let label =
            first == last
            ? "week \(Format.grouped(first + 1))"
            : "weeks \(Format.grouped(first + 1))\u{2013}\(Format.grouped(last + 1))"
        let start = from.start.iso
        if ongoing { return "\(label), \(start) to now (ongoing)" }
        return "\(label), \(start) to \(through.end.iso)"
    }
}

/// A change to a phase (`lifectl finite phase edit`); nil fields stay as
/// they are. `end` set to `.some(nil)` makes the phase ongoing.
public struct PhaseChange: Sendable, Equatable {
    public var name: String?
    public var from: WeekSelector?
    public var end: WeekSelector??
    public var colour: PhaseColour?

    public init(name: String? = nil, from: WeekSelector? = nil, end: WeekSelector?? = nil, colour: PhaseColour? = nil) {
        self.name = name
        self.from = from
        self.end = end
        self.colour = colour
    }

    public var isEmpty: Bool { self == PhaseChange() }
}
