import Foundation
import LifeCore
import LifeServer
import LifeTimer

/// LifeTimer's social graph on the server (SPEC SRV-2, LT-6, LT-8): the same
/// reads and writes as `LifeTimerStore`'s, each one transaction run as the
/// role `authenticated` with the acting account's JWT claims, so that
/// row-level security (Schema/server/), not this code, decides what the
/// account sees. No query here filters by visibility; the policies do.
///
/// The connection's login role must be allowed to become `authenticated`
/// (the database owner, or Supabase's `authenticator`): that is the
/// operator's path (docs/server.md).
public struct LifeTimerServerStore: LifeTimerSocialGraph {
    public let connection: PostgresConnection
    public let clock: Clock

    public init(connection: PostgresConnection, clock: Clock) {
        self.connection = connection
        self.clock = clock
    }

    /// The claims PostgREST would set for `account`'s JWT: `sub` is read by
    /// `auth.uid()`.
    static func claims(for id: UUID) -> String {
        #"{"sub":"\#(id.uuidString.lowercased())","role":"authenticated","aud":"authenticated"}"#
    }

    /// Runs `body` in one transaction as `authenticated` with `account`'s
    /// claims, as Supabase's API runs a request; server errors become
    /// `LifeError`s.
    @discardableResult
    public func asAccount<T>(_ id: UUID, _ body: (PostgresConnection) throws -> T) throws -> T {
        do {
            return try connection.transaction { connection in
                try connection.execute(
                    "SELECT set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)",
                    [Self.claims(for: id)])
                return try body(connection)
            }
        } catch let error as PostgresError {
            throw error.lifeError
        }
    }

    /// Throws, naming the account, unless `account` is on the server.
    public func requireOnServer(_ account: LifeTimerAccount) throws {
        let present = try asAccount(account.id) { connection in
            try connection.row("SELECT 1 FROM public.lifetimer_accounts WHERE id = (SELECT auth.uid())") != nil
        }
        guard present else {
            throw LifeError(
                kind: .invalidValue, field: "--as",
                message: "the account \(account.username) is not on the server yet", remedy: .lifeTimerPublish,
                subject: account.username)
        }
    }

    // MARK: Reads

    static let publicColumns = "a.id, a.username, a.bio, a.avatar_path, a.created_at, a.last_active_at"

    static func publicAccount(_ row: PostgresRow) throws -> PublicAccount {
        PublicAccount(
            id: try row["id"], username: try row["username"], bio: try row["bio"], avatarPath: try row["avatar_path"],
            createdAt: try row["created_at"], lastActiveAt: try row["last_active_at"])
    }

    /// The account named `username` (any case) as the connection's account
    /// sees it; the same error whether hidden or absent.
    func visibleAccount(named username: String, on connection: PostgresConnection) throws -> PublicAccount {
        let name = username.trimmingCharacters(in: .whitespaces)
        guard
            let row = try connection.row(
                "SELECT \(Self.publicColumns) FROM public.lifetimer_accounts AS a WHERE a.username_key = lower($1)",
                [name])
        else { throw LifeTimerSocialRules.notVisible(name) }
        return try Self.publicAccount(row)
    }

