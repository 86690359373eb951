import Foundation
import LifeCore

/// What the owner's history says about one activity, for its weight.
public struct ActivityHistory: Sendable, Equatable {
    /// The feedback of its latest completion that had feedback.
    public var latestFeedback: Feedback?
    public var moodDeltaSum = 0
    public var ratedCount = 0

    public init(latestFeedback: Feedback? = nil, moodDeltaSum: Int = 0, ratedCount: Int = 0) {
        self.latestFeedback = latestFeedback
        self.moodDeltaSum = moodDeltaSum
        self.ratedCount = ratedCount
    }

    /// Per activity, from a history.
    public static func of(_ history: [Completion]) -> [String: ActivityHistory] {
        var result: [String: ActivityHistory] = [:]
        for completion in Completion.inHistoryOrder(history) {
            var entry = result[completion.activityID] ?? ActivityHistory()
            if let feedback = completion.feedback { entry.latestFeedback = feedback }
            if let after = completion.afterMood {
                entry.moodDeltaSum += after.delta
                entry.ratedCount += 1
            }
            result[completion.activityID] = entry
        }
        return result
    }
}
