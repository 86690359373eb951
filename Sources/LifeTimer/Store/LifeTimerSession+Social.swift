import Foundation
import LifeCore
import LifeDB

/// The social reads and writes (LT-6). The visibility rule is SQL, once:
/// `lifetimer_visible_accounts` (0010), `lifetimer_visible_goals` and
/// `lifetimer_visible_milestones` (0011), one row per viewer and thing the
/// viewer may see, public columns only. Every read of another account, of
/// its goals, descriptions or milestones reads those views with the
/// viewer's id bound, so a read written the same way can show neither a
/// hidden account nor a private field; ranks and totals are computed over
/// what they let through. Usernames a write names are resolved through the
/// same view, with one answer for a hidden account and a missing one.
extension LifeTimerSession {
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
    static func visible(_ alias: String, on idColumn: String) -> String {
        "JOIN lifetimer_visible_accounts AS \(alias) ON \(alias).viewer_id = ? AND \(alias).id = \(idColumn)"
    }

    /// LT-6, the one rule, as the first table: `FROM` it and bind the viewer
    /// to `a.viewer_id = ?`.
    static let visibleAccounts = "lifetimer_visible_accounts AS a"

    /// The one answer for a username the viewer cannot see, whether an
    /// account has it or not (LT-6, REL-6).
    func notVisible(_ name: String) -> LifeError { LifeTimerSocialRules.notVisible(name, voice: voice) }

    /// The account named `username` if the viewer may see it, else nil:
    /// the one way a username is resolved for another account.
    func visibleAccountIfAny(named username: String, viewerID: UUID) throws -> PublicAccount? {
        try db.fetchOne(
            table: "lifetimer_accounts",
            "SELECT \(Self.publicColumns("a")) FROM \(Self.visibleAccounts) WHERE a.viewer_id = ? AND a.username = ?",
            [viewerID, username.trimmingCharacters(in: .whitespaces)], Self.publicAccount(from:))
    }

    /// The account named `username` if the viewer may see it; else the
    /// same error whether it is hidden or does not exist, so nothing leaks.
    func visibleAccount(named username: String, viewerID: UUID) throws -> PublicAccount {
        guard let account = try visibleAccountIfAny(named: username, viewerID: viewerID) else {
            throw notVisible(username.trimmingCharacters(in: .whitespaces))
        }
        return account
    }

    // MARK: Reads

    /// The public view of an account with its stats, goal summaries and
    /// milestones, as the views let the viewer see them: all milestones for
    /// the account itself (hidden ones marked), public ones no admin hid
    /// for others.
    func profile(of username: String?, viewer: LifeTimerAccount) throws -> Profile {
        let account = try visibleAccount(named: username ?? viewer.username, viewerID: viewer.id)
        var milestones: [UUID: [Milestone]] = [:]
        try db.forEachRow(
            table: "lifetimer_milestones",
            """
            SELECT id, goal_id, position, title, due_date, is_public, completed_at, hidden
            FROM lifetimer_visible_milestones
            WHERE viewer_id = ? AND account_id = ? ORDER BY goal_id, position
            """, [viewer.id, account.id]
        ) { row in
            let milestone = try Self.milestone(from: row)
            milestones[milestone.goalID, default: []].append(milestone)
        }
        var goals: [GoalSummary] = []
        try db.forEachRow(
            table: "lifetimer_goals",
            """
            SELECT g.id AS id, g.number AS number, g.title AS title, g.completed_at AS completed_at,
                   g.milestones_total - (\(Self.hiddenMilestones)) AS milestones_total,
                   g.milestones_done - (\(Self.hiddenMilestones) AND m.completed_at IS NOT NULL) AS milestones_done,
                   g.hidden AS hidden
            FROM lifetimer_visible_goals AS g
            WHERE g.viewer_id = ? AND g.account_id = ? ORDER BY g.number
            """, [viewer.id, account.id]
        ) { row in
            let id: UUID = try row["id"]
            let completed = (try row["completed_at", as: Date?.self]) != nil
            goals.append(
                GoalSummary(
                    id: id, number: try row["number"], title: try row["title"], completed: completed,
                    progress: ProgressRules.goalProgress(
                        completed: completed, milestonesDone: try row["milestones_done"],
                        milestonesTotal: try row["milestones_total"]),
                    isHidden: try row["hidden"], milestones: milestones[id] ?? []))
        }
        var streaks = (longest: 0, current: 0)
        try db.forEachRow(
            table: "lifetimer_accounts",
            """
            SELECT a.id AS id, a.longest_streak_days AS longest_streak_days, a.current_streak_days AS current_streak_days,
                   a.current_streak_until AS current_streak_until
            FROM \(Self.visibleAccounts) WHERE a.viewer_id = ? AND a.id = ?
            """, [viewer.id, account.id]
        ) { row in
            streaks = (
                try row["longest_streak_days"],
                Streaks.current(
                    latest: try row["current_streak_days"], until: try row["current_streak_until"], now: clock.now())
            )
        }
        let countdown = try countdown(accountID: account.id)
        return Profile(
            account: account, isSelf: account.id == viewer.id, goals: goals,
            goalsCompleted: goals.filter(\.completed).count,
            overallProgress: ProgressRules.overall(goals.map(\.progress)),
            longestStreakDays: streaks.longest, currentStreakDays: streaks.current, startedAt: countdown?.startedAt,
            endsAt: countdown?.endsAt,
            followers: try followers(ofID: account.id, viewerID: viewer.id).count,
            following: try following(ofID: account.id, viewerID: viewer.id).count)
    }