    public func profile(of username: String?, viewer: LifeTimerAccount) throws -> Profile {
        try asAccount(viewer.id) { connection in
            let account = try visibleAccount(named: username ?? viewer.username, on: connection)
            let isSelf = account.id == viewer.id
            // The policies leave others' private milestones out.
            var milestones: [UUID: [Milestone]] = [:]
            for row in try connection.rows(
                """
                SELECT id, goal_id, position, title, due_date, is_public, completed_at
                FROM public.lifetimer_milestones WHERE account_id = $1 ORDER BY goal_id, position
                """, [account.id])
            {
                let milestone = Milestone(
                    id: try row["id"], goalID: try row["goal_id"], position: try row["position"],
                    title: try row["title"], dueDate: try row["due_date"], isPublic: try row["is_public"],
                    completedAt: try row["completed_at"])
                milestones[milestone.goalID, default: []].append(milestone)
            }
            // Progress counts every milestone, private ones too: the goal's
            // maintained counts, as the device's profile computes it.
            let goals = try connection.rows(
                """
                SELECT id, number, title, completed_at, milestones_total, milestones_completed
                FROM public.lifetimer_goals WHERE account_id = $1 ORDER BY number
                """, [account.id]
            ).map { row in
                let completed = try row.get("completed_at", as: Date?.self) != nil
                return GoalSummary(
                    id: try row["id"], number: try row["number"], title: try row["title"], completed: completed,
                    progress: ProgressRules.goalProgress(
                        completed: completed, milestonesDone: try row["milestones_completed"],
                        milestonesTotal: try row["milestones_total"]),
                    milestones: milestones[try row["id"]] ?? [])
            }
            let stats = try connection.row(
                """
                SELECT a.longest_streak_days,
                       (SELECT started_at FROM public.lifetimer_countdowns WHERE account_id = a.id) AS started_at,
                       (SELECT ends_at FROM public.lifetimer_countdowns WHERE account_id = a.id) AS ends_at,
                       (SELECT count(*) FROM public.lifetimer_follows WHERE followee_id = a.id) AS followers,
                       (SELECT count(*) FROM public.lifetimer_follows WHERE follower_id = a.id) AS following
                FROM public.lifetimer_accounts AS a WHERE a.id = $1
                """, [account.id])
            guard let stats else { throw LifeTimerSocialRules.notVisible(account.username) }
            return Profile(
                account: account, isSelf: isSelf, goals: goals, goalsCompleted: goals.filter(\.completed).count,
                overallProgress: ProgressRules.overall(goals.map(\.progress)),
                longestStreakDays: try stats["longest_streak_days"], startedAt: try stats["started_at"],
                endsAt: try stats["ends_at"], followers: try stats["followers"], following: try stats["following"])
        }
    }

    public func followers(of username: String?, viewer: LifeTimerAccount) throws -> [PublicAccount] {
        try people(of: username, viewer: viewer, sql: Self.followersSQL)
    }

    public func following(of username: String?, viewer: LifeTimerAccount) throws -> [PublicAccount] {
        try people(of: username, viewer: viewer, sql: Self.followingSQL)
    }

    /// The accounts at the `listing` end of the follows whose `matching` end
    /// is `$1`, by username; the policies keep only follows whose both ends
    /// the viewer may see.
    static func peopleSQL(matching: String, listing: String) -> String {
        """
        SELECT \(publicColumns) FROM public.lifetimer_follows AS f
        JOIN public.lifetimer_accounts AS a ON a.id = f.\(listing)
        WHERE f.\(matching) = $1 ORDER BY a.username_key
        """
    }

    /// Who follows the account `$1`.
    public static let followersSQL = peopleSQL(matching: "followee_id", listing: "follower_id")
    /// Whom the account `$1` follows.
    public static let followingSQL = peopleSQL(matching: "follower_id", listing: "followee_id")

    private func people(of username: String?, viewer: LifeTimerAccount, sql: String) throws -> [PublicAccount] {
        try asAccount(viewer.id) { connection in
            let account = try visibleAccount(named: username ?? viewer.username, on: connection)
            return try connection.rows(sql, [account.id]).map(Self.publicAccount)
        }
    }

    /// The view `lifetimer_feed`, newest first, ties by username then id (as the device).
    public static let feedSQL = """
        SELECT id, username, bio, avatar_path, created_at, last_active_at, milestone_id, goal_title, title, completed_at
        FROM public.lifetimer_feed ORDER BY completed_at DESC, username_key, milestone_id LIMIT $1
        """

    public func feed(viewer: LifeTimerAccount, limit: Int = 50) throws -> [FeedItem] {
        try LifeTimerSocialRules.checkLimit(limit)
        return try asAccount(viewer.id) { connection in
            try connection.rows(Self.feedSQL, [limit]).map { row in
                FeedItem(
                    account: try Self.publicAccount(row), milestoneID: try row["milestone_id"],
                    goalTitle: try row["goal_title"], milestoneTitle: try row["title"],
                    completedAt: try row["completed_at"])
            }
        }
    }

