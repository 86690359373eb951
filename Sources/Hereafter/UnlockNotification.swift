import Foundation

/// What the phone shows when a message is discovered (SPEC HA-4).
public struct UnlockNotification: Sendable, Equatable, Codable {
    public let messageID: UUID
    public let title: String
    public let body: String
    public let actions: [String]
}
