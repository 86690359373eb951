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
    /// `LifeError`s. The server's clock (`lifectl.lifetimer_now()`, which
    /// stamps completions and every instant a row is born with) is pinned to
    /// this store's clock for the transaction: the server honours the pin
    /// only for the operator's login (the URL that owns the schema, which
    /// lifectl holds), never for a request through Supabase's API
    /// (Schema/server/0003).
    ///
    /// The transaction's start and its settings go in one round trip (a
    /// request pays for each): the values are a UUID, fixed words and an
    /// instant, never text from a user, and are checked to hold no quote.
    @discardableResult
    public func asAccount<T>(_ id: UUID, _ body: (PostgresConnection) throws -> T) throws -> T {
        let claims = Self.claims(for: id)
        let now = clock.now().postgresText
        guard !claims.contains("'"), !now.contains("'") else {
            throw LifeError.bug("a quote in the request's settings")
        }
        do {
            try connection.execute(
                """
                BEGIN; SELECT set_config('role', 'authenticated', true), set_config('request.jwt.claims', '\(claims)', true),
                              set_config('lifectl.now', '\(now)', true)
                """)
            let value = try body(connection)
            try connection.execute("COMMIT")
            return value
        } catch {
            if connection.inTransaction { _ = try? connection.execute("ROLLBACK") }
            if let error = error as? PostgresError { throw error.lifeError }
            throw error
        }
    }

    /// The request's settings, as `asAccount` makes them: `$1` the claims,
    /// `$2` the server's clock.
    static let settingsSQL = """
        SELECT set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true),
               set_config('lifectl.now', $2, true)
        """

    /// Reads as `account`, in one round trip: the request's settings and
    /// `statements` pipelined as one transaction (Supabase's API pays one
    /// per request too). Answers each statement's rows.
    public func read(as id: UUID, _ statements: [(sql: String, arguments: [(any PostgresEncodable)?])]) throws
        -> [[PostgresRow]]
    {
        do {
            let settings: [(any PostgresEncodable)?] = [Self.claims(for: id), clock.now()]
            let results = try connection.pipeline([(Self.settingsSQL, settings)] + statements)
            return results.dropFirst().map { $0.rows }
        } catch let error as PostgresError {
            throw error.lifeError
        }
    }

    /// Runs `body` inside `asAccount`'s transaction as the operator (the
    /// URL's own login), then becomes the account again: what only the
    /// operator may do (link an identity, grant an admin).
    func asOperator<T>(then id: UUID, on connection: PostgresConnection, _ body: () throws -> T) throws -> T {
        try connection.execute("RESET ROLE")
        let value = try body()
        try connection.execute(
            "SELECT set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)",
            [Self.claims(for: id)])
        return value
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
        guard let account = try visibleAccountIfAny(named: name, on: connection) else {
            throw LifeTimerSocialRules.notVisible(name)
        }
        return account
    }

    /// The profile's account with its numbers (`lifetimer_profile_stats`) and
    /// countdown, by name (`$1`, any case): one row when the viewer may see it.
    public static let profileSQL = """
        SELECT a.id, a.username, a.bio, a.avatar_path, a.created_at, a.last_active_at,
               s.longest_streak_days, s.current_streak_days, s.followers, s.following, c.started_at, c.ends_at
        FROM public.lifetimer_accounts AS a
        CROSS JOIN LATERAL public.lifetimer_profile_stats(a.id) AS s
        LEFT JOIN public.lifetimer_countdowns AS c ON c.account_id = a.id
        WHERE a.username_key = lower($1)
        """

    /// The goals of the account named `$1` with their milestones, as the policies
    /// let the viewer see them (others' private and hidden ones left out).
    public static let profileGoalsSQL = """
        SELECT g.id AS goal_id, g.number, g.title AS goal_title, g.completed_at AS goal_completed_at,
               g.milestones_total, g.milestones_completed, g.hidden AS goal_hidden,
               m.id, m.position, m.title, m.due_date, m.is_public, m.completed_at, m.hidden
        FROM public.lifetimer_goals AS g
        LEFT JOIN public.lifetimer_milestones AS m ON m.goal_id = g.id AND m.account_id = g.account_id
        WHERE g.account_id = (SELECT a.id FROM public.lifetimer_accounts AS a WHERE a.username_key = lower($1))
        ORDER BY g.number, m.position
        """

    public func profile(of username: String?, viewer: LifeTimerAccount) throws -> Profile {
        let name = (username ?? viewer.username).trimmingCharacters(in: .whitespaces)
        let results = try read(as: viewer.id, [(Self.profileSQL, [name]), (Self.profileGoalsSQL, [name])])
        guard let row = results.first?.first else { throw LifeTimerSocialRules.notVisible(name) }
        let account = try Self.publicAccount(row)
        let isSelf = account.id == viewer.id
        // Progress counts private milestones too: for another account
        // the goal's maintained counts (which leave out what an admin
        // hid), for the account itself its own rows, all of which it reads.
        var goals: [GoalSummary] = []
        var current: (id: UUID, number: Int, title: String, completed: Bool, done: Int, total: Int, hidden: Bool)?
        var milestones: [Milestone] = []
        func close() {
            guard let goal = current else { return }
            goals.append(
                GoalSummary(
                    id: goal.id, number: goal.number, title: goal.title, completed: goal.completed,
                    progress: ProgressRules.goalProgress(
                        completed: goal.completed,
                        milestonesDone: isSelf ? milestones.filter(\.isCompleted).count : goal.done,
                        milestonesTotal: isSelf ? milestones.count : goal.total),
                    isHidden: goal.hidden, milestones: milestones))
            milestones = []
        }
        for row in results.last ?? [] {
            let goalID: UUID = try row["goal_id"]
            if current?.id != goalID {
                close()
                current = (
                    goalID, try row["number"], try row["goal_title"],
                    try row.get("goal_completed_at", as: Date?.self) != nil, try row["milestones_completed"],
                    try row["milestones_total"], try row["goal_hidden"]
                )
            }
            if let id = try row.get("id", as: UUID?.self) {
                milestones.append(
                    Milestone(
                        id: id, goalID: goalID, position: try row["position"], title: try row["title"],
                        dueDate: try row["due_date"], isPublic: try row["is_public"],
                        completedAt: try row["completed_at"], isHidden: try row["hidden"]))
            }
        }
        close()
        return Profile(
            account: account, isSelf: isSelf, goals: goals, goalsCompleted: goals.filter(\.completed).count,
            overallProgress: ProgressRules.overall(goals.map(\.progress)),
            longestStreakDays: try row["longest_streak_days"], currentStreakDays: try row["current_streak_days"],
            startedAt: try row["started_at"], endsAt: try row["ends_at"], followers: try row["followers"],
            following: try row["following"])
    }

    /// Every follower of `username` (default the viewer) the viewer may see,
    /// by username: page after page of `pageSize`.
    public func followers(of username: String?, viewer: LifeTimerAccount) throws -> [PublicAccount] {
        try everyPage { try followers(of: username, viewer: viewer, limit: Self.pageSize, after: $0) }
    }

    /// Every account `username` (default the viewer) follows that the viewer may see.
    public func following(of username: String?, viewer: LifeTimerAccount) throws -> [PublicAccount] {
        try everyPage { try following(of: username, viewer: viewer, limit: Self.pageSize, after: $0) }
    }

    /// The largest page the server gives (Schema/server/0006).
    public static let pageSize = 500

    /// One page of the followers of `username` (default the viewer) the
    /// viewer may see, by username, at most `limit` (1–500), after the
    /// username `after` (any case; nil: from the first).
    public func followers(of username: String?, viewer: LifeTimerAccount, limit: Int, after: String?) throws
        -> [PublicAccount]
    {
        try page(of: username, viewer: viewer, limit: limit, after: after, sql: Self.followersSQL)
    }

    /// One page of the accounts `username` (default the viewer) follows.
    public func following(of username: String?, viewer: LifeTimerAccount, limit: Int, after: String?) throws
        -> [PublicAccount]
    {
        try page(of: username, viewer: viewer, limit: limit, after: after, sql: Self.followingSQL)
    }

    /// Who follows the account named `$1` (any case): a page of `$2` after
    /// the name `$3` (lower case).
    public static let followersSQL = """
        SELECT id, username, bio, avatar_path, created_at, last_active_at
        FROM public.lifetimer_followers(
            (SELECT a.id FROM public.lifetimer_accounts AS a WHERE a.username_key = lower($1)), $2, $3)
        """
    /// Whom the account named `$1` follows: a page of `$2` after the name `$3` (lower case).
    public static let followingSQL = """
        SELECT id, username, bio, avatar_path, created_at, last_active_at
        FROM public.lifetimer_following(
            (SELECT a.id FROM public.lifetimer_accounts AS a WHERE a.username_key = lower($1)), $2, $3)
        """

    /// The account named `$1` (any case), as the policies let the viewer see it.
    static let visibleAccountSQL = """
        SELECT a.id, a.username, a.bio, a.avatar_path, a.created_at, a.last_active_at
        FROM public.lifetimer_accounts AS a WHERE a.username_key = lower($1)
        """

    /// One page, in one round trip: whether the viewer may see the account
    /// (one answer for hidden and missing), then the page.
    private func page(of username: String?, viewer: LifeTimerAccount, limit: Int, after: String?, sql: String) throws
        -> [PublicAccount]
    {
        try LifeTimerSocialRules.checkLimit(limit)
        let name = (username ?? viewer.username).trimmingCharacters(in: .whitespaces)
        let results = try read(
            as: viewer.id, [(Self.visibleAccountSQL, [name]), (sql, [name, limit, after?.lowercased()])])
        guard results.first?.isEmpty == false else { throw LifeTimerSocialRules.notVisible(name) }
        return try (results.last ?? []).map(Self.publicAccount)
    }

    /// Pages of `read` (given the last username of the page before) until one comes back short.
    private func everyPage(_ read: (String?) throws -> [PublicAccount]) throws -> [PublicAccount] {
        var all: [PublicAccount] = []
        var after: String?
        while true {
            let page = try read(after)
            all += page
            guard page.count == Self.pageSize, let last = page.last else { return all }
            after = last.username
        }
    }

    /// The feed (Schema/server/0006): the newest public milestones of the
    /// accounts the viewer follows, ties by username then id (as the device).
    public static let feedSQL = """
        SELECT id, username, bio, avatar_path, created_at, last_active_at, milestone_id, goal_title, title, completed_at
        FROM public.lifetimer_feed($1)
        """

    public func feed(viewer: LifeTimerAccount, limit: Int = 50) throws -> [FeedItem] {
        try LifeTimerSocialRules.checkLimit(limit)
        return try (read(as: viewer.id, [(Self.feedSQL, [limit])]).first ?? []).map { row in
            FeedItem(
                account: try Self.publicAccount(row), milestoneID: try row["milestone_id"],
                goalTitle: try row["goal_title"], milestoneTitle: try row["title"],
                completedAt: try row["completed_at"])
        }
    }

    /// A leaderboard's rows, each with the board's total (one statement; no
    /// row within the limit means none at all, a total of 0): the views of
    /// Schema/server/ in leaderboard order with the maintained counts' total
    /// (goals, longest streaks), or the boards' functions (current streaks,
    /// recent), which apply the rule themselves and read the server's clock,
    /// pinned to this store's. `$1` is the limit; for `recent`, `$2` is the
    /// window's first instant.
    public static func leaderboardSQL(_ kind: LeaderboardKind) -> String {
        switch kind {
        case .currentStreaks:
            """
            SELECT id, username, bio, avatar_path, created_at, last_active_at, value, rank, total
            FROM public.lifetimer_current_streaks($1)
            """
        case .goals, .streaks:
            """
            SELECT id, username, bio, avatar_path, created_at, last_active_at, value, rank,
                   (SELECT public.lifetimer_accounts_above('\(kind.rawValue)', 0)) AS total
            FROM public.lifetimer_leaderboard_\(kind.rawValue) ORDER BY value DESC, username_key LIMIT $1
            """
        case .recent:
            """
            SELECT id, username, bio, avatar_path, created_at, last_active_at, milestone_id, title, completed_at, total
            FROM public.lifetimer_recent($1, $2)
            """
        }
    }

    public func leaderboard(_ kind: LeaderboardKind, viewer: LifeTimerAccount, limit: Int = 10) throws -> Leaderboard {
        try LifeTimerSocialRules.checkLimit(limit)
        let since = try LifeTimerSocialRules.recentWindowStart(now: clock.now(), viewer: viewer)
        let rows =
            try read(as: viewer.id, [(Self.leaderboardSQL(kind), kind == .recent ? [limit, since] : [limit])]).first
            ?? []
        let entries = try rows.enumerated().map { place, row in
            kind == .recent
                ? LeaderboardEntry(
                    rank: place + 1, account: try Self.publicAccount(row), value: place + 1,
                    milestoneTitle: try row["title"], completedAt: try row["completed_at"])
                : LeaderboardEntry(
                    rank: try row["rank"], account: try Self.publicAccount(row), value: try row["value"],
                    milestoneTitle: nil, completedAt: nil)
        }
        return Leaderboard(kind: kind, entries: entries, total: try rows.first?.get("total") ?? 0)
    }

    /// Search (Schema/server/0005): the text itself, not a pattern; the
    /// server's index finds the names that contain it.
    public static let searchSQL = """
        SELECT id, username, bio, avatar_path, created_at, last_active_at FROM public.lifetimer_search($1, $2)
        """

    public func search(_ text: String, viewer: LifeTimerAccount, limit: Int = 20) throws -> [PublicAccount] {
        try LifeTimerSocialRules.checkLimit(limit)
        // The device's rule for the text (1–30 characters once trimmed), then the trimmed text itself.
        _ = try LifeTimerSocialRules.searchPattern(text)
        let needle = text.trimmingCharacters(in: .whitespaces)
        return try (read(as: viewer.id, [(Self.searchSQL, [needle, limit])]).first ?? []).map(Self.publicAccount)
    }

    // MARK: Writes

    /// The id of any account by username, hidden ones included: for an
    /// admin (who suspends any account, LT-8), through the admins' function.
    func anyAccountID(named username: String, on connection: PostgresConnection) throws -> UUID {
        let name = username.trimmingCharacters(in: .whitespaces)
        guard
            let id = try connection.row("SELECT public.lifetimer_account_id_for_admin($1) AS id", [name])?.get(
                "id", as: UUID?.self)
        else {
            throw LifeError.invalid(field: "username", "no account named '\(TerminalText.echoed(name))'")
        }
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

    /// Stops following an account the viewer may see, as on the device: one
    /// answer for a name the viewer cannot see, followed or not (a follow
    /// of an account that turned private stays, hidden, until it is public
    /// again, or a block ends it): docs/server.md.
    public func unfollow(_ username: String, viewer: LifeTimerAccount) throws {
        try asAccount(viewer.id) { connection in
            let target = try visibleAccount(named: username, on: connection)
            let removed = try connection.execute(
                "DELETE FROM public.lifetimer_follows WHERE follower_id = (SELECT auth.uid()) AND followee_id = $1",
                [target.id]
            ).affected
            guard removed > 0 else {
                throw LifeError.invalid(field: "username", "you do not follow '\(target.username)'")
            }
            try touch(on: connection)
        }
    }

    /// The account named `username` as the policies let the viewer see it, or nil.
    func visibleAccountIfAny(named username: String, on connection: PostgresConnection) throws -> PublicAccount? {
        try connection.row(
            "SELECT \(Self.publicColumns) FROM public.lifetimer_accounts AS a WHERE a.username_key = lower($1)",
            [username]
        ).map(Self.publicAccount)
    }

    /// Blocks an account, as the device does (LT-6): any account, a hidden
    /// one too; true only for an account the viewer could see, false for a
    /// name it cannot see whether an account has it (then it is blocked) or
    /// not, so the answer tells nothing about hidden accounts. By name
    /// through `public.lifetimer_block` (Schema/server/0005): no client reads
    /// the blocks, which name accounts their makers cannot see.
    @discardableResult
    public func block(_ username: String, viewer: LifeTimerAccount) throws -> Bool {
        // A name no account can have is told as such: that depends on no row.
        let name = try LifeTimerRules.username(username)
        return try asAccount(viewer.id) { connection in
            if try visibleAccountIfAny(named: name, on: connection)?.id == viewer.id {
                throw LifeError.invalid(field: "username", "you cannot block yourself")
            }
            // Active whatever the name was: its last activity tells nothing either.
            try touch(on: connection)
            return try connection.row("SELECT public.lifetimer_block($1) AS seen", [name])?.get("seen", as: Bool.self)
                ?? false
        }
    }

    /// Lifts the viewer's block of the account named `username`, as the
    /// device does: the same answer whether there was a block, a hidden
    /// account or no account by that name; only an account the viewer can
    /// see (and so has not blocked) is refused.
    public func unblock(_ username: String, viewer: LifeTimerAccount) throws {
        let name = try LifeTimerRules.username(username)
        try asAccount(viewer.id) { connection in
            if let visible = try visibleAccountIfAny(named: name, on: connection) {
                throw LifeError.invalid(
                    field: "username",
                    visible.id == viewer.id
                        ? "you cannot unblock yourself" : "you have not blocked '\(visible.username)'")
            }
            try touch(on: connection)
            try connection.execute("SELECT public.lifetimer_unblock($1)", [name])
        }
    }
}