    /// A leaderboard's rows: the views of Schema/server/ in leaderboard order.
    /// `$1` is the limit; for `recent`, `$2` is the window's first instant.
    public static func leaderboardSQL(_ kind: LeaderboardKind) -> String {
        switch kind {
        case .goals, .streaks:
            """
            SELECT id, username, bio, avatar_path, created_at, last_active_at, value, rank
            FROM public.lifetimer_leaderboard_\(kind.rawValue) ORDER BY value DESC, username_key LIMIT $1
            """
        case .recent:
            """
            SELECT id, username, bio, avatar_path, created_at, last_active_at, milestone_id, title, completed_at
            FROM public.lifetimer_leaderboard_recent WHERE completed_at >= $2
            ORDER BY completed_at DESC, username_key, milestone_id LIMIT $1
            """
        }
    }

    /// For the "recent" rows: walk the index newest first and stop after the
    /// limit. PostgreSQL cannot know how many rows the policies let through,
    /// guesses few, and otherwise collects the whole 30-day window in a bitmap
    /// to sort it, calling the rule on every row of it (measured: 11 ms
    /// against 2 ms at 2,000 accounts, and growing with the window).
    public static let recentPlanSetting = "SET LOCAL enable_bitmapscan = off"

    /// A leaderboard's total from the maintained counts (Schema/server/): for
    /// `goals` and `streaks` no parameter, for `recent` `$1` the window's start.
    public static func leaderboardTotalSQL(_ kind: LeaderboardKind) -> String {
        switch kind {
        case .goals, .streaks: "SELECT lifectl.lifetimer_accounts_above('\(kind.rawValue)', 0) AS total"
        case .recent: "SELECT lifectl.lifetimer_milestones_since($1) AS total"
        }
    }

    public func leaderboard(_ kind: LeaderboardKind, viewer: LifeTimerAccount, limit: Int = 10) throws -> Leaderboard {
        try LifeTimerSocialRules.checkLimit(limit)
        let since = try LifeTimerSocialRules.recentWindowStart(now: clock.now(), viewer: viewer)
        return try asAccount(viewer.id) { connection in
            let entries: [LeaderboardEntry]
            let total: Int
            switch kind {
            case .goals, .streaks:
                entries = try connection.rows(Self.leaderboardSQL(kind), [limit]).map { row in
                    LeaderboardEntry(
                        rank: try row["rank"], account: try Self.publicAccount(row), value: try row["value"],
                        milestoneTitle: nil, completedAt: nil)
                }
                total = try connection.row(Self.leaderboardTotalSQL(kind))?.get("total") ?? 0
            case .recent:
                try connection.execute(Self.recentPlanSetting)
                entries = try connection.rows(Self.leaderboardSQL(kind), [limit, since]).enumerated().map {
                    place, row in
                    LeaderboardEntry(
                        rank: place + 1, account: try Self.publicAccount(row), value: place + 1,
                        milestoneTitle: try row["title"], completedAt: try row["completed_at"])
                }
                total = try connection.row(Self.leaderboardTotalSQL(kind), [since])?.get("total") ?? 0
            }
            return Leaderboard(kind: kind, entries: entries, total: total)
        }
    }

    public func search(_ text: String, viewer: LifeTimerAccount, limit: Int = 20) throws -> [PublicAccount] {
        try LifeTimerSocialRules.checkLimit(limit)
        // Usernames are ASCII; SQLite's LIKE ignores ASCII case, lower() here does the same.
        let pattern = try LifeTimerSocialRules.searchPattern(text).lowercased()
        return try asAccount(viewer.id) { connection in
            // lifectl.lifetimer_search: the match first, then the rule (Schema/server/).
            try connection.rows(
                "SELECT id, username, bio, avatar_path, created_at, last_active_at FROM lifectl.lifetimer_search($1, $2)",
                [pattern, limit]
            ).map(Self.publicAccount)
        }
    }

