import Foundation
import LifeCore

/// A goal's optional place (LT-2).
public struct GoalLocation: Sendable, Codable, Equatable {
    public let latitude: Double
    public let longitude: Double
    public let placeName: String?

    public init(latitude: Double, longitude: Double, placeName: String?) {
        self.latitude = latitude
        self.longitude = longitude
        self.placeName = placeName
    }
}

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
    public var milestones: [Milestone]

    public init(
        id: UUID, number: Int, title: String, description: String?, location: GoalLocation?, cover: String?,
        completedAt: Date?, createdAt: Date, milestones: [Milestone]
    ) {
        self.id = id
        self.number = number
        self.title = title
        self.description = description
        self.location = location
        self.cover = cover
        self.completedAt = completedAt
        self.createdAt = createdAt
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

/// A step of a goal (LT-2).
public struct Milestone: Sendable, Equatable {
    public let id: UUID
    public let goalID: UUID
    public let position: Int
    public var title: String
    public var dueDate: CivilDate?
    public var isPublic: Bool
    public var completedAt: Date?

    public init(
        id: UUID, goalID: UUID, position: Int, title: String, dueDate: CivilDate?, isPublic: Bool, completedAt: Date?
    ) {
        self.id = id
        self.goalID = goalID
        self.position = position
        self.title = title
        self.dueDate = dueDate
        self.isPublic = isPublic
        self.completedAt = completedAt
    }

    public var isCompleted: Bool { completedAt != nil }
}

/// A change to a goal: nil leaves a field; an empty string clears an optional one.
public struct GoalChange: Sendable {
    public var title: String?
    public var description: String?
    public var location: GoalLocation??
    public var cover: String?

    public init(title: String? = nil, description: String? = nil, location: GoalLocation?? = nil, cover: String? = nil)
    {
        self.title = title
        self.description = description
        self.location = location
        self.cover = cover
    }
}

/// A change to a milestone: nil leaves a field.
public struct MilestoneChange: Sendable {
    public var title: String?
    public var dueDate: CivilDate??
    public var isPublic: Bool?

    public init(title: String? = nil, dueDate: CivilDate?? = nil, isPublic: Bool? = nil) {
        self.title = title
        self.dueDate = dueDate
        self.isPublic = isPublic
    }
}

/// A milestone named the way a person types it: goal number and position, `2.3`.
public struct MilestoneRef: Sendable, Equatable, CustomStringConvertible {
    public let goal: Int
    public let position: Int

    public init(goal: Int, position: Int) {
        self.goal = goal
        self.position = position
    }

    public static func parse(_ text: String, field: String) throws -> MilestoneRef {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let goal = Int(parts[0]), let position = Int(parts[1]), goal >= 1, position >= 1
        else {
            throw LifeError.invalid(
                field: field, "\(field) is '\(text)'; expected GOAL.STEP, such as 2.1 (goal 2, its first milestone)")
        }
        return MilestoneRef(goal: goal, position: position)
    }

    public var description: String { "\(goal).\(position)" }
}
