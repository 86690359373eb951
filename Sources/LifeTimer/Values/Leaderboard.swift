import Foundation
import LifeCore

public struct Leaderboard: Sendable, Equatable {
    public let kind: LeaderboardKind
    /// The first `limit` rows.
    public let entries: [LeaderboardEntry]
    /// Rows the viewer may see in all, before the limit.
    public let total: Int
}
