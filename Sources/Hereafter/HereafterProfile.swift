import Foundation

/// The owner as Hereafter knows them (SPEC HA-1).
public struct HereafterProfile: Sendable, Equatable, Codable {
    public let firstName: String
    public let onboardingCompleted: Bool
    public let createdAt: Date
}
