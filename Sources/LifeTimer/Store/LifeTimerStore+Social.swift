import Foundation
import LifeCore
import LifeDB

/// The social reads and writes (LT-6). Every read of an account goes through
/// the `lifetimer_visible_accounts` view of 0006_lifetimer.sql (`visible(_:on:)`
/// or `visibleAccounts`): the one visibility rule, whose columns are the
/// public ones only, so that a new read path written the same way can show
/// neither a hidden account nor a private field. Ranks and totals are
/// computed after the view has filtered.
extension LifeTimerStore {
    /// The public columns of `lifetimer_visible_accounts` aliased `alias` (the
    /// view has no others: never email, never the identity link), each named
    /// as in the table, the id first: it is the row's key. Decoded by
    /// `publicAccount(from:)`.
    static func publicColumns(_ alias: String) -> String {
        """
        \(alias).id AS id, \(alias).username AS username, \(alias).bio AS bio, \(alias).avatar_path AS avatar_path, \
        \(alias).created_at AS created_at, \(alias).last_active_at AS last_active_at
        """
    }

    /// The account of a row led by `publicColumns(_:)`, read by name.
    static func publicAccount(from row: TableRow) throws -> PublicAccount {
        PublicAccount(
            id: try row["id"], username: try row["username"], bio: try row["bio"], avatarPath: try row["avatar_path"],
            createdAt: try row["created_at"], lastActiveAt: try row["last_active_at"])
    }

    /// Public accounts, one a row of `sql` led by `publicColumns(_:)`.
    func publicAccounts(_ sql: String, _ arguments: StatementArguments) throws -> [PublicAccount] {
        var accounts: [PublicAccount] = []
        try db.forEachRow(table: "lifetimer_accounts", sql, arguments) {
            accounts.append(try Self.publicAccount(from: $0))
        }
        return accounts
    }

    /// LT-6, the one rule, joined: the accounts (aliased `alias`) that the
    /// viewer, bound as the next `?`, may see, matched on `idColumn`.
    public static func visible(_ alias: String, on idColumn: String) -> String {
        "JOIN lifetimer_visible_accounts AS \(alias) ON \(alias).viewer_id = ? AND \(alias).id = \(idColumn)"
    }

    /// LT-6, the one rule, as the first table: `FROM` it and bind the viewer
    /// to `a.viewer_id = ?`.
    static let visibleAccounts = "lifetimer_visible_accounts AS a"

    /// The account named `username` if `viewer` may see it; else the same
    /// error whether it is hidden or does not exist, so nothing leaks.
    public func visibleAccount(named username: String, viewer: LifeTimerAccount) throws -> PublicAccount {
        let name = username.trimmingCharacters(in: .whitespaces)
        guard
            let account = try db.fetchOne(
                table: "lifetimer_accounts",
                "SELECT \(Self.publicColumns("a")) FROM \(Self.visibleAccounts) WHERE a.viewer_id = ? AND a.username = ?",
                [viewer.id, name], Self.publicAccount(from:))
        else {
            throw LifeTimerSocialRules.notVisible(name)
        }
        return account
    }

    // MARK: Reads

    /// The public view of an account with its stats, goal summaries and
    /// milestones: all of them for the account itself, public ones for others.
    public func profile(of username: String?, viewer: LifeTimerAccount) throws -> Profile {
        try db.readTransaction { _ in
            let account = try visibleAccount(named: username ?? viewer.username, viewer: viewer)
            let isSelf = account.id == viewer.id
            let goals = try goals(accountID: account.id)
            let summaries = goals.map { goal in
                GoalSummary(
                    id: goal.id, number: goal.number, title: goal.title, completed: goal.isCompleted,
                    progress: goal.progress, milestones: goal.milestones.filter { isSelf || $0.isPublic })
            }
            let countdown = try countdown(accountID: account.id)
            let streak =
                try db.fetchOne(
                    Int.self, "SELECT longest_streak_days FROM lifetimer_accounts WHERE id = ?", [account.id]) ?? 0
            return Profile(
                account: account, isSelf: isSelf, goals: summaries, goalsCompleted: goals.filter(\.isCompleted).count,
                overallProgress: ProgressRules.overall(goals.map(\.progress)), longestStreakDays: streak,
                startedAt: countdown?.startedAt, endsAt: countdown?.endsAt,
                followers: try followers(ofID: account.id, viewer: viewer).count,
                following: try following(ofID: account.id, viewer: viewer).count)
        }
    }

