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

    /// The earliest unlock date among its messages (the seed's
    /// `oldestUnlockDate`, HA-8); nil only for a thread of replies written
    /// open, which no thread is (its first message is planted with one).
    public var oldestUnlockDate: CivilDate? { messages.compactMap(\.unlockDate).min() }

    /// Whether any of its messages has unlocked and is not read yet, found
    /// or still waiting to be found there (the seed's `hasUnreadUnlocked`,
    /// HA-8): what a list of places marks as having something for you.
    public func hasUnreadUnlocked(at now: Date) -> Bool {
        messages.contains { $0.readAt == nil && $0.unlockDate != nil && $0.isUnlocked(at: now) }
    }

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
