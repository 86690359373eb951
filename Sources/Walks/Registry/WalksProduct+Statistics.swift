import Foundation
import LifeCore
import LifeDB
import LifeKernel

extension WalksProduct {
    /// Only Walks' statistics (SPEC STAT-1; docs/stats.md): walks per week
    /// and distance per month, over the finished walks whose day (the owner's
    /// local day of the walk's date, as `walks list` dates it) is in the
    /// window. Nil while no walk is saved.
    public func statistics(_ db: Database, request: StatisticsRequest) throws -> (any StatisticsSection)? {
        let all = try WalksSession(db, clock: .fixed(request.now)).list()
        guard !all.isEmpty else { return nil }
        let walks = all.map { (day: request.day(of: $0.date), meters: $0.distanceMeters) }
        let counted = walks.filter { request.contains($0.day) }
        let start = request.start(first: walks.map(\.day).min())
        var byWeek: [CivilDate: (walks: Int, meters: Double)] = [:]
        var byMonth: [String: (walks: Int, meters: Double)] = [:]
        for walk in counted {
            let week = byWeek[StatisticsRequest.monday(of: walk.day)] ?? (0, 0)
            byWeek[StatisticsRequest.monday(of: walk.day)] = (week.walks + 1, week.meters + walk.meters)
            let month = byMonth[String(walk.day.iso.prefix(7))] ?? (0, 0)
            byMonth[String(walk.day.iso.prefix(7))] = (month.walks + 1, month.meters + walk.meters)
        }
        let perWeek = request.mondays(from: start).map { monday in
            WalksStatistics.Week(
                weekStart: monday, walks: byWeek[monday]?.walks ?? 0, distanceMeters: byWeek[monday]?.meters ?? 0)
        }
        let perMonth = request.months(from: start).map { first in
            let month = String(first.iso.prefix(7))
            return WalksStatistics.Month(
                month: month, walks: byMonth[month]?.walks ?? 0, distanceMeters: byMonth[month]?.meters ?? 0)
        }
        return WalksStatistics(
            walks: counted.count, distanceMeters: counted.reduce(0) { $0 + $1.meters }, perWeek: perWeek,
            perMonth: perMonth, units: request.units, activeDays: walks.map(\.day))
    }
}

/// Only Walks' part of a statistics page (docs/stats.md).
public struct WalksStatistics: StatisticsSection, Equatable {
    public struct Week: Sendable, Encodable, Equatable {
        /// Its Monday.
        public let weekStart: CivilDate
        public let walks: Int
        public let distanceMeters: Double
    }

    public struct Month: Sendable, Encodable, Equatable {
        /// `YYYY-MM`.
        public let month: String
        public let walks: Int
        public let distanceMeters: Double
    }

    public let walks: Int
    public let distanceMeters: Double
    /// Every week (Monday to Sunday) from the window's first to this one.
    public let perWeek: [Week]
    /// Every calendar month from the window's first to this one.
    public let perMonth: [Month]
    public let units: Units
    public let activeDays: [CivilDate]

    public var key: String { "walks" }
    public var title: String { "Walks" }
    public var color: String { "#2e7d32" }

    /// Walks per week over the weeks of the window (this one included).
    public var walksPerWeek: Double { perWeek.isEmpty ? 0 : Double(walks) / Double(perWeek.count) }
    /// Metres per month over the months of the window (this one included).
    public var distancePerMonthMeters: Double {
        perMonth.isEmpty ? 0 : distanceMeters / Double(perMonth.count)
    }

    public var lines: [String] {
        [
            "\(Format.count(walks, "walk", "walks")), \(WalkFormatting.distance(distanceMeters, units: units)), in \(Format.count(perWeek.count, "week", "weeks")) and \(Format.count(perMonth.count, "month", "months"))",
            "\(Format.fixed(walksPerWeek, decimals: 1)) walks a week; \(WalkFormatting.distance(distancePerMonthMeters, units: units)) a month",
        ]
    }

    public var charts: [StatisticsChart] {
        let perUnit = units == .metric ? 1000 : WalksRules.metersPerMile
        return [
            StatisticsChart(
                title: "Walks per week", kind: .bars, labels: perWeek.map(\.weekStart.iso),
                series: [
                    StatisticsChart.Series(name: "walks", color: color, values: perWeek.map { Double($0.walks) })
                ]),
            StatisticsChart(
                title: "Distance per month", kind: .bars, labels: perMonth.map(\.month),
                series: [
                    StatisticsChart.Series(
                        name: "distance", color: color, values: perMonth.map { $0.distanceMeters / perUnit })
                ], unit: units == .metric ? "km" : "mi"),
        ]
    }

    private enum CodingKeys: String, CodingKey {
        case walks, distanceMeters, walksPerWeek, distancePerMonthMeters, perWeek, perMonth
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(walks, forKey: .walks)
        try container.encode(distanceMeters, forKey: .distanceMeters)
        try container.encode(walksPerWeek, forKey: .walksPerWeek)
        try container.encode(distancePerMonthMeters, forKey: .distancePerMonthMeters)
        try container.encode(perWeek, forKey: .perWeek)
        try container.encode(perMonth, forKey: .perMonth)
    }
}