    // MARK: Writes

    /// The id of any account by username, hidden ones included (blocking and
    /// undoing one's own edges work on them, LT-6).
    func anyAccountID(named username: String, on connection: PostgresConnection) throws -> UUID {
        let name = username.trimmingCharacters(in: .whitespaces)
        guard
            let id = try connection.row("SELECT lifectl.lifetimer_account_id($1) AS id", [name])?.get(
                "id", as: UUID?.self)
        else { throw LifeError.invalid(field: "username", "no account named '\(name)'") }
        return id
    }

    /// Marks the account active now, as the device does with each social write.
    func touch(on connection: PostgresConnection) throws {
        try connection.execute(
            "UPDATE public.lifetimer_accounts SET last_active_at = $1 WHERE id = (SELECT auth.uid())", [clock.now()])
    }

    /// Deletes the account from the server, as itself (LT-1): everything it
    /// owns and every edge that touches it goes with it (the schema's
    /// cascades); nothing is left to query.
    public func deleteAccount(_ account: LifeTimerAccount) throws {
        try asAccount(account.id) { connection in
            try connection.execute("DELETE FROM public.lifetimer_accounts WHERE id = (SELECT auth.uid())")
        }
    }

    @discardableResult
    public func follow(_ username: String, viewer: LifeTimerAccount) throws -> Bool {
        try asAccount(viewer.id) { connection in
            let target = try visibleAccount(named: username, on: connection)
            guard target.id != viewer.id else {
                throw LifeError.invalid(field: "username", "you cannot follow yourself")
            }
            let made =
                try connection.execute(
                    """
                    INSERT INTO public.lifetimer_follows (follower_id, followee_id, created_at)
                    VALUES ((SELECT auth.uid()), $1, $2) ON CONFLICT DO NOTHING
                    """, [target.id, clock.now()]
                ).affected > 0
            try touch(on: connection)
            return made
        }
    }

    /// Stops following. A follow of an account the viewer can no longer see
    /// is invisible to it, so it cannot be undone until it can be seen again
    /// (or by a block, which removes follows both ways): docs/server.md.
    public func unfollow(_ username: String, viewer: LifeTimerAccount) throws {
        try asAccount(viewer.id) { connection in
            let target = try anyAccountID(named: username, on: connection)
            let removed = try connection.execute(
                "DELETE FROM public.lifetimer_follows WHERE follower_id = (SELECT auth.uid()) AND followee_id = $1",
                [target]
            ).affected
            guard removed > 0 else { throw LifeError.invalid(field: "username", "you do not follow '\(username)'") }
            try touch(on: connection)
        }
    }

    @discardableResult
    public func block(_ username: String, viewer: LifeTimerAccount) throws -> Bool {
        try asAccount(viewer.id) { connection in
            let target = try anyAccountID(named: username, on: connection)
            guard target != viewer.id else { throw LifeError.invalid(field: "username", "you cannot block yourself") }
            let made =
                try connection.execute(
                    """
                    INSERT INTO public.lifetimer_blocks (blocker_id, blocked_id, created_at)
                    VALUES ((SELECT auth.uid()), $1, $2) ON CONFLICT DO NOTHING
                    """, [target, clock.now()]
                ).affected > 0
            try touch(on: connection)
            return made
        }
    }

    public func unblock(_ username: String, viewer: LifeTimerAccount) throws {
        try asAccount(viewer.id) { connection in
            let target = try anyAccountID(named: username, on: connection)
            let removed = try connection.execute(
                "DELETE FROM public.lifetimer_blocks WHERE blocker_id = (SELECT auth.uid()) AND blocked_id = $1",
                [target]
            ).affected
            guard removed > 0 else {
                throw LifeError.invalid(field: "username", "you have not blocked '\(username)'")
            }
            try touch(on: connection)
        }
    }
}
