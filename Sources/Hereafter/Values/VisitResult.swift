import Foundation
import LifeCore

/// What a visit at a position found (SPEC HA-4): the messages discovered now,
/// each with its notification, and how many near here are still waiting.
public struct VisitResult: Sendable, Equatable {
    public let position: Coordinate
    /// Discovered by this visit, oldest first; each is now readable.
    public let discovered: [HereafterMessage]
    public let notifications: [UnlockNotification]
    /// Messages within reach whose unlock date has not come (no text, no id).
    public let stillLockedCount: Int
    public let nextUnlockDate: CivilDate?
    /// The instant the next one opens, fixed at planting (HA-2): the start of
    /// `nextUnlockDate` in the zone in force then, which may differ from the
    /// owner's zone now.
    public let nextUnlockAt: Date?
    /// Anniversary nudges given by this visit (HA-8); none while muted.
    public let nudges: [AnniversaryNudge]

    /// Memberwise, for previews and tests of a front end; the store builds the real ones.
    public init(
        position: Coordinate, discovered: [HereafterMessage], notifications: [UnlockNotification],
        stillLockedCount: Int, nextUnlockDate: CivilDate?, nextUnlockAt: Date? = nil, nudges: [AnniversaryNudge] = []
    ) {
        self.position = position
        self.discovered = discovered
        self.notifications = notifications
        self.stillLockedCount = stillLockedCount
        self.nextUnlockDate = nextUnlockDate
        self.nextUnlockAt = nextUnlockAt
        self.nudges = nudges
    }
}
