import Foundation
import LifeCore

/// A ritual done (DM-3), with what the rules need from its activity.
///
/// `localDay` and `localTime` are the owner's wall clock when it was
/// completed, in the zone of that moment: they never move when the owner
/// later moves to another zone, so Moments, stamps and the calendar stay put.
public struct Completion: Sendable, Encodable, Equatable {
    public let id: UUID
    public let activityID: String
    public let category: String
    public let energy: Energy
    public let minutes: Int
    public let startID: UUID?
    public let completedAt: Date
    public let localDay: CivilDate
    public let localTime: LocalTime
    public let timeZone: String
    public let beforeMood: BeforeMood?
    public let afterMood: AfterMood?
    public let feedback: Feedback?
    /// What the moods earn (DM-4), known on every device whether or not the
    /// moods are shared (SYNC-8): whether the ritual lifted the mood, and
    /// whether it was done feeling low; nil when not known (no mood given).
    public let moodLifted: Bool?
    public let feltLow: Bool?

    /// `moodLifted` and `feltLow` default to what the moods say.
    public init(
        id: UUID, activityID: String, category: String, energy: Energy, minutes: Int, startID: UUID? = nil,
        completedAt: Date, localDay: CivilDate, localTime: LocalTime, timeZone: String,
        beforeMood: BeforeMood? = nil, afterMood: AfterMood? = nil, feedback: Feedback? = nil,
        moodLifted: Bool? = nil, feltLow: Bool? = nil
    ) {
        self.moodLifted = moodLifted ?? afterMood.map { $0 == .better }
        self.feltLow = feltLow ?? beforeMood.map { $0 == .low }
        self.id = id
        self.activityID = activityID
        self.category = category
        self.energy = energy
        self.minutes = minutes
        self.startID = startID
        self.completedAt = completedAt
        self.localDay = localDay
        self.localTime = localTime
        self.timeZone = timeZone
        self.beforeMood = beforeMood
        self.afterMood = afterMood
        self.feedback = feedback
    }

    /// Whether the ritual lifted the mood (after-mood Better), as known on
    /// every device (`moodLifted`).
    public var moodImproved: Bool { moodLifted == true }

    /// The before-mood as the rules of Moments read it: Low when it was
    /// done feeling low, another word when not, nil when not known; from
    /// what the moods earn, so that a device without the moods agrees.
    public var beforeMoodForRules: BeforeMood? {
        feltLow.map { $0 ? .low : (beforeMood.flatMap { $0 == .low ? nil : $0 } ?? .okay) }
    }

    /// The after-mood as the rules read it: Better when it lifted the
    /// mood, another word when not, nil when not known.
    public var afterMoodForRules: AfterMood? {
        moodLifted.map { $0 ? .better : (afterMood.flatMap { $0 == .better ? nil : $0 } ?? .same) }
    }

    /// The history's order: by instant, ties by id, so every run agrees.
    public static func historyOrder(_ a: Completion, _ b: Completion) -> Bool {
        if a.completedAt != b.completedAt { return a.completedAt < b.completedAt }
        return a.id.uuidString < b.id.uuidString
    }

    /// `history` in history order: as given when it already is (the store
    /// reads it so), else sorted. Sorting copies every completion, which
    /// was a third of the profile's time over ten years of rituals.
    public static func inHistoryOrder(_ history: [Completion]) -> [Completion] {
        for index in history.indices.dropFirst() where !historyOrder(history[index - 1], history[index]) {
            return history.sorted(by: historyOrder)
        }
        return history
    }

    enum CodingKeys: String, CodingKey {
        case id, activityID = "activityId", category, energy, minutes, startID = "startId", completedAt, localDay,
            localTime, timeZone, beforeMood, afterMood, feedback
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id.uuidString.lowercased(), forKey: .id)
        try container.encode(activityID, forKey: .activityID)
        try container.encode(category, forKey: .category)
        try container.encode(energy, forKey: .energy)
        try container.encode(minutes, forKey: .minutes)
        try container.encodeIfPresent(startID?.uuidString.lowercased(), forKey: .startID)
        try container.encode(completedAt, forKey: .completedAt)
        try container.encode(localDay, forKey: .localDay)
        try container.encode(localTime, forKey: .localTime)
        try container.encode(timeZone, forKey: .timeZone)
        try container.encodeIfPresent(beforeMood, forKey: .beforeMood)
        try container.encodeIfPresent(afterMood, forKey: .afterMood)
        try container.encodeIfPresent(feedback, forKey: .feedback)
    }
}
