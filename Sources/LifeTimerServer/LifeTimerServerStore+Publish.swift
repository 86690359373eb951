import Foundation
import LifeCore
import LifeServer
import LifeTimer

/// Publishing: a device puts its own account on the server, or brings the
/// server's copy up to date (SPEC SRV-2, SRV-6). It runs as the account
/// itself, under the policies: an account writes only its own rows. What
/// others may see lands in the public tables (the profile, goal summaries,
/// milestones, the countdown); e-mail and zone in the owner-only table. The
/// server stamps what others rank by (Schema/server/0003): a completion is
/// dated when the server learns of it, and the server records the activity
/// days and the streaks from its own stamps, so the device's days are not
/// sent. Sign-in identities need proof (Schema/server/0005): the operator
/// links them (lifectl holds the operator's URL); those the device no longer
/// has are unlinked by the account itself. The server's locks hold (LT-3):
/// after the start no goal is added, deleted or retitled there.
extension LifeTimerServerStore {
    /// What a publish wrote.
    public struct PublishSummary: Sendable, Equatable, Codable {
        /// The account was new on the server.
        public let created: Bool
        public let goals: Int
        public let milestones: Int
        /// The active days the server holds for the account (from its own stamps).
        public let activeDays: Int
    }

    /// True when `account` is on the server.
    public func isOnServer(_ account: LifeTimerAccount) throws -> Bool {
        try asAccount(account.id) { connection in
            try connection.row("SELECT 1 FROM public.lifetimer_accounts WHERE id = (SELECT auth.uid())") != nil
        }
    }

    /// Publishes `account` when it is on the server already; nil (nothing
    /// written) when it is not: a device's account goes to the server only
    /// when it is published the first time.
    @discardableResult
    public func update(_ account: LifeTimerAccount, goals: [Goal], countdown: LifeTimerStore.Countdown?) throws
        -> PublishSummary?
    {
        guard try isOnServer(account) else { return nil }
        return try publish(account, goals: goals, countdown: countdown)
    }

    /// The account's edges on the server (the social graph is the server's):
    /// the follows from it and to it and the blocks it made, read by the
    /// operator so that those with accounts it cannot see are there too, and
    /// which of `candidates` (the accounts a device holds) are on the server.
    /// For a device that keeps a copy (`LifeTimerStore.adoptServerEdges`).
    public func edges(of account: LifeTimerAccount, among candidates: [UUID]) throws -> (
        follows: [[UUID]], blocked: [UUID], onServer: Set<UUID>
    ) {
        try asAccount(account.id) { connection in
            try asOperator(then: account.id, on: connection) {
                let follows = try connection.rows(
                    """
                    SELECT follower_id, followee_id FROM public.lifetimer_follows WHERE follower_id = $1
                    UNION SELECT follower_id, followee_id FROM public.lifetimer_follows WHERE followee_id = $1
                    """, [account.id]
                ).map { [try $0.get("follower_id", as: UUID.self), try $0.get("followee_id", as: UUID.self)] }
                let blocked = try connection.rows(
                    "SELECT blocked_id FROM public.lifetimer_blocks WHERE blocker_id = $1", [account.id]
                ).map { try $0.get("blocked_id", as: UUID.self) }
                let present = try connection.rows(
                    "SELECT id FROM public.lifetimer_accounts WHERE id = ANY ($1::uuid[])", [PostgresArray(candidates)]
                ).map { try $0.get("id", as: UUID.self) }
                return (follows, blocked, Set(present))
            }
        }
    }

    /// Offers the server the follows and blocks `account` made on a device
    /// (ids of the other ends): each one the server's rules allow is made
    /// there (a follow of an account it may see, any block), the others are
    /// left out, one savepoint each; nothing is removed (the social graph is
    /// the server's). Answers the edges made.
    @discardableResult
    public func offerEdges(of account: LifeTimerAccount, follows: [UUID], blocked: [UUID]) throws -> Int {
        try asAccount(account.id) { connection in
            var made = 0
            func attempt(_ sql: String, _ other: UUID) throws {
                try connection.execute("SAVEPOINT edge")
                do {
                    made += try connection.execute(sql, [other, account.id]).affected
                    try connection.execute("RELEASE SAVEPOINT edge")
                } catch let error as PostgresError where error.isPermissionDenied || error.isConstraintViolation {
                    try connection.execute("ROLLBACK TO SAVEPOINT edge")
                }
            }
            // No client writes blocks (only by name, through the server's
            // function): the operator makes those the device holds, by id.
            try asOperator(then: account.id, on: connection) {
                for other in blocked {
                    try attempt(
                        """
                        INSERT INTO public.lifetimer_blocks (blocker_id, blocked_id)
                        SELECT $2, id FROM public.lifetimer_accounts WHERE id = $1 ON CONFLICT DO NOTHING
                        """, other)
                }
            }
            for other in follows {
                try attempt(
                    """
                    INSERT INTO public.lifetimer_follows (follower_id, followee_id)
                    SELECT $2, $1 WHERE $2 = (SELECT auth.uid()) ON CONFLICT DO NOTHING
                    """, other)
            }
            return made
        }
    }