    /// Who follows `username` (default the viewer), as the viewer may see them.
    public func followers(of username: String?, viewer: LifeTimerAccount) throws -> [PublicAccount] {
        let account = try visibleAccount(named: username ?? viewer.username, viewer: viewer)
        return try followers(ofID: account.id, viewer: viewer)
    }

    /// Whom `username` (default the viewer) follows, as the viewer may see them.
    public func following(of username: String?, viewer: LifeTimerAccount) throws -> [PublicAccount] {
        let account = try visibleAccount(named: username ?? viewer.username, viewer: viewer)
        return try following(ofID: account.id, viewer: viewer)
    }

    func followers(ofID id: UUID, viewer: LifeTimerAccount) throws -> [PublicAccount] {
        try publicAccounts(
            """
            SELECT \(Self.publicColumns("a")) FROM lifetimer_follows AS f \(Self.visible("a", on: "f.follower_id"))
            WHERE f.followee_id = ? ORDER BY a.username
            """, [viewer.id, id])
    }

    func following(ofID id: UUID, viewer: LifeTimerAccount) throws -> [PublicAccount] {
        try publicAccounts(
            """
            SELECT \(Self.publicColumns("a")) FROM lifetimer_follows AS f \(Self.visible("a", on: "f.followee_id"))
            WHERE f.follower_id = ? ORDER BY a.username
            """, [viewer.id, id])
    }

    /// The public milestones completed by accounts the viewer follows and
    /// may see, newest first.
    public func feed(viewer: LifeTimerAccount, limit: Int = 50) throws -> [FeedItem] {
        try Self.checkLimit(limit)
        var items: [FeedItem] = []
        // A row is led by its account's key; the milestone's columns are named
        // as the milestone's (`milestone_id`, `goal_title`, `title`, `completed_at`).
        try db.forEachRow(table: "lifetimer_accounts", Self.feedSQL, [viewer.id, viewer.id, limit]) { row in
            let milestone = TableRow(table: "lifetimer_milestones", statement: row.statement)
            items.append(
                FeedItem(
                    account: try Self.publicAccount(from: row), milestoneID: try milestone["milestone_id"],
                    goalTitle: try milestone["goal_title"], milestoneTitle: try milestone["title"],
                    completedAt: try milestone["completed_at"]))
        }
        return items
    }

    /// A leaderboard as the viewer may see it: rows of hidden accounts are
    /// removed first, then ranks (ties share one: 1, 2, 2, 4) and the total
    /// are computed over what is left. Ties are listed by username.
    ///
    /// The rows come in leaderboard order from an index that stops after
    /// `limit` visible rows, so a rank is counted here from the rows before
    /// it (all rows ranked higher are among them); the total is a second
    /// query through the same rule.
    public func leaderboard(_ kind: LeaderboardKind, viewer: LifeTimerAccount, limit: Int = 10) throws -> Leaderboard {
        try Self.checkLimit(limit)
        // LT-6 "recently completed": the last 30 calendar days in the viewer's zone.
        var window: [any DatabaseValueEncodable] = []
        if kind == .recent {
            window = [try LifeTimerSocialRules.recentWindowStart(now: clock.now(), viewer: viewer)]
        }
        return try db.readTransaction { db in
            var entries: [LeaderboardEntry] = []
            try db.forEachRow(
                table: "lifetimer_accounts", Self.leaderboardSQL(kind),
                StatementArguments([viewer.id] + window + [limit])
            ) { row in
                let milestone = TableRow(table: "lifetimer_milestones", statement: row.statement)
                let value: Int = try row["value"]
                let position = entries.count + 1
                let rank: Int
                switch kind {
                case .recent: rank = position
                case .goals, .streaks:
                    rank = entries.last.map { $0.value == value ? $0.rank : position } ?? 1
                }
                entries.append(
                    LeaderboardEntry(
                        rank: rank, account: try Self.publicAccount(from: row), value: kind == .recent ? rank : value,
                        milestoneTitle: try milestone["title"], completedAt: try milestone["completed_at"]))
            }
            let total =
                try db.fetchOne(Int.self, Self.leaderboardTotalSQL(kind), StatementArguments([viewer.id] + window)) ?? 0
            return Leaderboard(kind: kind, entries: entries, total: total)
        }
    }

