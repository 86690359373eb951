import Foundation

/// What the phone shows when a message is discovered (SPEC HA-4).
public struct UnlockNotification: Sendable, Equatable, Codable {
    public let messageID: UUID
    public let title: String
    public let body: String
    public let actions: [String]

    public init(messageID: UUID, title: String, body: String, actions: [String]) {
        self.messageID = messageID
        self.title = title
        self.body = body
        self.actions = actions
    }
}
