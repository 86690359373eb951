import Foundation
import LifeCore

/// The public view of an account with its high-level stats (LT-6).
public struct Profile: Sendable, Equatable {
    public let account: PublicAccount
    public let isSelf: Bool
    public let goals: [GoalSummary]
    public let goalsCompleted: Int
    public let overallProgress: Double
    public let longestStreakDays: Int
    /// LT-10: the run of active days still going (its last day today or
    /// yesterday in the account's zone), 0 when none is.
    public let currentStreakDays: Int
    public let startedAt: Date?
    public let endsAt: Date?
    /// As the viewer may see them: hidden accounts are not counted.
    public let followers: Int
    public let following: Int

    /// Memberwise, for previews and tests of a front end; the store builds the real ones.
    public init(
        account: PublicAccount, isSelf: Bool, goals: [GoalSummary], goalsCompleted: Int, overallProgress: Double,
        longestStreakDays: Int, currentStreakDays: Int, startedAt: Date?, endsAt: Date?, followers: Int, following: Int
    ) {
        self.account = account
        self.isSelf = isSelf
        self.goals = goals
        self.goalsCompleted = goalsCompleted
        self.overallProgress = overallProgress
        self.longestStreakDays = longestStreakDays
        self.currentStreakDays = currentStreakDays
        self.startedAt = startedAt
        self.endsAt = endsAt
        self.followers = followers
        self.following = following
    }
}
