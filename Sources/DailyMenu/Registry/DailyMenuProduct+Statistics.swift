import Foundation
import LifeCore
import LifeDB
import LifeKernel

extension DailyMenuProduct {
    /// DailyMenu's statistics (SPEC STAT-1; docs/stats.md): the seed's mood
    /// metrics over the rituals done in the window (by their local day): the
    /// share with a mood logged and the mood-lifted rate, week by week. They
    /// are the owner's own, so they count whether or not mood sharing is on.
    /// Nil while no ritual is done.
    public func statistics(_ db: Database, request: StatisticsRequest) throws -> (any StatisticsSection)? {
        let all = try DailyMenuSession(db, clock: .fixed(request.now)).completions()
        guard !all.isEmpty else { return nil }
        let counted = all.filter { request.contains($0.localDay) }
        let start = request.start(first: all.map(\.localDay).min())
        var byWeek: [CivilDate: [Completion]] = [:]
        for completion in counted {
            byWeek[StatisticsRequest.monday(of: completion.localDay), default: []].append(completion)
        }
        return DailyMenuStatistics(
            counts: DailyMenuStatistics.Counts(counted),
            perWeek: request.mondays(from: start).map {
                DailyMenuStatistics.Week(weekStart: $0, counts: DailyMenuStatistics.Counts(byWeek[$0] ?? []))
            },
            activeDays: all.map(\.localDay))
    }
}

/// DailyMenu's part of a statistics page (docs/stats.md).
public struct DailyMenuStatistics: StatisticsSection, Equatable {
    /// The mood figures of some rituals.
    public struct Counts: Sendable, Encodable, Equatable {
        public let rituals: Int
        /// With a before- or an after-mood (a skipped prompt is no mood).
        public let withMood: Int
        /// With an after-mood.
        public let withAfterMood: Int
        /// With the after-mood Better.
        public let moodLifted: Int

        init(_ completions: [Completion]) {
            rituals = completions.count
            withMood = completions.filter { $0.beforeMood != nil || $0.afterMood != nil }.count
            withAfterMood = completions.filter { $0.afterMood != nil }.count
            moodLifted = completions.filter(\.moodImproved).count
        }

        /// `withMood / rituals`; nil without a ritual.
        public var moodLoggedShare: Double? { rituals == 0 ? nil : Double(withMood) / Double(rituals) }
        /// `moodLifted / withAfterMood`; nil without an after-mood.
        public var moodLiftedRate: Double? {
            withAfterMood == 0 ? nil : Double(moodLifted) / Double(withAfterMood)
        }

        private enum CodingKeys: String, CodingKey {
            case rituals, withMood, withAfterMood, moodLifted, moodLoggedShare, moodLiftedRate
        }

        public func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(rituals, forKey: .rituals)
            try container.encode(withMood, forKey: .withMood)
            try container.encode(withAfterMood, forKey: .withAfterMood)
            try container.encode(moodLifted, forKey: .moodLifted)
            try container.encodeIfPresent(moodLoggedShare, forKey: .moodLoggedShare)
            try container.encodeIfPresent(moodLiftedRate, forKey: .moodLiftedRate)
        }
    }

    public struct Week: Sendable, Encodable, Equatable {
        /// Its Monday.
        public let weekStart: CivilDate
        public let counts: Counts

        private enum CodingKeys: String, CodingKey { case weekStart }

        public func encode(to encoder: Encoder) throws {
            try counts.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(weekStart, forKey: .weekStart)
        }
    }

    public let counts: Counts
    /// Every week (Monday to Sunday) from the window's first to this one.
    public let perWeek: [Week]
    public let activeDays: [CivilDate]

    public var key: String { "dailyMenu" }
    public var title: String { "DailyMenu" }
    public var color: String { "#c2185b" }

    public var lines: [String] {
        [
            "\(Format.count(counts.rituals, "ritual", "rituals")); a mood logged on \(StatisticsText.share(counts.withMood, of: counts.rituals))",
            "mood lifted (after-mood Better) on \(StatisticsText.share(counts.moodLifted, of: counts.withAfterMood)) with an after-mood",
        ]
    }

    public var charts: [StatisticsChart] {
        [
            StatisticsChart(
                title: "Moods, week by week", kind: .lines, labels: perWeek.map(\.weekStart.iso),
                series: [
                    StatisticsChart.Series(
                        name: "mood logged", color: color, values: perWeek.map(\.counts.moodLoggedShare)),
                    StatisticsChart.Series(
                        name: "mood lifted", color: "#2e7d32", values: perWeek.map(\.counts.moodLiftedRate)),
                ], maximum: 1, unit: "%"),
            StatisticsChart(
                title: "Rituals per week", kind: .bars, labels: perWeek.map(\.weekStart.iso),
                series: [
                    StatisticsChart.Series(
                        name: "rituals", color: color, values: perWeek.map { Double($0.counts.rituals) })
                ]),
        ]
    }

    private enum CodingKeys: String, CodingKey { case perWeek }

    /// The counts' keys at the top, then `perWeek`.
    public func encode(to encoder: Encoder) throws {
        try counts.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(perWeek, forKey: .perWeek)
    }
}