    /// Makes the server's copy of `account` equal to the device's: its
    /// profile, `goals` with their milestones and `countdown`. Goals and
    /// milestones the device no longer has are removed. One transaction: on
    /// any refusal the server is unchanged.
    @discardableResult
    public func publish(_ account: LifeTimerAccount, goals: [Goal], countdown: LifeTimerStore.Countdown?) throws
        -> PublishSummary
    {
        let now = clock.now()
        return try asAccount(account.id) { connection in
            let created = try publishAccount(account, now: now, on: connection)
            // Positions may swap between milestones of one goal: checked at the commit.
            try connection.execute("SET CONSTRAINTS ALL DEFERRED")
            let milestones = goals.flatMap(\.milestones)
            try connection.execute(
                "DELETE FROM public.lifetimer_milestones WHERE account_id = (SELECT auth.uid()) AND NOT (id = ANY ($1::uuid[]))",
                [PostgresArray(milestones.map(\.id))])
            try refused("the server's countdown has started, so its goals are locked") {
                try connection.execute(
                    "DELETE FROM public.lifetimer_goals WHERE account_id = (SELECT auth.uid()) AND NOT (id = ANY ($1::uuid[]))",
                    [PostgresArray(goals.map(\.id))])
            }
            // What the server holds, so that only what differs is written
            // (a completion compares as a state: the server dates it itself).
            var storedGoals: [UUID: String] = [:]
            for row in try connection.rows(
                "SELECT id, title, completed_at IS NOT NULL AS done FROM public.lifetimer_goals WHERE account_id = (SELECT auth.uid())"
            ) {
                storedGoals[try row["id"]] =
                    "\(try row.get("title", as: String.self))|\(try row.get("done", as: Bool.self))"
            }
            for goal in goals.sorted(by: { $0.number < $1.number }) {
                if let stored = storedGoals[goal.id] {
                    guard stored != "\(goal.title)|\(goal.completedAt != nil)" else { continue }
                    try refused("the server's countdown has started, so its goal titles are locked") {
                        try connection.execute(
                            """
                            UPDATE public.lifetimer_goals SET title = $2, completed_at = $3, updated_at = $4
                            WHERE id = $1
                              AND (title, completed_at IS NULL) IS DISTINCT FROM ($2, $3::timestamptz IS NULL)
                            """, [goal.id, goal.title, goal.completedAt, now])
                    }
                } else {
                    try refused("the server's goals do not take goal \(goal.number)") {
                        try connection.execute(
                            """
                            INSERT INTO public.lifetimer_goals (id, account_id, number, title, completed_at, created_at, updated_at)
                            VALUES ($1, (SELECT auth.uid()), $2, $3, $4, $5, $6)
                            """, [goal.id, goal.number, goal.title, goal.completedAt, goal.createdAt, now])
                    }
                }
            }
            var storedMilestones: [UUID: String] = [:]
            for row in try connection.rows(
                """
                SELECT id, position, title, due_date, is_public, completed_at IS NOT NULL AS done
                FROM public.lifetimer_milestones WHERE account_id = (SELECT auth.uid())
                """)
            {
                storedMilestones[try row["id"]] = Self.state(
                    position: try row["position"], title: try row["title"], due: try row["due_date"],
                    isPublic: try row["is_public"], done: try row["done"])
            }
            for milestone in milestones {
                if let stored = storedMilestones[milestone.id] {
                    guard
                        stored
                            != Self.state(
                                position: milestone.position, title: milestone.title, due: milestone.dueDate,
                                isPublic: milestone.isPublic, done: milestone.completedAt != nil)
                    else { continue }
                    try connection.execute(
                        """
                        UPDATE public.lifetimer_milestones
                        SET position = $2, title = $3, due_date = $4, is_public = $5, completed_at = $6
                        WHERE id = $1 AND (position, title, due_date, is_public, completed_at IS NULL)
                            IS DISTINCT FROM ($2::integer, $3::text, $4::date, $5::boolean, $6::timestamptz IS NULL)
                        """,
                        [
                            milestone.id, milestone.position, milestone.title, milestone.dueDate, milestone.isPublic,
                            milestone.completedAt,
                        ])
                } else {
                    try connection.execute(
                        """
                        INSERT INTO public.lifetimer_milestones
                            (id, goal_id, account_id, position, title, due_date, is_public, completed_at, created_at)
                        VALUES ($1, $2, (SELECT auth.uid()), $3, $4, $5, $6, $7, $8)
                        """,
                        [
                            milestone.id, milestone.goalID, milestone.position, milestone.title, milestone.dueDate,
                            milestone.isPublic, milestone.completedAt, now,
                        ])
                }
            }
            // LT-3: a countdown is added once and never changed; the server's stands.
            if let countdown {
                try connection.execute(
                    """
                    INSERT INTO public.lifetimer_countdowns (account_id, started_at, ends_at)
                    SELECT (SELECT auth.uid()), $1, $2
                    WHERE NOT EXISTS (SELECT 1 FROM public.lifetimer_countdowns WHERE account_id = (SELECT auth.uid()))
                    """, [countdown.startedAt, countdown.endsAt])
            }
            let days =
                try connection.row(
                    "SELECT count(*) AS n FROM public.lifetimer_activity_days WHERE account_id = (SELECT auth.uid())")?
                .get("n", as: Int.self) ?? 0
            return PublishSummary(created: created, goals: goals.count, milestones: milestones.count, activeDays: days)
        }
    }

