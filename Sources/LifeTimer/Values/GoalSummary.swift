import Foundation
import LifeCore

/// A goal as others see it (LT-6): a summary and its public milestones.
public struct GoalSummary: Sendable, Equatable {
    public let id: UUID
    public let number: Int
    public let title: String
    public let completed: Bool
    public let progress: Double
    /// LT-10: an admin hid it; only the account itself sees it then.
    public let isHidden: Bool
    /// Public milestones only, unless the viewer is the account itself.
    public let milestones: [Milestone]

    /// Memberwise, for previews and tests of a front end; the store builds the real ones.
    public init(
        id: UUID, number: Int, title: String, completed: Bool, progress: Double, isHidden: Bool = false,
        milestones: [Milestone]
    ) {
        self.id = id
        self.number = number
        self.title = title
        self.completed = completed
        self.progress = progress
        self.isHidden = isHidden
        self.milestones = milestones
    }
}
