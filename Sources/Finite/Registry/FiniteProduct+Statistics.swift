import Foundation
import LifeCore
import LifeDB
import LifeKernel

extension FiniteProduct {
    /// Finite's statistics (SPEC STAT-1; docs/stats.md): the seed's North
    /// Star, weekly active marking, over the life weeks of the window, with
    /// the weeks marked and the phases. Nil before setup.
    public func statistics(_ db: Database, request: StatisticsRequest) throws -> (any StatisticsSection)? {
        let session = FiniteSession(db, clock: .fixed(request.now))
        guard let profile = try session.profile(), let status = profile.grid.status(on: request.today) else {
            return nil
        }
        let grid = profile.grid
        // A mark is saved when first marked and, if later, when last changed:
        // the two instants a row keeps.
        var saves: [CivilDate] = []
        let marks = try session.marks()
        for mark in marks {
            saves.append(request.day(of: mark.markedAt))
            if mark.updatedAt != mark.markedAt { saves.append(request.day(of: mark.updatedAt)) }
        }
        let phases = try session.phases()
        let phaseDays = phases.flatMap { [request.day(of: $0.createdAt), request.day(of: $0.updatedAt)] }
        // Weeks count from the later of `since` and the day Finite was first
        // used: weeks before it say nothing about the habit.
        let firstUse = ([request.day(of: profile.createdAt)] + saves).min() ?? request.today
        let start = max(request.since ?? firstUse, firstUse, grid.birthday)
        let current = status.currentWeek.index
        let firstWeek = min(grid.weekIndex(containing: start) ?? 0, current)
        var savedPerWeek: [Int: Int] = [:]
        for day in saves where request.contains(day) {
            if let week = grid.weekIndex(containing: day), week >= firstWeek { savedPerWeek[week, default: 0] += 1 }
        }
        let perWeek = (firstWeek...current).map { index in
            let range = grid.weekRange(index: index)
            return FiniteStatistics.Week(
                weekNumber: range.number, start: range.start, marksSaved: savedPerWeek[index] ?? 0)
        }
        let completed = perWeek.dropLast()
        let active = completed.filter { $0.marksSaved > 0 }.count
        return FiniteStatistics(
            weeklyActiveMarking: FiniteStatistics.WeeklyActiveMarking(
                from: grid.weekRange(index: firstWeek).start, weeks: completed.count, activeWeeks: active,
                rate: completed.isEmpty ? nil : Double(active) / Double(completed.count),
                thisWeek: (savedPerWeek[current] ?? 0) > 0),
            weeksMarked: marks.filter { $0.weekIndex < current }.count, weeksLived: status.weeksLived,
            phases: phases.count, perWeek: perWeek, activeDays: saves + phaseDays)
    }
}

/// Finite's part of a statistics page (docs/stats.md).
public struct FiniteStatistics: StatisticsSection, Equatable {
    /// The seed's North Star for one person: the share of life weeks in
    /// which at least one mark was saved.
    public struct WeeklyActiveMarking: Sendable, Encodable, Equatable {
        /// The first day of the first week counted.
        public let from: CivilDate
        /// Life weeks counted: from the window's first to the one before the current (completed weeks).
        public let weeks: Int
        /// Those in which a mark was saved.
        public let activeWeeks: Int
        /// `activeWeeks / weeks`; nil (omitted) before a week has ended.
        public let rate: Double?
        /// Whether a mark was saved in the current week (not counted above: it is not over).
        public let thisWeek: Bool
    }

    public struct Week: Sendable, Encodable, Equatable {
        public let weekNumber: Int
        public let start: CivilDate
        /// Marks saved (first marked, or changed) during this life week.
        public let marksSaved: Int
    }

    public let weeklyActiveMarking: WeeklyActiveMarking
    /// Weeks before the current one that hold a mark.
    public let weeksMarked: Int
    public let weeksLived: Int
    public let phases: Int
    /// One per life week from the window's first to the current one.
    public let perWeek: [Week]
    public let activeDays: [CivilDate]

    public var key: String { "finite" }
    public var title: String { "Finite" }
    public var color: String { FinitePalette.current }

    public var lines: [String] {
        let marking = weeklyActiveMarking
        let first = perWeek.first.map { "week \(Format.grouped($0.weekNumber)) (\(marking.from.iso))" } ?? ""
        let weeks =
            marking.weeks == 0
            ? "no week completed yet since \(first)"
            : "a mark saved in \(StatisticsText.share(marking.activeWeeks, of: marking.weeks)) completed weeks since \(first)"
        return [
            "weekly active marking: \(weeks); this week: \(marking.thisWeek ? "yes" : "not yet")",
            "weeks lived with a mark: \(StatisticsText.share(weeksMarked, of: weeksLived)); life phases: \(phases)",
        ]
    }

    public var charts: [StatisticsChart] {
        [
            StatisticsChart(
                title: "Marks saved, life week by week", kind: .bars, labels: perWeek.map(\.start.iso),
                series: [
                    StatisticsChart.Series(
                        name: "marks saved", color: color, values: perWeek.map { Double($0.marksSaved) })
                ])
        ]
    }

    private enum CodingKeys: String, CodingKey {
        case weeklyActiveMarking, weeksMarked, weeksLived, phases, perWeek
    }
}
