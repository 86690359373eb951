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
        let session = DailyMenuSession(db, clock: .fixed(request.now))
        let all = try session.completions()
        guard !all.isEmpty else { return nil }
        // The journey walked once, in history order: each ritual's Moments
        // as it earned them, the seasons and stamps as they came (DM-4 …
        // DM-7), the same rules as the profile's.
        var builder = JourneyBuilder(
            categories: Set(try session.categories().map(\.id)), lowEnergyAsks: try session.lowEnergyAsks())
        var moments: [Int] = []
        moments.reserveCapacity(all.count)
        for (index, completion) in all.enumerated() {
            moments.append(builder.add(completion, reference: Int64(index)).total)
        }
        let journey = builder.snapshot { all[Int($0)].id }
        let start = request.start(first: all.map(\.localDay).min())
        var byWeek: [CivilDate: [Completion]] = [:]
        var momentsByWeek: [CivilDate: Int] = [:]
        var counted: [Completion] = []
        var momentsInWindow = 0
        for (completion, earned) in zip(all, moments) where request.contains(completion.localDay) {
            let monday = StatisticsRequest.monday(of: completion.localDay)
            byWeek[monday, default: []].append(completion)
            momentsByWeek[monday, default: 0] += earned
            counted.append(completion)
            momentsInWindow += earned
        }
        let firstDay = journey.totals.firstDay ?? start
        return DailyMenuStatistics(
            counts: DailyMenuStatistics.Counts(counted),
            perWeek: request.mondays(from: start).map {
                DailyMenuStatistics.Week(
                    weekStart: $0, counts: DailyMenuStatistics.Counts(byWeek[$0] ?? []), moments: momentsByWeek[$0] ?? 0
                )
            },
            activeDays: all.map(\.localDay),
            seasons: DailyMenuStatistics.SeasonProgression(
                moments: journey.moments, momentsInWindow: momentsInWindow,
                reached: journey.seasons.map {
                    DailyMenuStatistics.SeasonProgression.Reached(
                        $0, daysAfterFirstRitual: $0.date.daysSinceEpoch - firstDay.daysSinceEpoch,
                        inWindow: request.contains($0.date))
                }),
            stamps: DailyMenuStatistics.StampCollection(
                earned: journey.stamps.map {
                    DailyMenuStatistics.StampCollection.Earned($0, inWindow: request.contains($0.date))
                }))
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
        /// The Moments its rituals earned.
        public let moments: Int

        private enum CodingKeys: String, CodingKey { case weekStart, moments }

        public func encode(to encoder: Encoder) throws {
            try counts.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(weekStart, forKey: .weekStart)
            try container.encode(moments, forKey: .moments)
        }
    }

    /// The seed's "season progression rate" for one person (docs/stats.md):
    /// the day each season was reached, how long after the first ritual,
    /// and the pace, Moments per week in the window.
    public struct SeasonProgression: Sendable, Encodable, Equatable {
        public struct Reached: Sendable, Encodable, Equatable {
            public let season: Int
            public let name: String
            public let date: CivilDate
            /// Days from the first ritual's local day (0 for First Light).
            public let daysAfterFirstRitual: Int
            public let inWindow: Bool

            init(_ reached: SeasonReached, daysAfterFirstRitual: Int, inWindow: Bool) {
                season = reached.season.number
                name = reached.season.name
                date = reached.date
                self.daysAfterFirstRitual = daysAfterFirstRitual
                self.inWindow = inWindow
            }
        }

        /// Every Moment so far (the season depends on all of them).
        public let moments: Int
        /// The Moments of the rituals in the window.
        public let momentsInWindow: Int
        /// Every season reached so far, in order.
        public let reached: [Reached]

        /// The current season's number, of `seasonCount`.
        public var season: Int { reached.last?.season ?? 1 }
        public var seasonCount: Int { DailyMenuRules.seasons.count }
        public var reachedInWindow: Int { reached.filter(\.inWindow).count }

        private enum CodingKeys: String, CodingKey {
            case moments, momentsInWindow, reached, season, seasons, reachedInWindow
        }

        public func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(moments, forKey: .moments)
            try container.encode(momentsInWindow, forKey: .momentsInWindow)
            try container.encode(reached, forKey: .reached)
            try container.encode(season, forKey: .season)
            try container.encode(seasonCount, forKey: .seasons)
            try container.encode(reachedInWindow, forKey: .reachedInWindow)
        }
    }

    /// The seed's "stamp collection rate" for one person (docs/stats.md):
    /// the stamps earned of those there are, each with its day.
    public struct StampCollection: Sendable, Encodable, Equatable {
        public struct Earned: Sendable, Encodable, Equatable {
            public let kind: StampKind
            public let title: String
            public let date: CivilDate
            public let inWindow: Bool

            init(_ award: StampAward, inWindow: Bool) {
                kind = award.kind
                title = award.kind.title
                date = award.date
                self.inWindow = inWindow
            }
        }

        public let earned: [Earned]
        public var available: Int { StampKind.allCases.count }
        /// Earned ÷ available.
        public var rate: Double { Double(earned.count) / Double(available) }
        public var earnedInWindow: Int { earned.filter(\.inWindow).count }

        private enum CodingKeys: String, CodingKey { case stamps, earned, available, rate, earnedInWindow }

        public func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(earned, forKey: .stamps)
            try container.encode(earned.count, forKey: .earned)
            try container.encode(available, forKey: .available)
            try container.encode(rate, forKey: .rate)
            try container.encode(earnedInWindow, forKey: .earnedInWindow)
        }
    }

    public let counts: Counts
    /// Every week (Monday to Sunday) from the window's first to this one.
    public let perWeek: [Week]
    public let activeDays: [CivilDate]
    public let seasons: SeasonProgression
    public let stamps: StampCollection

    /// The season progression rate: Moments per week over the window's
    /// weeks (the current week included, as walks per week counts).
    public var momentsPerWeek: Double {
        perWeek.isEmpty ? 0 : Double(seasons.momentsInWindow) / Double(perWeek.count)
    }

    public var key: String { "dailymenu" }
    public var title: String { "DailyMenu" }
    public var color: String { "#c2185b" }

    public var lines: [String] {
        [
            "\(Format.count(counts.rituals, "ritual", "rituals")); a mood logged on \(StatisticsText.share(counts.withMood, of: counts.rituals))",
            "mood lifted (after-mood Better) on \(StatisticsText.share(counts.moodLifted, of: counts.withAfterMood)) with an after-mood",
            DailyMenuVoice.statisticsSeasons(seasons, momentsPerWeek: momentsPerWeek),
            DailyMenuVoice.statisticsSeasonDates(seasons),
            DailyMenuVoice.statisticsStamps(stamps),
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

    private enum CodingKeys: String, CodingKey { case perWeek, momentsPerWeek, seasonProgression, stampCollection }

    /// The counts' keys at the top, then `perWeek` and the journey's rates.
    public func encode(to encoder: Encoder) throws {
        try counts.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(perWeek, forKey: .perWeek)
        try container.encode(momentsPerWeek, forKey: .momentsPerWeek)
        try container.encode(seasons, forKey: .seasonProgression)
        try container.encode(stamps, forKey: .stampCollection)
    }
}
