import Foundation
import LifeCore

/// What the home-screen widgets show (SPEC FIN-8): the weeks remaining, the
/// small and medium widgets' text, and the timeline of instants at which the
/// number changes, so a widget can be refreshed exactly then.
public struct WidgetSnapshot: Sendable, Codable, Equatable {
    public struct Entry: Sendable, Codable, Equatable {
        /// Local midnight at the start of a week, in the owner's zone.
        public let at: Date
        /// The number from that instant on.
        public let weeksRemaining: Int

        public init(at: Date, weeksRemaining: Int) {
            self.at = at
            self.weeksRemaining = weeksRemaining
        }
    }

    public let weeksRemaining: Int
    /// The small widget: the grouped number alone ("2,260").
    public let smallText: String
    /// The medium widget: the number with its context on a second line.
    public let mediumText: String
    /// The next instants at which `weeksRemaining` changes (each following
    /// week start), ending with the entry that reaches 0; empty past the expectancy.
    public let timeline: [Entry]

    /// The snapshot at `now`, with at most `entries` timeline entries.
    ///
    /// "Today" is the owner's local date in `timeZone` (CORE-5). An instant
    /// before the birthday in that zone (a birthday entered as today, seen from
    /// a zone that is still on yesterday) is shown as the first week.
    public init(grid: LifeGrid, now: Date, timeZone: TimeZone, entries: Int = 8) {
        let today = max(CivilDate.of(now, in: timeZone), grid.birthday)
        // The birthday itself is always in week 0, so this never falls back.
        let status =
            grid.status(on: today)
            ?? LifeStatus(
                today: today, lifeExpectancyYears: grid.lifeExpectancyYears, currentWeek: grid.weekRange(index: 0))
        let remaining = status.weeksRemaining
        self.weeksRemaining = remaining
        self.smallText = Format.grouped(remaining)

        let years = grid.lifeExpectancyYears
        let firstLine = "\(Format.grouped(remaining)) \(remaining == 1 ? "week" : "weeks") remaining"
        if status.isBeyondExpectancy {
            let beyond = status.weeksBeyondExpectancy
            self.mediumText =
                firstLine + "\n\(Format.grouped(beyond)) \(beyond == 1 ? "week" : "weeks") beyond "
                + "\(Format.grouped(years)) \(years == 1 ? "year" : "years")"
        } else {
            self.mediumText =
                firstLine + "\nWeek \(Format.grouped(status.currentWeekNumber)) of \(Format.grouped(status.totalWeeks))"
                + " · \(Format.fixed(status.percentLived, decimals: 1))% lived"
        }

        // SPEC FIN-8: the number changes at each week boundary, local midnight
        // of the next week's first day; it stops changing once it is 0.
        var timeline: [Entry] = []
        var index = status.currentWeek.index + 1
        while timeline.count < entries && index < status.totalWeeks {
            let start = grid.weekRange(index: index).start
            timeline.append(
                Entry(at: start.startInstant(in: timeZone), weeksRemaining: max(0, status.totalWeeks - (index + 1))))
            index += 1
        }
        self.timeline = timeline
    }
}
