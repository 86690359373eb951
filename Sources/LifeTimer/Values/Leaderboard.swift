import Foundation
import LifeCore

public struct Leaderboard: Sendable, Equatable {
    public let kind: LeaderboardKind
    /// The first `limit` rows.
    public let entries: [LeaderboardEntry]
    /// Rows the viewer may see in all, before the limit.
    public let total: Int

    /// Memberwise, for a front end's previews and for the server's store.
    public init(kind: LeaderboardKind, entries: [LeaderboardEntry], total: Int) {
        self.kind = kind
        self.entries = entries
        self.total = total
    }
}
