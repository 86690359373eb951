import Foundation
import LifeCore

/// One message as the library hands it out (SPEC HA-2, HA-3). Its `content`
/// is `.locked` until the message is discovered; everything else here is
/// what a locked message may show: place, planted date, unlock date.
public struct HereafterMessage: Sendable, Equatable {
    public let id: UUID
    public let threadID: UUID
    public let parentID: UUID?
    public let coordinate: Coordinate
    public let placeName: String?
    public let plantedOn: CivilDate
    /// Nil for a reply written without one (it was readable at once).
    public let unlockDate: CivilDate?
    /// The instant it unlocks: the start of `unlockDate` in the owner's zone
    /// when it was planted, fixed then (HA-2). Every "unlocked?" decision
    /// compares this instant with now, so changing the zone later moves no lock.
    public let unlockAt: Date?
    public let createdAt: Date
    public let discoveredAt: Date?
    public let readAt: Date?
    public let content: MessageContent
    /// Who planted or wrote it: the creator id of the Hereafter profile of
    /// the device it was written on (the seed's `creatorID`, HA-8).
    public let creatorID: UUID
    /// When its anniversary nudge was last given (HA-8); nil before the first.
    public let anniversaryNudgedAt: Date?
    /// The IANA zone its dates were fixed in when it was planted: its lock
    /// is the start of `unlockDate` there, `plantedOn` its local date then.
    /// Nil only for a note written before zones were recorded whose lock
    /// starts at midnight in no zone (`db check` reports it).
    public let timeZone: String?

    public var isReply: Bool { parentID != nil }
    public var isRead: Bool { readAt != nil }

    /// Where it was left, for people: the place's name, else a short form of
    /// the coordinate (HA-4).
    public var placeLabel: String { placeName ?? HereafterHost.shortCoordinate(coordinate) }

    /// Its state at the instant `now`.
    public func state(at now: Date) -> MessageState {
        if readAt != nil { return .read }
        if discoveredAt != nil { return .discovered }
        if isUnlocked(at: now) { return .unlocked }
        return .locked
    }

    /// True from its unlock instant on (HA-3's lock, whatever the zone is now).
    public func isUnlocked(at now: Date) -> Bool {
        guard let unlockAt else { return unlockDate == nil }
        return unlockAt <= now
    }

    /// Memberwise, for previews and tests of a front end. A value built here
    /// is not read from the store: only `HereafterStore` hands out messages
    /// whose `content` comes from the database (HA-3, `messageColumns`), and
    /// `MessageContent.locked` carries nothing whoever builds it.
    public init(
        id: UUID, threadID: UUID, parentID: UUID?, coordinate: Coordinate, placeName: String?, plantedOn: CivilDate,
        unlockDate: CivilDate?, unlockAt: Date?, createdAt: Date, discoveredAt: Date?, readAt: Date?,
        content: MessageContent, creatorID: UUID, anniversaryNudgedAt: Date? = nil, timeZone: String? = nil
    ) {
        self.id = id
        self.threadID = threadID
        self.parentID = parentID
        self.coordinate = coordinate
        self.placeName = placeName
        self.plantedOn = plantedOn
        self.unlockDate = unlockDate
        self.unlockAt = unlockAt
        self.createdAt = createdAt
        self.discoveredAt = discoveredAt
        self.readAt = readAt
        self.content = content
        self.creatorID = creatorID
        self.anniversaryNudgedAt = anniversaryNudgedAt
        self.timeZone = timeZone
    }
}

/// The four words of the guide (docs/hereafter.md).
public enum MessageState: String, Sendable, Codable {
    /// Before its unlock date: unreadable.
    case locked
    /// On or after its unlock date but not yet visited there: still unreadable.
    case unlocked
    /// Visited there on or after the unlock date: readable anywhere.
    case discovered
    /// Discovered and opened.
    case read
}
