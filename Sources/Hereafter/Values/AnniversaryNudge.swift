import Foundation
import LifeCore

/// The anniversary nudge (HA-8): a year (or years) after a message was
/// discovered, when the owner is near it again, Hereafter says so, once for
/// each anniversary, and once for a place however many notes there have
/// one that day.
public struct AnniversaryNudge: Sendable, Equatable, Encodable {
    /// The note *Read* opens: the first found of those whose anniversary it is.
    public let messageID: UUID
    /// Every note whose anniversary it tells, `messageID` first.
    public let messageIDs: [UUID]
    /// The anniversary that came (the discovery's local date, N years on).
    public let anniversary: CivilDate
    public let years: Int
    public let title: String
    public let body: String
    public let actions: [String]

    /// Memberwise, for previews and tests of a front end; the store builds the real ones.
    public init(
        messageIDs: [UUID], anniversary: CivilDate, years: Int, title: String, body: String, actions: [String]
    ) {
        self.messageID = messageIDs.first ?? UUID()
        self.messageIDs = messageIDs
        self.anniversary = anniversary
        self.years = years
        self.title = title
        self.body = body
        self.actions = actions
    }

    enum CodingKeys: String, CodingKey {
        case messageID = "messageId", messageIDs = "messageIds", anniversary, years, title, body, actions
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(messageID.uuidString.lowercased(), forKey: .messageID)
        try container.encode(messageIDs.map { $0.uuidString.lowercased() }, forKey: .messageIDs)
        try container.encode(anniversary, forKey: .anniversary)
        try container.encode(years, forKey: .years)
        try container.encode(title, forKey: .title)
        try container.encode(body, forKey: .body)
        try container.encode(actions, forKey: .actions)
    }
}
