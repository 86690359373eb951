import Foundation
import LifeCore
import LifeDB
import LifeKernel

extension WalksProduct {
    /// Only Walks' statistics (SPEC STAT-1; docs/stats.md): walks per week
    /// and distance per month, over the finished walks whose day (the owner's
    /// local day of the walk's date, as `walks list` dates it) is in the
    /// window; the length of those walks (the seed's session duration); of
    /// the recordings started in the window, how many were saved (its save
    /// completion rate); and the achievements, earned over all the walks.
    /// Nil while no walk is saved or being recorded.
    public func statistics(_ db: Database, request: StatisticsRequest) throws -> (any StatisticsSection)? {
        let listed = try WalksSession(db, clock: .fixed(request.now)).list()
        guard !listed.isEmpty else { return nil }
        let all = listed.filter { $0.state == .finished }
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
        let durations = all.filter { request.contains(request.day(of: $0.date)) }.compactMap(\.elapsedSeconds)
        let recordings = listed.filter { $0.source == .recorded && request.contains(request.day(of: $0.createdAt)) }
        return WalksStatistics(
            walks: counted.count, distanceMeters: counted.reduce(0) { $0 + $1.meters }, perWeek: perWeek,
            perMonth: perMonth, units: request.units, activeDays: walks.map(\.day),
            sessionLength: WalksStatistics.SessionLength(durations),
            saveCompletion: WalksStatistics.SaveCompletion(
                started: recordings.count, saved: recordings.count { $0.state == .finished }),
            achievements: WalkAchievements(
                walks: all.map { .init(id: $0.id, day: request.day(of: $0.date), distanceMeters: $0.distanceMeters) },
                today: request.today),
            since: request.since)
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

    /// The seed's "session duration during active walks": how long the
    /// walks of the window lasted (first to last timed point), over those
    /// with a duration.
    public struct SessionLength: Sendable, Encodable, Equatable {
        public let sessions: Int
        public let medianSeconds: Double?
        public let meanSeconds: Double?
        public let longestSeconds: Double?

        public init(_ seconds: [Double]) {
            let sorted = seconds.sorted()
            sessions = sorted.count
            if sorted.isEmpty {
                medianSeconds = nil
                meanSeconds = nil
            } else {
                let middle = sorted.count / 2
                medianSeconds = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
                meanSeconds = sorted.reduce(0, +) / Double(sorted.count)
            }
            longestSeconds = sorted.last
        }
    }

    /// The seed's "walk save completion rate": of the recordings started in
    /// the window (`walks record`, or an app's start), how many were saved
    /// (stopped and finished into a walk). One still open — being recorded
    /// now, or interrupted and not yet resumed or finished — is not saved yet.
    public struct SaveCompletion: Sendable, Encodable, Equatable {
        public let started: Int
        public let saved: Int
        /// saved ÷ started; nil without a recording.
        public var rate: Double? { started == 0 ? nil : Double(saved) / Double(started) }

        public init(started: Int, saved: Int) {
            self.started = started
            self.saved = saved
        }

        enum CodingKeys: String, CodingKey { case started, saved, rate }

        public func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(started, forKey: .started)
            try container.encode(saved, forKey: .saved)
            try container.encodeIfPresent(rate, forKey: .rate)
        }
    }

    public let sessionLength: SessionLength
    public let saveCompletion: SaveCompletion
    /// Earned over every walk kept, whatever the window.
    public let achievements: WalkAchievements
    /// The window's first day, to tell the achievements earned in it.
    public let since: CivilDate?

    /// Achievements earned on a day of the window.
    public var achievementsEarnedInWindow: Int {
        achievements.all.count { $0.earnedOn.map { day in since.map { day >= $0 } ?? true } ?? false }
    }

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
            sessionLine,
            saveCompletion.started == 0
                ? "recordings saved: no recording started"
                : "recordings saved: \(StatisticsText.share(saveCompletion.saved, of: saveCompletion.started))",
        ] + achievementLines
    }

    private var sessionLine: String {
        guard let median = sessionLength.medianSeconds, let mean = sessionLength.meanSeconds else {
            return "walk length: no walk with a duration"
        }
        return
            "walk length: median \(WalkFormatting.duration(median)), mean \(WalkFormatting.duration(mean)) over \(Format.count(sessionLength.sessions, "walk", "walks"))"
    }

    /// The achievements in words: how many, the latest, what is next.
    public var achievementLines: [String] {
        let earned = achievements.earned
        var first =
            "achievements: \(earned.count) of \(achievements.all.count)"
        if since != nil { first += " (\(achievementsEarnedInWindow) in this window)" }
        if let latest = earned.last, let day = latest.earnedOn { first += "; latest: \(latest.title), \(day.iso)" }
        var next: [String] = []
        if let distance = achievements.nextDistance {
            next.append(
                "\(distance.achievement.title), \(WalkFormatting.distance(distance.metersToGo, units: units)) to go")
        }
        if let streak = achievements.nextStreak { next.append(streak.title) }
        var lines = [first]
        lines.append(
            "weekly streak: \(Format.count(achievements.currentStreakWeeks, "week", "weeks")) (longest \(Format.count(achievements.longestStreakWeeks, "week", "weeks")))"
                + (next.isEmpty ? "" : "; next: " + next.joined(separator: "; ")))
        return lines
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
        case walks, distanceMeters, walksPerWeek, distancePerMonthMeters, perWeek, perMonth, sessionLength
        case saveCompletion, achievements
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(walks, forKey: .walks)
        try container.encode(distanceMeters, forKey: .distanceMeters)
        try container.encode(walksPerWeek, forKey: .walksPerWeek)
        try container.encode(distancePerMonthMeters, forKey: .distancePerMonthMeters)
        try container.encode(perWeek, forKey: .perWeek)
        try container.encode(perMonth, forKey: .perMonth)
        try container.encode(sessionLength, forKey: .sessionLength)
        try container.encode(saveCompletion, forKey: .saveCompletion)
        try container.encode(achievements, forKey: .achievements)
    }
}
