import Foundation
import LifeCore

/// One row of a leaderboard. `rank` is computed among the rows the viewer
/// may see (ties share a rank: 1, 2, 2, 4). `value` is goals completed, days
/// in the longest or current streak, or (for `recent`) the row's place.
public struct LeaderboardEntry: Sendable, Equatable {
    public let rank: Int
    public let account: PublicAccount
    public let value: Int
    /// For `recent`: the milestone and when it was completed.
    public let milestoneTitle: String?
    public let completedAt: Date?

    /// Memberwise, for previews and tests of a front end; the store builds the real ones.
    public init(
        rank: Int, account: PublicAccount, value: Int, milestoneTitle: String?, completedAt: Date?
    ) {
        self.rank = rank
        self.account = account
        self.value = value
        self.milestoneTitle = milestoneTitle
        self.completedAt = completedAt
    }
}
