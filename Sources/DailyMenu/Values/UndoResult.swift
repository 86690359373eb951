import Foundation
import LifeCore

/// What undoing a completion took back (DM-11): the ritual, the Moments it
/// had earned, the stamps no longer earned, and the journey as it is now,
/// recomputed from the completions that remain.
public struct UndoResult: Sendable, Encodable {
    public let completion: Completion
    public let activity: Activity
    /// What the ritual had earned.
    public let moments: MomentAward
    /// Stamps the history no longer earns (a stamp another ritual still earns stays, re-dated).
    public let lostStamps: [StampAward]
    /// The season before the undo, when the undo moved it back.
    public let previousSeason: Season?
    public let journey: Journey

    /// Memberwise, for previews and tests of a front end; the store builds the real ones.
    public init(
        completion: Completion, activity: Activity, moments: MomentAward, lostStamps: [StampAward],
        previousSeason: Season?, journey: Journey
    ) {
        self.completion = completion
        self.activity = activity
        self.moments = moments
        self.lostStamps = lostStamps
        self.previousSeason = previousSeason
        self.journey = journey
    }

    enum CodingKeys: String, CodingKey { case undone, activity, moments, lostStamps, previousSeason, journey }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(completion, forKey: .undone)
        try container.encode(activity, forKey: .activity)
        try container.encode(moments, forKey: .moments)
        try container.encode(lostStamps, forKey: .lostStamps)
        try container.encodeIfPresent(previousSeason, forKey: .previousSeason)
        try container.encode(journey, forKey: .journey)
    }
}