    /// The account's public row, its owner-only row and its identities;
    /// true when it is new.
    private func publishAccount(_ account: LifeTimerAccount, now: Date, on connection: PostgresConnection) throws
        -> Bool
    {
        let created = try refused(username: account.username) {
            try connection.row(
                """
                INSERT INTO public.lifetimer_accounts (id, username, bio, avatar_path, visibility, last_active_at)
                VALUES ((SELECT auth.uid()), $1, $2, $3, $4, $5)
                ON CONFLICT (id) DO UPDATE SET username = EXCLUDED.username, bio = EXCLUDED.bio,
                    avatar_path = EXCLUDED.avatar_path, visibility = EXCLUDED.visibility,
                    last_active_at = EXCLUDED.last_active_at
                RETURNING (xmax = 0) AS created
                """,
                [account.username, account.bio, account.avatarPath, account.visibility.rawValue, now]
            )?.get("created", as: Bool.self) ?? false
        }
        // Any address is taken (unverified, Schema/server/0005): a refusal would tell who has one.
        try connection.execute(
            """
            INSERT INTO public.lifetimer_account_private (account_id, email, time_zone)
            VALUES ((SELECT auth.uid()), $1, $2)
            ON CONFLICT (account_id) DO UPDATE SET email = EXCLUDED.email, time_zone = EXCLUDED.time_zone
            """, [account.email, account.timeZone])
        try connection.execute(
            """
            DELETE FROM public.lifetimer_identities AS i
            WHERE i.account_id = (SELECT auth.uid())
              AND (i.provider, i.subject) NOT IN (SELECT p, s FROM unnest($1::text[], $2::text[]) AS l (p, s))
            """,
            [
                PostgresArray(account.identities.map(\.provider.rawValue)),
                PostgresArray(account.identities.map(\.subject)),
            ])
        let linked = Set(
            try connection.rows("SELECT provider, subject FROM public.lifetimer_identities").map {
                "\(try $0.get("provider", as: String.self)):\(try $0.get("subject", as: String.self))"
            })
        let missing = account.identities.filter { !linked.contains("\($0.provider.rawValue):\($0.subject)") }
        guard !missing.isEmpty else { return created }
        // Linking needs proof: the operator's (this URL's) word, until the service verifies a token.
        try asOperator(then: account.id, on: connection) {
            for identity in missing {
                let mine =
                    try connection.row(
                        "SELECT lifectl.lifetimer_link_identity($1, $2, $3) AS linked",
                        [account.id, identity.provider.rawValue, identity.subject]
                    )?.get("linked", as: Bool.self) ?? false
                guard mine else {
                    throw LifeError.invalid(
                        field: "identity",
                        "identity \(identity.provider.rawValue):\(TerminalText.echoed(identity.subject)) already belongs to another account on the server"
                    )
                }
            }
        }
        return created
    }

    /// A milestone's published state, to compare the device's with the server's.
    static func state(position: Int, title: String, due: CivilDate?, isPublic: Bool, done: Bool) -> String {
        "\(position)|\(title)|\(due?.iso ?? "-")|\(isPublic)|\(done)"
    }

    /// `body`, with a rule the server's triggers hold (a check violation)
    /// reported as `message` and the server's words.
    @discardableResult
    private func refused<T>(_ message: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as PostgresError where error.isCheckViolation {
            throw LifeError.invalid(field: "publish", "\(message) (\(error.message))")
        }
    }

    private func refused<T>(username: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as PostgresError where error.isUniqueViolation {
            throw LifeError.invalid(
                field: "username", "username '\(username)' is taken on the server by another account")
        } catch let error as PostgresError where error.isCheckViolation && error.message.contains("never comes back") {
            // SRV-6: an id the server deleted never comes back.
            throw LifeError.invalid(
                field: "--as",
                "\(username) was deleted from the server, and an account never comes back there (\(error.message)); make a new account to publish again"
            )
        }
    }
}
