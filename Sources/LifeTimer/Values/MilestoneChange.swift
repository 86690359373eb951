import Foundation
import LifeCore

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
