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
    /// LT-10: an admin hid it, or its goal (after a report); only its
    /// account sees it.
    public let isHidden: Bool

    public init(
        id: UUID, goalID: UUID, position: Int, title: String, dueDate: CivilDate?, isPublic: Bool, completedAt: Date?,
        isHidden: Bool = false
    ) {
        self.id = id
        self.goalID = goalID
        self.position = position
        self.title = title
        self.dueDate = dueDate
        self.isPublic = isPublic
        self.completedAt = completedAt
        self.isHidden = isHidden
    }

    public var isCompleted: Bool { completedAt != nil }
}
