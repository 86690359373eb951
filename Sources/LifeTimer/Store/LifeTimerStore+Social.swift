import Foundation
import LifeCore
import LifeDB

/// The social reads and writes (LT-6), each one transaction, through the
/// visibility views (`LifeTimerSession+Social.swift`).
extension LifeTimerStore {
    /// The account named `username` if `viewer` may see it; else the same
    /// error whether it is hidden or does not exist, so nothing leaks.
    public func visibleAccount(named username: String, viewer: LifeTimerAccount) throws -> PublicAccount {
        try read { try $0.visibleAccount(named: username, viewerID: viewer.id) }
    }

    // MARK: Reads

    /// The public view of an account with its stats, goal summaries and
    /// milestones: all of them for the account itself, public ones for others.
    public func profile(of username: String?, viewer: LifeTimerAccount) throws -> Profile {
        try read { try $0.profile(of: username, viewer: viewer) }
    }

    /// Who follows `username` (default the viewer), as the viewer may see them.
    public func followers(of username: String?, viewer: LifeTimerAccount) throws -> [PublicAccount] {
        try read { try $0.followers(of: username, viewer: viewer) }
    }

    /// Whom `username` (default the viewer) follows, as the viewer may see them.
    public func following(of username: String?, viewer: LifeTimerAccount) throws -> [PublicAccount] {
        try read { try $0.following(of: username, viewer: viewer) }
    }

    /// The public milestones completed by accounts the viewer follows and
    /// may see, newest first.
    public func feed(viewer: LifeTimerAccount, limit: Int = 50) throws -> [FeedItem] {
        try read { try $0.feed(viewerID: viewer.id, limit: limit) }
    }

    /// A leaderboard as the viewer may see it: rows of hidden accounts are
    /// removed first, then ranks (ties share one: 1, 2, 2, 4) and the total
    /// are computed over what is left. Ties are listed by username.
    public func leaderboard(_ kind: LeaderboardKind, viewer: LifeTimerAccount, limit: Int = 10) throws -> Leaderboard {
        try read { try $0.leaderboard(kind, viewer: viewer, limit: limit) }
    }

    /// `EXPLAIN QUERY PLAN` of the feed and each leaderboard for `viewer`:
    /// what docs/benchmarks.md records beside the figures (PERF-7).
    public func queryPlans(viewer: LifeTimerAccount) throws -> [(path: String, plan: [String])] {
        try read { try $0.queryPlans(viewer: viewer) }
    }

    /// Accounts the viewer may see whose username contains `text` (any case),
    /// by username.
    public func search(_ text: String, viewer: LifeTimerAccount, limit: Int = 20) throws -> [PublicAccount] {
        try read { try $0.search(text, viewerID: viewer.id, limit: limit) }
    }

    // MARK: Writes

    /// Follows a public account the viewer may see. Following again is not
    /// an error; the answer says whether a new follow was made. A name the
    /// viewer cannot see is refused with one message, hidden or missing.
    @discardableResult
    public func follow(_ username: String, viewer: LifeTimerAccount) throws -> Bool {
        try write(as: viewer) { try $0.follow(username, viewer: $1) }
    }

    /// Stops following an account the viewer may see; an error when the
    /// viewer does not follow it, and one message for a name the viewer
    /// cannot see, hidden or missing.
    public func unfollow(_ username: String, viewer: LifeTimerAccount) throws {
        try write(as: viewer) { try $0.unfollow(username, viewer: $1) }
    }

    /// Blocks an account, hidden ones included: each is hidden from the
    /// other from now on, and the follows between them are removed both
    /// ways. True when it was an account the viewer could see; false for a
    /// name the viewer cannot see, whether an account has it (then it is
    /// blocked) or not: the answer tells nothing about hidden accounts.
    @discardableResult
    public func block(_ username: String, viewer: LifeTimerAccount) throws -> Bool {
        try write(as: viewer) { try $0.block(username, viewer: $1) }
    }

    /// Lifts the viewer's block of the account named `username`, if there
    /// is one; the same answer whether there was a block, a hidden account
    /// or no account by that name. An account the viewer can see has no
    /// block of the viewer's to lift: that is an error.
    public func unblock(_ username: String, viewer: LifeTimerAccount) throws {
        try write(as: viewer) { try $0.unblock(username, viewer: $1) }
    }
}
