import Foundation
import LifeCore

/// A goal on the bucket list, with its milestones in order (LT-2).
public struct Goal: Sendable, Equatable {
    public let id: UUID
    /// Its place in creation order, 1 … 20; numbers of deleted goals are not reused.
    public let number: Int
    public var title: String
    public var description: String?
    public var location: GoalLocation?
    public var cover: String?
    public var completedAt: Date?
    public let createdAt: Date
    /// LT-10: an admin hid it (after a report); only its account sees it.
    public let isHidden: Bool
    public var milestones: [Milestone]

    public init(
        id: UUID, number: Int, title: String, description: String?, location: GoalLocation?, cover: String?,
        completedAt: Date?, createdAt: Date, isHidden: Bool = false, milestones: [Milestone]
    ) {
        self.id = id
        self.number = number
        self.title = title
        self.description = description
        self.location = location
        self.cover = cover
        self.completedAt = completedAt
        self.createdAt = createdAt
        self.isHidden = isHidden
        self.milestones = milestones
    }

    public var isCompleted: Bool { completedAt != nil }

    /// LT-5: 100 % when completed, else completed milestones ÷ milestones (0 with none).
    public var progress: Double {
        ProgressRules.goalProgress(
            completed: isCompleted, milestonesDone: milestones.filter(\.isCompleted).count,
            milestonesTotal: milestones.count)
    }
}
