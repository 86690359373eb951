import Foundation

/// A ritual begun.
public struct RitualStart: Sendable, Equatable, Encodable {
    public let id: UUID
    public let activity: Activity
    public let startedAt: Date
    public let beforeMood: BeforeMood?

    enum CodingKeys: String, CodingKey { case id, activity, startedAt, beforeMood }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id.uuidString.lowercased(), forKey: .id)
        try container.encode(activity, forKey: .activity)
        try container.encode(startedAt, forKey: .startedAt)
        try container.encodeIfPresent(beforeMood, forKey: .beforeMood)
    }

    /// Memberwise, for previews and tests of a front end; the store builds the real ones.
    public init(
        id: UUID, activity: Activity, startedAt: Date, beforeMood: BeforeMood?
    ) {
        self.id = id
        self.activity = activity
        self.startedAt = startedAt
        self.beforeMood = beforeMood
    }
}
