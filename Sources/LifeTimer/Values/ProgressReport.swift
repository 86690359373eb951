import Foundation

/// An account's progress (LT-5): per goal, overall, and against time.
public struct ProgressReport: Sendable, Equatable {
    public let goals: [GoalProgress]
    public let overall: Double
    public let goalsCompleted: Int
    public let milestonesDone: Int
    public let milestonesTotal: Int
    /// Nil before the start.
    public let elapsedFraction: Double?
    public let pace: Pace
    public let message: String

    /// `voice`: the language of `message` (LT-9); nothing else depends on it.
    public init(goals: [Goal], countdown: CountdownStatus?, voice: LifeTimerVoice = .english) {
        self.goals = goals.map { goal in
            let done = goal.milestones.filter(\.isCompleted).count
            return GoalProgress(
                number: goal.number, title: goal.title, completed: goal.isCompleted, milestonesDone: done,
                milestonesTotal: goal.milestones.count, fraction: goal.progress)
        }
        overall = ProgressRules.overall(self.goals.map(\.fraction))
        goalsCompleted = goals.filter(\.isCompleted).count
        milestonesDone = self.goals.map(\.milestonesDone).reduce(0, +)
        milestonesTotal = self.goals.map(\.milestonesTotal).reduce(0, +)
        elapsedFraction = countdown?.elapsedFraction
        pace = ProgressRules.pace(
            progress: overall, elapsed: countdown?.elapsedFraction, finished: countdown?.finished ?? false)
        message = ProgressRules.message(pace: pace, elapsed: countdown?.elapsedFraction, voice: voice)
    }
}
