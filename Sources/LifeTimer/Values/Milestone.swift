import Foundation
import LifeCore

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
