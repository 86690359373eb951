import Foundation
import LifeCore

/// A public milestone completed by an account the viewer follows (LT-6).
public struct FeedItem: Sendable, Equatable {
    public let account: PublicAccount
    public let milestoneID: UUID
    public let goalTitle: String
    public let milestoneTitle: String
    public let completedAt: Date
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
}

public struct Leaderboard: Sendable, Equatable {
    public let kind: LeaderboardKind
    /// The first `limit` rows.
    public let entries: [LeaderboardEntry]
    /// Rows the viewer may see in all, before the limit.
    public let total: Int
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
}