    /// The feed's query: viewer id (the rule), viewer id (follower), limit.
    static let feedSQL = """
        SELECT \(publicColumns("a")), m.id AS milestone_id, g.title AS goal_title, m.title AS title,
               m.completed_at AS completed_at
        FROM lifetimer_follows AS f \(visible("a", on: "f.followee_id"))
        JOIN lifetimer_milestones AS m ON m.account_id = a.id AND m.is_public = 1 AND m.completed_at IS NOT NULL
        JOIN lifetimer_goals AS g ON g.id = m.goal_id
        WHERE f.follower_id = ?
        ORDER BY m.completed_at DESC, a.username, m.id
        LIMIT ?
        """

    /// A leaderboard's rows in order: viewer id (the rule), for `recent` the
    /// window's first instant, limit. Columns: the public account, `value`,
    /// the milestone's `title` and `completed_at`.
    static func leaderboardSQL(_ kind: LeaderboardKind) -> String {
        switch kind {
        case .goals:
            """
            SELECT \(publicColumns("a")), c.completed AS value, NULL AS title, NULL AS completed_at
            FROM (
                SELECT account_id, count(*) AS completed FROM lifetimer_goals
                WHERE completed_at IS NOT NULL GROUP BY account_id
            ) AS c \(visible("a", on: "c.account_id"))
            ORDER BY c.completed DESC, a.username
            LIMIT ?
            """
        case .streaks:
            """
            SELECT \(publicColumns("a")), a.longest_streak_days AS value, NULL AS title, NULL AS completed_at
            FROM \(visibleAccounts)
            WHERE a.viewer_id = ? AND a.longest_streak_days > 0
            ORDER BY a.longest_streak_days DESC, a.username
            LIMIT ?
            """
        case .recent:
            """
            SELECT \(publicColumns("a")), 0 AS value, m.title AS title, m.completed_at AS completed_at
            FROM lifetimer_milestones AS m \(visible("a", on: "m.account_id"))
            WHERE m.is_public = 1 AND m.completed_at IS NOT NULL AND m.completed_at >= ?
            ORDER BY m.completed_at DESC, a.username, m.id
            LIMIT ?
            """
        }
    }

    /// A leaderboard's total, counted through the same rule: viewer id, and
    /// for `recent` the window's first instant.
    static func leaderboardTotalSQL(_ kind: LeaderboardKind) -> String {
        switch kind {
        case .goals:
            """
            SELECT count(*)
            FROM (SELECT DISTINCT account_id FROM lifetimer_goals WHERE completed_at IS NOT NULL) AS c
                \(visible("a", on: "c.account_id"))
            """
        case .streaks:
            """
            SELECT count(*) FROM \(visibleAccounts) WHERE a.viewer_id = ? AND a.longest_streak_days > 0
            """
        case .recent:
            """
            SELECT count(*) FROM lifetimer_milestones AS m \(visible("a", on: "m.account_id"))
            WHERE m.is_public = 1 AND m.completed_at IS NOT NULL AND m.completed_at >= ?
            """
        }
    }

    /// `EXPLAIN QUERY PLAN` of the feed and each leaderboard for `viewer`:
    /// what docs/benchmarks.md records beside the figures (PERF-7).
    public func queryPlans(viewer: LifeTimerAccount) throws -> [(path: String, plan: [String])] {
        var plans: [(path: String, plan: [String])] = []
        var paths: [(String, String, StatementArguments)] = [("feed", Self.feedSQL, [viewer.id, viewer.id, 50])]
        let since = CountdownRules.sameWallClock(
            as: clock.now(), daysLater: -LifeTimerRules.recentWindowDays, in: try zone(of: viewer))
        for kind in LeaderboardKind.allCases {
            let window: [any DatabaseValueEncodable] = kind == .recent ? [since] : []
            paths.append(
                (
                    "leaderboard \(kind.rawValue)", Self.leaderboardSQL(kind),
                    StatementArguments([viewer.id] + window + [10])
                ))
            paths.append(
                (
                    "leaderboard \(kind.rawValue) total", Self.leaderboardTotalSQL(kind),
                    StatementArguments([viewer.id] + window)
                ))
        }
        for (name, sql, arguments) in paths {
            var plan: [String] = []
            try db.forEachRow("EXPLAIN QUERY PLAN " + sql, arguments) { statement in
                let id = try statement.column(Int.self, named: "id")
                let parent = try statement.column(Int.self, named: "parent")
                let detail = try statement.column(String.self, named: "detail")
                plan.append("\(id) \(parent) \(detail)")
            }
            plans.append((name, plan))
        }
        return plans
    }

