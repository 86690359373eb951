import Foundation

/// The owner as Hereafter knows them (SPEC HA-1).
public struct HereafterProfile: Sendable, Equatable, Codable {
    public let firstName: String
    public let onboardingCompleted: Bool
    public let createdAt: Date

    /// Memberwise, for previews and tests of a front end; the store builds the real ones.
    public init(
        firstName: String, onboardingCompleted: Bool, createdAt: Date
    ) {
        self.firstName = firstName
        self.onboardingCompleted = onboardingCompleted
        self.createdAt = createdAt
    }
}
