import Foundation
import LifeCore

/// LT-10: progress day by day over the challenge, for charts: one point per
/// local day from the start's (day 1) to today's or the last one's, each as
/// it stood at the end of that day (now, for today), with the milestones
/// marked on their days. Worked out from the rows as they are now
/// (`ProgressRules.series`).
public struct ProgressSeries: Sendable, Equatable {
    /// One day of the challenge.
    public struct Point: Sendable, Equatable {
        /// The local date, in the zone the countdown was started in.
        public let date: CivilDate
        /// The challenge's day, 1 … 1,356.
        public let day: Int
        /// Overall progress (LT-5) at the end of the day, 0 … 1.
        public let progress: Double
        /// The fraction of the challenge's real time elapsed then, 0 … 1.
        public let elapsed: Double
        public let goalsCompleted: Int
        public let milestonesCompleted: Int
        /// Milestones that existed then.
        public let milestones: Int

        public init(
            date: CivilDate, day: Int, progress: Double, elapsed: Double, goalsCompleted: Int,
            milestonesCompleted: Int, milestones: Int
        ) {
            self.date = date
            self.day = day
            self.progress = progress
            self.elapsed = elapsed
            self.goalsCompleted = goalsCompleted
            self.milestonesCompleted = milestonesCompleted
            self.milestones = milestones
        }
    }

    /// A milestone on the time axis: completed on `date`, or due then.
    public struct Mark: Sendable, Equatable {
        public let title: String
        public let date: CivilDate
        /// The challenge's day of `date` (may fall outside 1 … 1,356 for a
        /// due date before the start or after the end).
        public let day: Int
        public let completed: Bool

        public init(title: String, date: CivilDate, day: Int, completed: Bool) {
            self.title = title
            self.date = date
            self.day = day
            self.completed = completed
        }
    }

    public let username: String
    /// Nil before the start: there is no series yet.
    public let startedAt: Date?
    public let endsAt: Date?
    public let points: [Point]
    /// Completed milestones on their day, open ones on their due date; by day, then title.
    public let marks: [Mark]

    public init(username: String, startedAt: Date?, endsAt: Date?, points: [Point], marks: [Mark]) {
        self.username = username
        self.startedAt = startedAt
        self.endsAt = endsAt
        self.points = points
        self.marks = marks
    }
}
