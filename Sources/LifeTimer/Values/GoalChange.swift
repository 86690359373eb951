import Foundation
import LifeCore

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
