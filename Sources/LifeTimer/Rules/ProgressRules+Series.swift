import Foundation
import LifeCore

extension ProgressRules {
    /// What the series is made of: a goal's completion and its milestones'
    /// creation and completion instants, as stored now.
    public struct SeriesGoal: Sendable {
        public struct Step: Sendable {
            public let title: String
            public let createdAt: Date
            public let dueDate: CivilDate?
            public let completedAt: Date?

            public init(title: String, createdAt: Date, dueDate: CivilDate?, completedAt: Date?) {
                self.title = title
                self.createdAt = createdAt
                self.dueDate = dueDate
                self.completedAt = completedAt
            }
        }

        public let completedAt: Date?
        public let steps: [Step]

        public init(completedAt: Date?, steps: [Step]) {
            self.completedAt = completedAt
            self.steps = steps
        }
    }

    /// LT-10: the day-by-day series of a countdown started at `startedAt`,
    /// ending at `endsAt`, with local days in `zone`, at `now`.
    ///
    /// Day d (1 … 1,356) stands as at the end of its local date (the start of
    /// the next one), or at `now` on today, or at the end on the last day:
    /// a goal counts 100 % from its completion, else its milestones that
    /// existed then, those completed by then over all (LT-5: 0 with none);
    /// overall is the mean over the goals; elapsed is the fraction of real
    /// time passed, as the countdown's. The rows are read as they are now: a
    /// milestone reopened since counts as never done, a deleted one as never
    /// there. Days after today are left out (nothing before the start).
    public static func series(
        username: String, goals: [SeriesGoal], startedAt: Date?, endsAt: Date?, zone: TimeZone, now: Date
    ) -> ProgressSeries {
        guard let startedAt, let endsAt, now >= startedAt else {
            return ProgressSeries(username: username, startedAt: startedAt, endsAt: endsAt, points: [], marks: [])
        }
        let startDate = CivilDate.of(startedAt, in: zone)
        let lastDay = min(
            LifeTimerRules.challengeDays, startDate.days(until: CivilDate.of(min(now, endsAt), in: zone)) + 1)
        let total = endsAt.timeIntervalSince(startedAt)
        // Each goal's events, swept in time order day by day: (instant, goal, kind).
        enum Event: Int { case created = 0, done = 1, goalDone = 2 }
        var events: [(at: Date, goal: Int, event: Event)] = []
        for (index, goal) in goals.enumerated() {
            for step in goal.steps {
                events.append((step.createdAt, index, .created))
                // A completion counts from its milestone's creation at the earliest.
                if let done = step.completedAt { events.append((max(done, step.createdAt), index, .done)) }
            }
            if let done = goal.completedAt { events.append((done, index, .goalDone)) }
        }
        events.sort { $0.at != $1.at ? $0.at < $1.at : $0.event.rawValue < $1.event.rawValue }
        var totalSteps = Array(repeating: 0, count: goals.count)
        var doneSteps = Array(repeating: 0, count: goals.count)
        var goalDone = Array(repeating: false, count: goals.count)
        var next = 0
        var points: [ProgressSeries.Point] = []
        points.reserveCapacity(max(0, lastDay))
        for day in 1...max(1, lastDay) {
            let date = startDate.adding(days: day - 1)
            let instant = min(now, endsAt, date.adding(days: 1).startInstant(in: zone))
            while next < events.count && events[next].at <= instant {
                let event = events[next]
                switch event.event {
                case .created: totalSteps[event.goal] += 1
                case .done: doneSteps[event.goal] += 1
                case .goalDone: goalDone[event.goal] = true
                }
                next += 1
            }
            let fractions = goals.indices.map {
                goalProgress(completed: goalDone[$0], milestonesDone: doneSteps[$0], milestonesTotal: totalSteps[$0])
            }
            points.append(
                ProgressSeries.Point(
                    date: date, day: day, progress: overall(fractions),
                    elapsed: total > 0 ? min(1, max(0, instant.timeIntervalSince(startedAt) / total)) : 1,
                    goalsCompleted: goalDone.filter { $0 }.count, milestonesCompleted: doneSteps.reduce(0, +),
                    milestones: totalSteps.reduce(0, +)))
        }
        var marks: [ProgressSeries.Mark] = []
        for step in goals.flatMap(\.steps) {
            let date = step.completedAt.map { CivilDate.of(max($0, step.createdAt), in: zone) } ?? step.dueDate
            guard let date else { continue }
            marks.append(
                ProgressSeries.Mark(
                    title: step.title, date: date, day: startDate.days(until: date) + 1,
                    completed: step.completedAt != nil))
        }
        marks.sort { ($0.day, $0.title, $0.completed ? 1 : 0) < ($1.day, $1.title, $1.completed ? 1 : 0) }
        return ProgressSeries(username: username, startedAt: startedAt, endsAt: endsAt, points: points, marks: marks)
    }
}
