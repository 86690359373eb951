import Foundation
import LifeCore

/// A public milestone completed by an account the viewer follows (LT-6).
public struct FeedItem: Sendable, Equatable {
    public let account: PublicAccount
    public let milestoneID: UUID
    public let goalTitle: String
    public let milestoneTitle: String
    public let completedAt: Date

    /// Memberwise, for previews and tests of a front end; the store builds the real ones.
    public init(
        account: PublicAccount, milestoneID: UUID, goalTitle: String, milestoneTitle: String, completedAt: Date
    ) {
        self.account = account
        self.milestoneID = milestoneID
        self.goalTitle = goalTitle
        self.milestoneTitle = milestoneTitle
        self.completedAt = completedAt
    }
}

/// LT-6: the leaderboards.
public enum LeaderboardKind: String, Sendable, Codable, CaseIterable {
    /// Most goals completed.
    case goals
    /// Longest streak of active days, each in its account's zone.
    case streaks
    /// Public milestones completed in the last 30 days, newest first.
    case recent
}

/// One row of a leaderboard. `rank` is computed among the rows the viewer
/// may see (ties share a rank: 1, 2, 2, 4). `value` is goals completed, days
/// in the longest streak, or (for `recent`) the row's place.
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

public struct Leaderboard: Sendable, Equatable {
    public let kind: LeaderboardKind
    /// The first `limit` rows.
    public let entries: [LeaderboardEntry]
    /// Rows the viewer may see in all, before the limit.
    public let total: Int

    /// Memberwise, for the server's store and tests of a front end.
    public init(kind: LeaderboardKind, entries: [LeaderboardEntry], total: Int) {
        self.kind = kind
        self.entries = entries
        self.total = total
    }
}

/// A goal as others see it (LT-6): a summary and its public milestones.
public struct GoalSummary: Sendable, Equatable {
    public let id: UUID
    public let number: Int
    public let title: String
    public let completed: Bool
    public let progress: Double
    /// Public milestones only, unless the viewer is the account itself.
    public let milestones: [Milestone]

    /// Memberwise, for previews and tests of a front end; the store builds the real ones.
    public init(
        id: UUID, number: Int, title: String, completed: Bool, progress: Double, milestones: [Milestone]
    ) {
        self.id = id
        self.number = number
        self.title = title
        self.completed = completed
        self.progress = progress
        self.milestones = milestones
    }
}

/// The public view of an account with its high-level stats (LT-6).
public struct Profile: Sendable, Equatable {
    public let account: PublicAccount
    public let isSelf: Bool
    public let goals: [GoalSummary]
    public let goalsCompleted: Int
    public let overallProgress: Double
    public let longestStreakDays: Int
    public let startedAt: Date?
    public let endsAt: Date?
    /// As the viewer may see them: hidden accounts are not counted.
    public let followers: Int
    public let following: Int

    /// Memberwise, for previews and tests of a front end; the store builds the real ones.
    public init(
        account: PublicAccount, isSelf: Bool, goals: [GoalSummary], goalsCompleted: Int, overallProgress: Double,
        longestStreakDays: Int, startedAt: Date?, endsAt: Date?, followers: Int, following: Int
    ) {
        self.account = account
        self.isSelf = isSelf
        self.goals = goals
        self.goalsCompleted = goalsCompleted
        self.overallProgress = overallProgress
        self.longestStreakDays = longestStreakDays
        self.startedAt = startedAt
        self.endsAt = endsAt
        self.followers = followers
        self.following = following
    }
}

/// LT-8: what a report is about.
public enum ReportTarget: String, Sendable, Codable, CaseIterable {
    case account, goal, milestone
}

/// A report, as an admin lists it.
public struct Report: Sendable, Equatable {
    public let id: UUID
    public let reporter: String
    public let target: ReportTarget
    public let account: String
    public let goalTitle: String?
    public let milestoneTitle: String?
    public let reason: String
    public let createdAt: Date
    public let accountSuspended: Bool

    /// Memberwise, for previews and tests of a front end; the store builds the real ones.
    public init(
        id: UUID, reporter: String, target: ReportTarget, account: String, goalTitle: String?, milestoneTitle: String?,
        reason: String, createdAt: Date, accountSuspended: Bool
    ) {
        self.id = id
        self.reporter = reporter
        self.target = target
        self.account = account
        self.goalTitle = goalTitle
        self.milestoneTitle = milestoneTitle
        self.reason = reason
        self.createdAt = createdAt
        self.accountSuspended = accountSuspended
    }
}

/// LT-9: display settings.
public struct LifeTimerSettings: Sendable, Equatable, Codable {
    public enum Theme: String, Sendable, Codable, CaseIterable { case light, dark, system }
    public enum ClockStyle: String, Sendable, Codable, CaseIterable {
        case twelveHour = "12h"
        case twentyFourHour = "24h"
    }

    public var theme: Theme
    public var clock: ClockStyle
    public var language: String

    /// Memberwise, for previews and tests of a front end; the store builds the real ones.
    public init(
        theme: Theme, clock: ClockStyle, language: String
    ) {
        self.theme = theme
        self.clock = clock
        self.language = language
    }
}