    /// The milestones of the goal `g` an admin hid, when `g` is another
    /// account's: the progress others see leaves them out (as the server's
    /// does, SRV-6); the account itself counts all of its own.
    static let hiddenMilestones = """
        SELECT count(*) FROM lifetimer_milestones AS m
        WHERE m.goal_id = g.id AND g.account_id <> g.viewer_id
          AND EXISTS (SELECT 1 FROM lifetimer_report_decisions AS d WHERE d.hidden_milestone_id = m.id)
        """

    /// Who follows `username` (default the viewer), as the viewer may see them.
    func followers(of username: String?, viewer: LifeTimerAccount) throws -> [PublicAccount] {
        let account = try visibleAccount(named: username ?? viewer.username, viewerID: viewer.id)
        return try followers(ofID: account.id, viewerID: viewer.id)
    }

    /// Whom `username` (default the viewer) follows, as the viewer may see them.
    func following(of username: String?, viewer: LifeTimerAccount) throws -> [PublicAccount] {
        let account = try visibleAccount(named: username ?? viewer.username, viewerID: viewer.id)
        return try following(ofID: account.id, viewerID: viewer.id)
    }

    func followers(ofID id: UUID, viewerID: UUID) throws -> [PublicAccount] {
        try publicAccounts(
            """
            SELECT \(Self.publicColumns("a")) FROM lifetimer_follows AS f \(Self.visible("a", on: "f.follower_id"))
            WHERE f.followee_id = ? ORDER BY a.username
            """, [viewerID, id])
    }

    func following(ofID id: UUID, viewerID: UUID) throws -> [PublicAccount] {
        try publicAccounts(
            """
            SELECT \(Self.publicColumns("a")) FROM lifetimer_follows AS f \(Self.visible("a", on: "f.followee_id"))
            WHERE f.follower_id = ? ORDER BY a.username
            """, [viewerID, id])
    }

