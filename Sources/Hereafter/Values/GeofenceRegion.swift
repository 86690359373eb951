import Foundation
import LifeCore

/// One circular region to monitor (SPEC HA-6): a thread's centre with the
/// thread radius. Holds no text: it is safe for a locked thread.
public struct GeofenceRegion: Sendable, Equatable {
    /// Why it earned its place, in rank order.
    public enum Reason: String, Sendable, Codable {
        /// Holds a message whose unlock instant has come and that waits to be discovered.
        case discoverable
        /// Holds a message discovered a year (or years) ago whose
        /// anniversary has come and not been told yet (HA-8).
        case anniversary
        /// Holds only messages still locked.
        case upcoming
    }

    public let threadID: UUID
    public let centre: Coordinate
    public let radiusMeters: Double
    public let placeName: String?
    public let reason: Reason
    /// The unlock date of its undiscovered message that unlocks first; nil
    /// when everything there is discovered (an anniversary only).
    public let unlockDate: CivilDate?
    /// That message's unlock instant, which decides the reason and the order.
    public let unlockAt: Date?
    /// The anniversary due there, when one is (HA-8).
    public let anniversary: CivilDate?
    public let distanceMeters: Double

    /// Memberwise, for previews and tests of a front end; the store builds the real ones.
    public init(
        threadID: UUID, centre: Coordinate, radiusMeters: Double, placeName: String?, reason: Reason,
        unlockDate: CivilDate?, unlockAt: Date?, anniversary: CivilDate? = nil, distanceMeters: Double
    ) {
        self.threadID = threadID
        self.centre = centre
        self.radiusMeters = radiusMeters
        self.placeName = placeName
        self.reason = reason
        self.unlockDate = unlockDate
        self.unlockAt = unlockAt
        self.anniversary = anniversary
        self.distanceMeters = distanceMeters
    }
}
