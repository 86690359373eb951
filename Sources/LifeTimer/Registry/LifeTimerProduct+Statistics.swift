import Foundation
import LifeCore
import LifeDB
import LifeKernel

extension LifeTimerProduct {
    /// LifeTimer's statistics (SPEC STAT-1; docs/stats.md): the owner's
    /// account only (never another account's rows), its progress against
    /// the elapsed share of the 1,356 days, week by week. Progress at a past
    /// instant is worked out from today's rows (goals and milestones by when
    /// they were made and completed); nil without an owner's account.
    public func statistics(_ db: Database, request: StatisticsRequest) throws -> (any StatisticsSection)? {
        let session = LifeTimerSession(db, clock: .fixed(request.now))
        guard let account = try session.ownerAccount() else { return nil }
        let accountZone = try session.zone(of: account)
        var goals: [LifeTimerStatistics.Item] = []
        try db.forEachRow(
            table: "lifetimer_goals", "SELECT id, created_at, completed_at FROM lifetimer_goals WHERE account_id = ?",
            [account.id]
        ) { row in
            goals.append(
                LifeTimerStatistics.Item(
                    goal: try row["id"], createdAt: try row["created_at"], completedAt: try row["completed_at"]))
        }
        var milestones: [LifeTimerStatistics.Item] = []
        try db.forEachRow(
            table: "lifetimer_milestones",
            "SELECT goal_id, created_at, completed_at FROM lifetimer_milestones WHERE account_id = ?", [account.id]
        ) { row in
            milestones.append(
                LifeTimerStatistics.Item(
                    goal: try row["goal_id"], createdAt: try row["created_at"], completedAt: try row["completed_at"]))
        }
        // Its active days are its own, in its zone, as its streaks count them.
        var activeDays: [CivilDate] = []
        try db.forEachRow(
            table: "lifetimer_activity_days", "SELECT day FROM lifetimer_activity_days WHERE account_id = ?",
            [account.id]
        ) { activeDays.append(try $0["day"]) }
        activeDays += (goals + milestones).map { CivilDate.of($0.createdAt, in: accountZone) }
        let countdown = try session.countdown(accountID: account.id)
        let elapsed: (Date) -> Double? = { instant in
            guard let countdown, instant >= countdown.startedAt else { return nil }
            let total = countdown.endsAt.timeIntervalSince(countdown.startedAt)
            return total > 0 ? min(1, instant.timeIntervalSince(countdown.startedAt) / total) : 1
        }
        // A point at the end of every 7th day back from now, the first no
        // earlier than the window's first day (or the account's).
        let start = request.start(first: request.day(of: account.createdAt))
        var points: [LifeTimerStatistics.Point] = []
        var day = request.today
        while day >= start {
            let instant =
                day == request.today
                ? request.now : day.adding(days: 1).startInstant(in: request.zone).addingTimeInterval(-0.001)
            points.append(
                LifeTimerStatistics.Point(
                    date: day,
                    progress: LifeTimerStatistics.progress(goals: goals, milestones: milestones, at: instant),
                    elapsed: elapsed(instant)))
            day = day.adding(days: -7)
        }
        // As of now, like the progress: a completion stamped later (by a
        // clock that ran ahead) is not counted yet.
        let done = { (item: LifeTimerStatistics.Item) in item.completedAt.map { $0 <= request.now } ?? false }
        return LifeTimerStatistics(
            account: account.username, goals: goals.count, goalsCompleted: goals.filter(done).count,
            milestones: milestones.count, milestonesCompleted: milestones.filter(done).count,
            progress: LifeTimerStatistics.progress(goals: goals, milestones: milestones, at: request.now),
            elapsed: elapsed(request.now), countdownStarted: countdown?.startedAt, series: points.reversed(),
            activeDays: activeDays)
    }
}

/// LifeTimer's part of a statistics page (docs/stats.md): the owner's account.
public struct LifeTimerStatistics: StatisticsSection, Equatable {
    /// A goal or a milestone: when it was made and completed.
    struct Item: Equatable {
        let goal: UUID
        let createdAt: Date
        let completedAt: Date?
    }

    public struct Point: Sendable, Encodable, Equatable {
        /// The day; the point is its end (now, for today).
        public let date: CivilDate
        /// LT-5's overall progress then, 0–1.
        public let progress: Double
        /// The elapsed share of the 1,356 days then; nil (omitted) before the start.
        public let elapsed: Double?
    }

    public let account: String
    public let goals: Int
    public let goalsCompleted: Int
    public let milestones: Int
    public let milestonesCompleted: Int
    public let progress: Double
    public let elapsed: Double?
    public let countdownStarted: Date?
    /// Oldest first, a week apart, the last one now.
    public let series: [Point]
    public let activeDays: [CivilDate]

    /// LT-5's overall progress at `instant` from the goals and milestones that
    /// existed then: a goal completed by then counts whole, else its
    /// milestones completed by then over its milestones made by then.
    static func progress(goals: [Item], milestones: [Item], at instant: Date) -> Double {
        let existing = goals.filter { $0.createdAt <= instant }
        return ProgressRules.overall(
            existing.map { goal in
                let steps = milestones.filter { $0.goal == goal.goal && $0.createdAt <= instant }
                return ProgressRules.goalProgress(
                    completed: goal.completedAt.map { $0 <= instant } ?? false,
                    milestonesDone: steps.filter { $0.completedAt.map { $0 <= instant } ?? false }.count,
                    milestonesTotal: steps.count)
            })
    }

    public var key: String { "lifetimer" }
    public var title: String { "LifeTimer" }
    public var color: String { "#ef6c00" }

    public var lines: [String] {
        var first = "\(account): progress \(StatisticsText.percent(progress))"
        if let elapsed {
            first += " with \(StatisticsText.percent(elapsed)) of the 1,356 days gone"
        } else {
            first += "; the countdown has not started"
        }
        var lines = [
            first,
            "goals done: \(StatisticsText.share(goalsCompleted, of: goals)); milestones done: \(StatisticsText.share(milestonesCompleted, of: milestones))",
        ]
        if let oldest = series.first, series.count > 1 {
            lines.append(
                "progress over time: \(StatisticsText.percent(oldest.progress)) on \(oldest.date.iso), \(StatisticsText.percent(progress)) now"
            )
        }
        return lines
    }

    public var charts: [StatisticsChart] {
        [
            StatisticsChart(
                title: "Progress against time, week by week", kind: .lines, labels: series.map(\.date.iso),
                series: [
                    StatisticsChart.Series(name: "done", color: color, values: series.map(\.progress)),
                    StatisticsChart.Series(name: "time gone", color: "#9e9e9e", values: series.map(\.elapsed)),
                ], maximum: 1, unit: "%")
        ]
    }

    private enum CodingKeys: String, CodingKey {
        case account, goals, goalsCompleted, milestones, milestonesCompleted, progress, elapsed, countdownStarted
        case series
    }
}
