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
}
