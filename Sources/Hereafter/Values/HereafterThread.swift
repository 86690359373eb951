import Foundation
import LifeCore

/// A place where messages gather (SPEC HA-2): its centre is where its first
/// message was planted, and it never moves.
public struct HereafterThread: Sendable, Equatable {
    public let id: UUID
    public let centre: Coordinate
    public let placeName: String?
    public let createdAt: Date
    /// Its messages, oldest first.
    public let messages: [HereafterMessage]

    public var placeLabel: String { placeName ?? HereafterHost.shortCoordinate(centre) }

    /// Memberwise, for previews and tests of a front end; the store builds the real ones.
    public init(
        id: UUID, centre: Coordinate, placeName: String?, createdAt: Date, messages: [HereafterMessage]
    ) {
        self.id = id
        self.centre = centre
        self.placeName = placeName
        self.createdAt = createdAt
        self.messages = messages
    }
}
