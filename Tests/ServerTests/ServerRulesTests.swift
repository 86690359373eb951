import Foundation
import LifeCore
import LifeKitTestSupport
import LifeServer
import LifeTimerServer
import ServerTestSupport
import Testing

/// The rules the server holds by itself, against a client that writes SQL
/// through the API as `authenticated` (SRV-1): the locks of LT-2 and LT-3,
/// the edges of LT-6, the engine's columns, and account deletion that
/// leaves no personal data while the moderation facts stay (LT-1, SRV-6).
@Suite(.tags(.server), .enabled(if: TestServer.enabled, Comment(rawValue: TestServer.remedy)))
struct ServerRulesTests {
    let database: TestServerDatabase
    let connection: PostgresConnection

    init() throws {
        database = try TestServer.database()
        connection = try database.connect()
    }

    /// `sql` as account `id` in its own committed transaction; the SQLSTATE
    /// it failed with, or nil.
    @discardableResult
    func act(_ id: UUID, _ sql: String, _ arguments: [(any PostgresEncodable)?] = [], now: String? = nil) throws
        -> String?
    {
        try connection.act(as: id, sql, arguments, now: now)?.sqlState
    }

    /// A new public account made by itself through the API.
    func account(_ name: String, visibility: String = "public") throws -> UUID {
        let id = UUID()
        #expect(
            try act(
                id,
                "INSERT INTO public.lifetimer_accounts (id, username, visibility) VALUES ((SELECT auth.uid()), $1, $2)",
                [name, visibility]) == nil)
        return id
    }

    func goal(_ owner: UUID, _ number: Int, title: String? = nil) throws -> String? {
        try act(
            owner,
            "INSERT INTO public.lifetimer_goals (id, account_id, number, title) VALUES ($1, (SELECT auth.uid()), $2, $3)",
            [UUID(), number, title ?? "Goal \(number)"])
    }

    func count(_ sql: String, _ arguments: [(any PostgresEncodable)?] = []) throws -> Int {
        try connection.row(sql, arguments)?.get("n", as: Int.self) ?? -1
    }

    @Test func atMostTwentyGoalsEverAndNumbersNeverReused() throws {
        defer { database.drop() }
        let ada = try account("ada")
        for number in 1...20 { #expect(try goal(ada, number) == nil) }
        #expect(try goal(ada, 21) == "23514")
        // A deleted goal's number is not given again, and the 21st stays refused.
        #expect(try act(ada, "DELETE FROM public.lifetimer_goals WHERE number = 20") == nil)
        #expect(try goal(ada, 20) == "23514")
        #expect(try count("SELECT goals_created AS n FROM public.lifetimer_accounts WHERE id = $1", [ada]) == 20)
        // A number that skips ahead counts the skipped ones as used (a device that deleted before publishing).
        let bob = try account("bob")
        #expect(try goal(bob, 3) == nil)
        #expect(try goal(bob, 2) == "23514")
        #expect(try count("SELECT goals_created AS n FROM public.lifetimer_accounts WHERE id = $1", [bob]) == 3)
    }

    @Test func theStartLocksTheGoalsAndTheCountdownNeverChanges() throws {
        defer { database.drop() }
        let ada = try account("ada")
        let start =
            "INSERT INTO public.lifetimer_countdowns (account_id, started_at, ends_at) VALUES ((SELECT auth.uid()), $1, $2)"
        let startedAt = try #require(Timestamp.parseISO8601("2026-11-22T12:00:00Z"))
        let endsAt = startedAt.addingTimeInterval(1_356 * 86_400)
        #expect(try act(ada, start, [startedAt, endsAt]) == "23514", "a countdown needs a goal")
        #expect(try goal(ada, 1) == nil)
        #expect(try act(ada, start, [startedAt, startedAt.addingTimeInterval(86_400)]) == "23514", "1,356 days")
        #expect(try act(ada, start, [startedAt, endsAt]) == nil)
        #expect(try goal(ada, 2) == "23514", "no add after the start")
        #expect(try act(ada, "DELETE FROM public.lifetimer_goals") == "23514", "no delete after the start")
        #expect(try act(ada, "UPDATE public.lifetimer_goals SET title = 'Other'") == "23514", "no retitle")
        #expect(try act(ada, "UPDATE public.lifetimer_goals SET completed_at = now()") == nil, "completion may change")
        let goalID = try #require(
            try connection.row("SELECT id FROM public.lifetimer_goals WHERE account_id = $1", [ada])?.get(
                "id", as: UUID.self))
        #expect(
            try act(
                ada,
                """
                INSERT INTO public.lifetimer_milestones (id, goal_id, account_id, position, title)
                VALUES ($1, $2, (SELECT auth.uid()), 1, 'Step')
                """, [UUID(), goalID]) == nil, "milestones may change")
        // The client may neither change nor delete the countdown; the owner's trigger says the same.
        #expect(try act(ada, "UPDATE public.lifetimer_countdowns SET ends_at = ends_at + interval '1 day'") == "42501")
        #expect(try act(ada, "DELETE FROM public.lifetimer_countdowns") == "42501")
        #expect(
            try connection.failure("UPDATE public.lifetimer_countdowns SET ends_at = ends_at + interval '1 day'")
                == "23514")
        #expect(try connection.failure("DELETE FROM public.lifetimer_countdowns") == "23514")
    }

    @Test func theEnginesColumnsAreNotTheClients() throws {
        defer { database.drop() }
        let ada = try account("ada")
        for assignment in [
            "suspended = true", "goals_created = 0", "goals_completed = 5", "longest_streak_days = 99",
            "id = gen_random_uuid()",
        ] {
            #expect(try act(ada, "UPDATE public.lifetimer_accounts SET \(assignment)") == "42501", "\(assignment)")
        }
        #expect(
            try act(
                UUID(),
                "INSERT INTO public.lifetimer_accounts (id, username, suspended) VALUES ((SELECT auth.uid()), 'eve', false)"
            )
                == "42501")
        // Another account's row is not written, not even seen.
        let bob = try account("bob")
        #expect(try act(bob, "UPDATE public.lifetimer_accounts SET bio = 'mine' WHERE id = $1", [ada]) == nil)
        #expect(try count("SELECT count(*) AS n FROM public.lifetimer_accounts WHERE bio = 'mine'") == 0)
        #expect(
            try act(
                bob, "INSERT INTO public.lifetimer_goals (id, account_id, number, title) VALUES ($1, $2, 1, 'x')",
                [UUID(), ada]) == "42501")
        // The server keeps the days and the streak from the completions it
        // stamped (at its clock, pinned here by the operator): 3 days in a row, then 1.
        for (number, day) in [(1, "01"), (2, "02"), (3, "03"), (4, "05")] {
            #expect(
                try act(
                    ada,
                    "INSERT INTO public.lifetimer_goals (id, account_id, number, title, completed_at) VALUES ($1, (SELECT auth.uid()), $2, 'G', '2099-01-01')",
                    [UUID(), number], now: "2026-11-\(day) 12:00:00+00") == nil)
        }
        #expect(try count("SELECT longest_streak_days AS n FROM public.lifetimer_accounts WHERE id = $1", [ada]) == 3)
        // The days are not the client's to write or delete.
        #expect(try act(ada, "DELETE FROM public.lifetimer_activity_days WHERE day = '2026-11-02'") == "42501")
        #expect(
            try act(
                ada,
                "INSERT INTO public.lifetimer_activity_days (account_id, day) VALUES ((SELECT auth.uid()), '2026-11-04')"
            )
                == "42501")
        #expect(try count("SELECT longest_streak_days AS n FROM public.lifetimer_accounts WHERE id = $1", [ada]) == 3)
    }

    @Test func followsNeedAVisiblePublicAccountAndABlockEndsThemBothWays() throws {
        defer { database.drop() }
        let ada = try account("ada")
        let bob = try account("bob")
        let cyd = try account("cyd", visibility: "private")
        let dan = try account("dan")
        let follow = "INSERT INTO public.lifetimer_follows (follower_id, followee_id) VALUES ((SELECT auth.uid()), $1)"
        // The trigger refuses every account the follower may not see alike, as a policy does: 42501.
        #expect(try act(ada, follow, [cyd]) == "42501", "a private account cannot be followed")
        #expect(try act(ada, follow, [bob]) == nil)
        #expect(try act(bob, follow, [ada]) == nil)
        #expect(try act(cyd, follow, [ada]) == nil, "a private account may follow")
        // The policy refuses a follow made in another account's name: 42501.
        #expect(
            try act(ada, "INSERT INTO public.lifetimer_follows (follower_id, followee_id) VALUES ($1, $2)", [bob, dan])
                == "42501")
        // Blocks by name (no client writes the table).
        #expect(try act(bob, "SELECT public.lifetimer_block('ada')") == nil)
        #expect(
            try count(
                "SELECT count(*) AS n FROM public.lifetimer_follows WHERE $1 IN (follower_id, followee_id)", [bob]) == 0
        )
        #expect(try act(ada, follow, [bob]) == "42501", "no follow across a block")
        // Dan is suspended: public, no block, yet no one else sees him, so the policy refuses following him.
        try connection.execute(
            "INSERT INTO public.lifetimer_suspensions (account_id, reason) VALUES ($1, 'why')", [dan])
        #expect(try act(ada, follow, [dan]) == "42501", "a suspended account cannot be followed")
        // The owner (the operator) writing past the policies still meets the triggers.
        #expect(
            try connection.failure(
                "INSERT INTO public.lifetimer_follows (follower_id, followee_id) VALUES ($1, $2)", [ada, bob])
                == "42501")
        #expect(
            try connection.failure(
                "INSERT INTO public.lifetimer_follows (follower_id, followee_id) VALUES ($1, $2)", [ada, cyd])
                == "42501")
        // Ada never learns that bob blocked her: no client reads a block.
        #expect(
            try connection.probe(as: ada) { c in try c.failure("SELECT * FROM public.lifetimer_blocks") } == "42501")
    }

    @Test func deletingAnAccountLeavesNoPersonalDataButTheModerationFacts() throws {
        defer { database.drop() }
        let ada = try account("ada")
        let bob = try account("bob")
        let cyd = try account("cyd")
        try connection.execute("INSERT INTO public.lifetimer_admins (account_id) VALUES ($1), ($2)", [ada, cyd])
        // Ada has everything there is to have, and edges both ways with bob and cyd.
        let goalID = UUID()
        let milestoneID = UUID()
        #expect(
            try act(
                ada,
                """
                INSERT INTO public.lifetimer_account_private (account_id, email, time_zone)
                VALUES ((SELECT auth.uid()), 'ada@example.org', 'UTC');
                """) == nil)
        // An identity needs proof: the operator links it.
        #expect(
            try connection.row("SELECT lifectl.lifetimer_link_identity($1, 'apple', 'ada-1') AS linked", [ada])?.get(
                "linked", as: Bool.self) == true)
        #expect(
            try act(
                ada,
                "INSERT INTO public.lifetimer_goals (id, account_id, number, title, completed_at) VALUES ($1, (SELECT auth.uid()), 1, 'G', now())",
                [goalID]) == nil)
        #expect(
            try act(
                ada,
                """
                INSERT INTO public.lifetimer_milestones (id, goal_id, account_id, position, title, is_public, completed_at)
                VALUES ($1, $2, (SELECT auth.uid()), 1, 'M', true, now())
                """, [milestoneID, goalID]) == nil)
        #expect(
            try act(
                ada,
                "INSERT INTO public.lifetimer_countdowns (account_id, started_at, ends_at) VALUES ((SELECT auth.uid()), now(), now() + interval '1356 days')"
            )
                == nil)
        #expect(try count("SELECT count(*) AS n FROM public.lifetimer_activity_days WHERE account_id = $1", [ada]) == 1)
        let follow = "INSERT INTO public.lifetimer_follows (follower_id, followee_id) VALUES ((SELECT auth.uid()), $1)"
        #expect(try act(ada, follow, [bob]) == nil)
        #expect(try act(bob, follow, [ada]) == nil)
        let report = """
            INSERT INTO public.lifetimer_reports (id, reporter_id, target_kind, target_account_id, target_goal_id, target_milestone_id, reason)
            VALUES ($1, (SELECT auth.uid()), $2, $3, $4, $5, 'why')
            """
        let (aboutBob, aboutStep) = (UUID(), UUID())
        #expect(try act(ada, report, [aboutBob, "account", bob, nil, nil]) == nil)
        #expect(try act(bob, report, [aboutStep, "milestone", ada, goalID, milestoneID]) == nil)
        #expect(try act(cyd, report, [UUID(), "goal", ada, goalID, nil]) == nil)
        // LT-10: decisions by her and about her: cyd (an admin) hides her
        // milestone; she dismisses the report about bob.
        let decide = """
            INSERT INTO public.lifetimer_report_decisions (id, report_id, action, target_account_id, hidden_goal_id,
                hidden_milestone_id, decided_by, reason)
            VALUES ($1, $2, $3, $4, NULL, $5, (SELECT auth.uid()), 'why')
            """
        #expect(try act(cyd, decide, [UUID(), aboutStep, "hide", ada, milestoneID]) == nil)
        #expect(try act(ada, decide, [UUID(), aboutBob, "dismiss", bob, nil]) == nil)
        #expect(try act(bob, decide, [UUID(), aboutBob, "dismiss", bob, nil]) == "42501", "only an admin decides")
        #expect(try count("SELECT count(*) AS n FROM public.lifetimer_milestones WHERE hidden") == 1)
        #expect(try act(ada, "SELECT public.lifetimer_block('cyd')") == nil)
        #expect(try act(cyd, "SELECT public.lifetimer_block('ada')") == nil)
        let suspend =
            "INSERT INTO public.lifetimer_suspensions (account_id, suspended_by, reason) VALUES ($1, (SELECT auth.uid()), 'why')"
        #expect(try act(ada, suspend, [bob]) == nil)
        #expect(try act(cyd, suspend, [ada]) == nil)
        #expect(try act(bob, suspend, [cyd]) == "42501", "only an admin suspends")
        // Ada deletes herself.
        #expect(try act(ada, "DELETE FROM public.lifetimer_accounts WHERE id = (SELECT auth.uid())") == nil)
        // LT-1: no table of her own data, and none of the engine's copies, names her.
        let moderation = Set(LifeTimerServerSchema.moderationTables + ["lifectl.lifetimer_account_ids"])
        for table in LifeTimerServerSchema.tables + LifeTimerServerSchema.engineTables where !moderation.contains(table)
        {
            let columns = try connection.rows(
                "SELECT attname FROM pg_attribute WHERE attrelid = $1::regclass AND atttypid = 'uuid'::regtype AND attnum > 0 AND NOT attisdropped",
                [table]
            ).map { try $0.get("attname", as: String.self) }
            guard !columns.isEmpty else { continue }
            let condition = columns.map { "\($0) = $1" }.joined(separator: " OR ")
            #expect(try count("SELECT count(*) AS n FROM \(table) WHERE \(condition)", [ada]) == 0, "\(table)")
        }
        // Nor does any text anywhere: her name, address and identity are gone.
        for needle in ["ada@example.org", "ada-1"] {
            #expect(
                try count(
                    "SELECT count(*) AS n FROM public.lifetimer_accounts AS a WHERE a::text LIKE '%' || $1 || '%'",
                    [needle]) == 0)
        }
        #expect(try count("SELECT count(*) AS n FROM public.lifetimer_accounts WHERE username_key = 'ada'") == 0)
        // SRV-6: the moderation facts stay, with her id: cyd's block of her
        // (hers of cyd went with her), her suspension and the one she made,
        // the three reports (by her, about her milestone, about her goal), and
        // the two decisions (about her, by her). Her id is a tombstone.
        #expect(try count("SELECT count(*) AS n FROM public.lifetimer_blocks WHERE blocked_id = $1", [ada]) == 1)
        #expect(try count("SELECT count(*) AS n FROM public.lifetimer_blocks WHERE blocker_id = $1", [ada]) == 0)
        #expect(try count("SELECT count(*) AS n FROM public.lifetimer_suspensions WHERE account_id = $1", [ada]) == 1)
        #expect(
            try count(
                "SELECT count(*) AS n FROM public.lifetimer_suspensions WHERE account_id = $1 AND suspended_by = $2",
                [bob, ada])
                == 1)
        #expect(try count("SELECT count(*) AS n FROM public.lifetimer_reports") == 3)
        #expect(try count("SELECT count(*) AS n FROM public.lifetimer_reports WHERE reporter_id = $1", [ada]) == 1)
        #expect(
            try count("SELECT count(*) AS n FROM public.lifetimer_reports WHERE target_account_id = $1", [ada]) == 2)
        #expect(try count("SELECT count(*) AS n FROM public.lifetimer_report_decisions") == 2)
        #expect(
            try count(
                "SELECT count(*) AS n FROM public.lifetimer_report_decisions WHERE target_account_id = $1 AND hidden_milestone_id = $2",
                [ada, milestoneID]) == 1)
        #expect(
            try count("SELECT count(*) AS n FROM public.lifetimer_report_decisions WHERE decided_by = $1", [ada]) == 1)
        #expect(
            try count(
                "SELECT count(*) AS n FROM lifectl.lifetimer_account_ids WHERE id = $1 AND deleted_at IS NOT NULL",
                [ada])
                == 1)
        // The maintained counts forgot her: they equal a recount from the rows.
        let snapshot = """
            SELECT coalesce((SELECT string_agg(kind || value || ':' || accounts, ',' ORDER BY kind, value)
                             FROM lifectl.lifetimer_board_counts), '')
                || ' | ' || coalesce((SELECT string_agg(hour || ':' || milestones, ',' ORDER BY hour) FROM lifectl.lifetimer_recent_counts), '')
                || ' | ' || (SELECT string_agg(account_id || ':' || followers || ':' || following, ',' ORDER BY account_id)
                             FROM lifectl.lifetimer_follow_counts)
                || ' | ' || coalesce((SELECT string_agg(until || ':' || value || ':' || accounts, ',' ORDER BY until, value)
                                      FROM lifectl.lifetimer_current_counts), '') AS s
            """
        let before = try connection.row(snapshot)?.get("s", as: String?.self)
        try connection.execute("SELECT lifectl.lifetimer_recount()")
        #expect(before == (try connection.row(snapshot)?.get("s", as: String?.self)))
        #expect(before != nil)
    }
}
