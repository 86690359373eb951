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

    /// `messageId`: lowerCamelCase with `Id`, as every key lifectl writes (CORE-13).
    enum CodingKeys: String, CodingKey {
        case messageID = "messageId", title, body, actions
    }

    /// The id in lower case, as every id lifectl writes (Foundation writes a
    /// UUID in upper case, so a front end comparing it with the message's
    /// `id` as text would not find it).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(messageID.uuidString.lowercased(), forKey: .messageID)
        try container.encode(title, forKey: .title)
        try container.encode(body, forKey: .body)
        try container.encode(actions, forKey: .actions)
    }
}
