import Foundation
import LifeCore

/// LT-6: the leaderboards.
public enum LeaderboardKind: String, Sendable, Codable, CaseIterable {
    /// Most goals completed.
    case goals
    /// Longest streak of active days, each in its account's zone.
    case streaks
    /// LT-10: the current streak (a run whose last day is today or
    /// yesterday in its account's zone); `leaderboard streaks --by current`.
    case currentStreaks = "current-streaks"
    /// Public milestones completed in the last 30 days, newest first.
    case recent
}
