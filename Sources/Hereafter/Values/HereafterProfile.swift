import Foundation

/// The owner as Hereafter knows them (SPEC HA-1), with this device's
/// creator id (HA-8) and the notifications they muted.
public struct HereafterProfile: Sendable, Equatable, Codable {
    public let firstName: String
    public let onboardingCompleted: Bool
    public let createdAt: Date
    /// Made at onboarding, kept by this device (never synced): recorded on
    /// every message written here (the seed's "device-bound user identifier").
    public let creatorID: UUID
    /// The kinds of notification left out of visits, geofences and the calendar.
    public let muted: Set<HereafterNotificationKind>

    /// Memberwise, for previews and tests of a front end; the store builds the real ones.
    public init(
        firstName: String, onboardingCompleted: Bool, createdAt: Date, creatorID: UUID,
        muted: Set<HereafterNotificationKind> = []
    ) {
        self.firstName = firstName
        self.onboardingCompleted = onboardingCompleted
        self.createdAt = createdAt
        self.creatorID = creatorID
        self.muted = muted
    }

    enum CodingKeys: String, CodingKey {
        case firstName, onboardingCompleted, createdAt, creatorID = "creatorId", muted
    }
}