    /// The public milestones completed by accounts the viewer follows and
    /// may see, newest first.
    func feed(viewerID: UUID, limit: Int) throws -> [FeedItem] {
        try checkLimit(limit)
        var items: [FeedItem] = []
        // A row is led by its account's key; the milestone's columns are named
        // as the milestone's (`milestone_id`, `goal_title`, `title`, `completed_at`).
        try db.forEachRow(table: "lifetimer_accounts", Self.feedSQL, [viewerID, viewerID, limit]) { row in
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
    /// are computed over what is left. Ties are listed by username. Goals
    /// and milestones an admin hid count for no one (`lifetimer_listed_goals`,
    /// `lifetimer_listed_milestones`), so ranks are the same whoever looks.
    ///
    /// PERF-7, indexes rather than caches: the streak and recent boards'
    /// rows come in leaderboard order from an index that stops after
    /// `limit` visible rows, so a rank is counted here from the rows before
    /// it (all rows ranked higher are among them), and the total is a second
    /// query through the same views. The goals board has no index in its
    /// order (a count per account): its one statement counts the rows in the
    /// pass that sorts them.
    func leaderboard(_ kind: LeaderboardKind, viewer: LifeTimerAccount, limit: Int) throws -> Leaderboard {
        try checkLimit(limit)
        let window = try leaderboardWindow(kind, viewer: viewer)
        var entries: [LeaderboardEntry] = []
        var counted = 0
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
            case .goals, .streaks, .currentStreaks:
                rank = entries.last.map { $0.value == value ? $0.rank : position } ?? 1
            }
            if kind == .goals { counted = try row["total"] }
            entries.append(
                LeaderboardEntry(
                    rank: rank, account: try Self.publicAccount(from: row), value: kind == .recent ? rank : value,
                    milestoneTitle: try milestone["title"], completedAt: try milestone["completed_at"]))
        }
        // With no row within the limit (at least 1), there is none at all.
        let total =
            try Self.leaderboardTotalSQL(kind).map {
                try db.fetchOne(Int.self, $0, StatementArguments([viewer.id] + window)) ?? 0
            } ?? counted
        return Leaderboard(kind: kind, entries: entries, total: total)
    }

    /// What a leaderboard's statement binds after the viewer: for `recent`
    /// the window's first instant (the last 30 calendar days in the
    /// viewer's zone), for the current streaks now (a streak is current
    /// until its `current_streak_until`); nothing for the others.
    private func leaderboardWindow(_ kind: LeaderboardKind, viewer: LifeTimerAccount) throws
        -> [any DatabaseValueEncodable]
    {
        switch kind {
        case .goals, .streaks: return []
        case .currentStreaks: return [clock.now()]
        case .recent:
            return [
                CountdownRules.sameWallClock(
                    as: clock.now(), daysLater: -LifeTimerRules.recentWindowDays, in: try zone(of: viewer))
            ]
        }
    }

    /// The feed's query: viewer id (the rule), follower id, limit.
    static let feedSQL = """
        SELECT \(publicColumns("a")), m.id AS milestone_id, g.title AS goal_title, m.title AS title,
               m.completed_at AS completed_at
        FROM lifetimer_follows AS f \(visible("a", on: "f.followee_id"))
        JOIN lifetimer_visible_milestones AS m
            ON m.viewer_id = a.viewer_id AND m.account_id = a.id AND m.is_public = 1 AND m.completed_at IS NOT NULL
        JOIN lifetimer_visible_goals AS g ON g.viewer_id = a.viewer_id AND g.id = m.goal_id
        WHERE f.follower_id = ?
        ORDER BY m.completed_at DESC, a.username, m.id
        LIMIT ?
        """

