import Foundation

/// One goal's progress (LT-5).
public struct GoalProgress: Sendable, Equatable {
    public let number: Int
    public let title: String
    public let completed: Bool
    public let milestonesDone: Int
    public let milestonesTotal: Int
    public let fraction: Double

    /// Memberwise, for previews and tests of a front end; the store builds the real ones.
    public init(
        number: Int, title: String, completed: Bool, milestonesDone: Int, milestonesTotal: Int, fraction: Double
    ) {
        self.number = number
        self.title = title
        self.completed = completed
        self.milestonesDone = milestonesDone
        self.milestonesTotal = milestonesTotal
        self.fraction = fraction
    }
}