    /// Accounts the viewer may see whose username contains `text` (any case),
    /// by username.
    public func search(_ text: String, viewer: LifeTimerAccount, limit: Int = 20) throws -> [PublicAccount] {
        try Self.checkLimit(limit)
        let pattern = try LifeTimerSocialRules.searchPattern(text)
        return try publicAccounts(
            """
            SELECT \(Self.publicColumns("a")) FROM \(Self.visibleAccounts)
            WHERE a.viewer_id = ? AND a.username LIKE ? ESCAPE '\\'
            ORDER BY a.username LIMIT ?
            """, [viewer.id, pattern, limit])
    }

    static func checkLimit(_ limit: Int) throws { try LifeTimerSocialRules.checkLimit(limit) }

    // MARK: Writes

    /// Follows a public account the viewer may see. Following again is not
    /// an error; the answer says whether a new follow was made.
    @discardableResult
    public func follow(_ username: String, viewer: LifeTimerAccount) throws -> Bool {
        try db.writeTransaction { db in
            let target = try visibleAccount(named: username, viewer: viewer)
            guard target.id != viewer.id else {
                throw LifeError.invalid(field: "username", "you cannot follow yourself")
            }
            try db.execute(
                "INSERT OR IGNORE INTO lifetimer_follows (follower_id, followee_id, created_at) VALUES (?, ?, ?)",
                [viewer.id, target.id, clock.now()])
            let made = db.changes > 0
            try touch(viewer)
            return made
        }
    }

    /// Stops following; an error when the viewer does not follow that account.
    public func unfollow(_ username: String, viewer: LifeTimerAccount) throws {
        try db.writeTransaction { db in
            let target = try anyAccountID(named: username)
            try db.execute(
                "DELETE FROM lifetimer_follows WHERE follower_id = ? AND followee_id = ?", [viewer.id, target])
            guard db.changes > 0 else {
                throw LifeError.invalid(field: "username", "you do not follow '\(username)'")
            }
            try touch(viewer)
        }
    }

    /// Blocks any account: each is hidden from the other from now on, and
    /// the follows between them are removed both ways (the schema's trigger).
    @discardableResult
    public func block(_ username: String, viewer: LifeTimerAccount) throws -> Bool {
        try db.writeTransaction { db in
            let target = try anyAccountID(named: username)
            guard target != viewer.id else { throw LifeError.invalid(field: "username", "you cannot block yourself") }
            try db.execute(
                "INSERT OR IGNORE INTO lifetimer_blocks (blocker_id, blocked_id, created_at) VALUES (?, ?, ?)",
                [viewer.id, target, clock.now()])
            let made = db.changes > 0
            try touch(viewer)
            return made
        }
    }

    /// Lifts the viewer's block; follows removed by it stay removed.
    public func unblock(_ username: String, viewer: LifeTimerAccount) throws {
        try db.writeTransaction { db in
            let target = try anyAccountID(named: username)
            try db.execute("DELETE FROM lifetimer_blocks WHERE blocker_id = ? AND blocked_id = ?", [viewer.id, target])
            guard db.changes > 0 else {
                throw LifeError.invalid(field: "username", "you have not blocked '\(username)'")
            }
            try touch(viewer)
        }
    }

    /// The usernames the viewer has blocked (its own list; never who blocked it).
    public func blocked(by viewer: LifeTimerAccount) throws -> [String] {
        var names: [String] = []
        try db.forEachRow(
            table: "lifetimer_accounts",
            """
            SELECT a.id AS id, a.username AS username
            FROM lifetimer_blocks AS b JOIN lifetimer_accounts AS a ON a.id = b.blocked_id
            WHERE b.blocker_id = ? ORDER BY a.username
            """, [viewer.id]
        ) { names.append(try $0["username"]) }
        return names
    }

    /// Any account's id by username, for blocking (which works on hidden
    /// accounts too) and undoing one's own edges.
    func anyAccountID(named username: String) throws -> UUID {
        let name = username.trimmingCharacters(in: .whitespaces)
        guard let id = try db.fetchOne(UUID.self, "SELECT id FROM lifetimer_accounts WHERE username = ?", [name]) else {
            throw LifeError.invalid(field: "username", "no account named '\(name)'")
        }
        return id
    }
}