    /// A leaderboard's rows in order: binds the viewer's id (the rule), then
    /// `leaderboardWindow`'s values, then the limit. Columns: the public
    /// account, `value`, the milestone's `title` and `completed_at`; for
    /// `goals` also `total`.
    static func leaderboardSQL(_ kind: LeaderboardKind) -> String {
        switch kind {
        case .goals:
            // Completed goals counted per account from the index alone (a
            // goal an admin hid, as `lifetimer_listed_goals` leaves out, is
            // found by rowid among the few that hiding decisions name, so no
            // goal's row is read), then each account through the rule once,
            // kept narrow (id, username, count); the total counts those rows
            // and only the ten ranked first are read whole (issue 31: 72 M
            // instructions a call before, 57 M after, at 10,000 accounts).
            """
            WITH ranked AS MATERIALIZED (
                SELECT a.id, a.username, c.completed
                FROM (
                    SELECT g.account_id, count(*) AS completed FROM lifetimer_goals AS g
                    WHERE g.completed_at IS NOT NULL
                      AND g.rowid NOT IN (
                          SELECT h.rowid FROM lifetimer_report_decisions AS d
                          JOIN lifetimer_goals AS h ON h.id = d.hidden_goal_id)
                    GROUP BY g.account_id
                ) AS c JOIN lifetimer_visible_accounts AS a ON a.viewer_id = ? AND a.id = c.account_id
            )
            SELECT \(publicColumns("a")), top.completed AS value, (SELECT count(*) FROM ranked) AS total,
                   NULL AS title, NULL AS completed_at
            FROM (SELECT id, username, completed FROM ranked ORDER BY completed DESC, username LIMIT ?) AS top
            JOIN lifetimer_accounts AS a ON a.id = top.id
            ORDER BY top.completed DESC, top.username
            """
        case .streaks:
            """
            SELECT \(publicColumns("a")), a.longest_streak_days AS value, NULL AS title, NULL AS completed_at
            FROM \(visibleAccounts)
            WHERE a.viewer_id = ? AND a.longest_streak_days > 0
            ORDER BY a.longest_streak_days DESC, a.username
            LIMIT ?
            """
        case .currentStreaks:
            // The runs still going now: the index on their end finds them.
            """
            SELECT \(publicColumns("a")), a.current_streak_days AS value, NULL AS title, NULL AS completed_at
            FROM \(visibleAccounts)
            WHERE a.viewer_id = ? AND a.current_streak_days > 0 AND a.current_streak_until > ?
            ORDER BY a.current_streak_days DESC, a.username
            LIMIT ?
            """
        case .recent:
            """
            SELECT \(publicColumns("a")), 0 AS value, m.title AS title, m.completed_at AS completed_at
            FROM lifetimer_listed_milestones AS m
            JOIN lifetimer_visible_accounts AS a ON a.viewer_id = ? AND a.id = m.account_id
            WHERE m.completed_at IS NOT NULL AND m.completed_at >= ?
            ORDER BY m.completed_at DESC, a.username, m.id
            LIMIT ?
            """
        }
    }

    /// A leaderboard's total, counted through the same views (the viewer's
    /// id, then `leaderboardWindow`'s values); nil for `goals`, whose rows
    /// carry it.
    static func leaderboardTotalSQL(_ kind: LeaderboardKind) -> String? {
        switch kind {
        case .goals: nil
        case .streaks:
            "SELECT count(*) FROM \(visibleAccounts) WHERE a.viewer_id = ? AND a.longest_streak_days > 0"
        case .currentStreaks:
            """
            SELECT count(*) FROM \(visibleAccounts)
            WHERE a.viewer_id = ? AND a.current_streak_days > 0 AND a.current_streak_until > ?
            """
        case .recent:
            """
            SELECT count(*) FROM lifetimer_listed_milestones AS m
            JOIN lifetimer_visible_accounts AS a ON a.viewer_id = ? AND a.id = m.account_id
            WHERE m.completed_at IS NOT NULL AND m.completed_at >= ?
            """
        }
    }

    /// `EXPLAIN QUERY PLAN` of the feed and each leaderboard for `viewer`:
    /// what docs/benchmarks.md records beside the figures (PERF-7).
    func queryPlans(viewer: LifeTimerAccount) throws -> [(path: String, plan: [String])] {
        var plans: [(path: String, plan: [String])] = []
        var paths: [(String, String, StatementArguments)] = [("feed", Self.feedSQL, [viewer.id, viewer.id, 50])]
        for kind in LeaderboardKind.allCases {
            let window = try leaderboardWindow(kind, viewer: viewer)
            paths.append(
                (
                    "leaderboard \(kind.rawValue)", Self.leaderboardSQL(kind),
                    StatementArguments([viewer.id] + window + [10])
                ))
            if let total = Self.leaderboardTotalSQL(kind) {
                paths.append(("leaderboard \(kind.rawValue) total", total, StatementArguments([viewer.id] + window)))
            }
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
    func search(_ text: String, viewerID: UUID, limit: Int) throws -> [PublicAccount] {
        try checkLimit(limit)
        let pattern = try LifeTimerSocialRules.searchPattern(text, voice: voice)
        return try publicAccounts(
            """
            SELECT \(Self.publicColumns("a")) FROM \(Self.visibleAccounts)
            WHERE a.viewer_id = ? AND a.username LIKE ? ESCAPE '\\'
            ORDER BY a.username LIMIT ?
            """, [viewerID, pattern, limit])
    }

    func checkLimit(_ limit: Int) throws { try LifeTimerSocialRules.checkLimit(limit, voice: voice) }

    // MARK: Writes

    /// Follows a public account the viewer may see. Following again is not
    /// an error; the answer says whether a new follow was made.
    func follow(_ username: String, viewer: LifeTimerAccount) throws -> Bool {
        let target = try visibleAccount(named: username, viewerID: viewer.id)
        guard target.id != viewer.id else {
            throw voice.invalid("username", .errorFollowSelf)
        }
        try db.execute(
            "INSERT OR IGNORE INTO lifetimer_follows (follower_id, followee_id, created_at) VALUES (?, ?, ?)",
            [viewer.id, target.id, clock.now()])
        let made = db.changes > 0
        try touch(viewer.id)
        return made
    }

    /// Stops following an account the viewer may see; one error for a name
    /// the viewer cannot see, followed or not (a follow of an account that
    /// has turned private stays, hidden, until it is public again).
    func unfollow(_ username: String, viewer: LifeTimerAccount) throws {
        let target = try visibleAccount(named: username, viewerID: viewer.id)
        try db.execute(
            "DELETE FROM lifetimer_follows WHERE follower_id = ? AND followee_id = ?", [viewer.id, target.id])
        guard db.changes > 0 else {
            throw voice.invalid("username", .errorNotFollowing, ["username": target.username])
        }
        try touch(viewer.id)
    }

    /// Blocks an account: each is hidden from the other from now on, and the
    /// follows between them are removed both ways (the schema's trigger).
    /// Any account can be blocked, a hidden one too (so that a private
    /// account is blocked before it ever turns public). Answers true when
    /// the account was one the viewer could see; for a name the viewer
    /// cannot see the answer is false whether an account has it (then it is
    /// blocked) or not (nothing is stored), so it tells nothing (LT-6).
    func block(_ username: String, viewer: LifeTimerAccount) throws -> Bool {
        // A name no account can have is told as such: that depends on no row.
        let name = try LifeTimerRules.username(username, voice: voice)
        let visible = try visibleAccountIfAny(named: name, viewerID: viewer.id)
        if visible?.id == viewer.id { throw voice.invalid("username", .errorBlockSelf) }
        // The viewer is active whatever the name was: its own last activity
        // must not tell a hidden account from a missing one either.
        try touch(viewer.id)
        guard let target = try visible?.id ?? anyAccountID(named: name) else { return false }
        try db.execute(
            "INSERT OR IGNORE INTO lifetimer_blocks (blocker_id, blocked_id, created_at) VALUES (?, ?, ?)",
            [viewer.id, target, clock.now()])
        return visible != nil
    }

    /// Lifts the viewer's block of the account named `username`; follows
    /// removed by it stay removed. A blocked account is hidden by the block
    /// itself, so the answer never says whether the name was blocked, or
    /// is an account at all: it lifts the block when there is one and says
    /// the same either way. Only an account the viewer can see (and so has
    /// not blocked) is told apart: there is nothing to lift.
    func unblock(_ username: String, viewer: LifeTimerAccount) throws {
        let name = try LifeTimerRules.username(username, voice: voice)
        if let visible = try visibleAccountIfAny(named: name, viewerID: viewer.id) {
            throw visible.id == viewer.id
                ? voice.invalid("username", .errorUnblockSelf)
                : voice.invalid("username", .errorNotBlocked, ["username": visible.username])
        }
        try touch(viewer.id)
        guard let target = try anyAccountID(named: name) else { return }
        try db.execute("DELETE FROM lifetimer_blocks WHERE blocker_id = ? AND blocked_id = ?", [viewer.id, target])
    }

    /// Any account's id by username: for a block, which reaches hidden
    /// accounts, and for an admin (who sees every account).
    func anyAccountID(named username: String) throws -> UUID? {
        try db.fetchOne(
            UUID.self, "SELECT id FROM lifetimer_accounts WHERE username = ?",
            [username.trimmingCharacters(in: .whitespaces)])
    }
}
