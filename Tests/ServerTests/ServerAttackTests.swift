import Foundation
import LifeCore
import LifeKitTestSupport
import LifeServer
import LifeTimerServer
import ServerTestSupport
import Testing

/// SRV-6: the schema against its own accounts, each attack as a client
/// writing SQL through the API as `authenticated` (what Supabase's API
/// lets a signed-in user do), each expectation worked out by hand from the
/// rule it checks. Every test here failed on the schema of 0001 and 0002
/// (issue 28's findings, one test each).
@Suite(.tags(.server), .enabled(if: TestServer.enabled, Comment(rawValue: TestServer.remedy)))
struct ServerAttackTests {
    let database: TestServerDatabase
    let connection: PostgresConnection

    init() throws {
        database = try TestServer.database()
        connection = try database.connect()
    }

    /// What a statement answered: nil when it succeeded, else its SQLSTATE,
    /// message, detail and hint (all a client can see of a refusal besides
    /// the context line, which names the place that refused).
    typealias Refusal = ServerRefusal

    /// `sql` as account `id` in its own committed transaction, with the
    /// server's clock pinned at `now` when given; the refusal, or nil.
    @discardableResult
    func act(_ id: UUID, _ sql: String, _ arguments: [(any PostgresEncodable)?] = [], now: String? = nil) throws
        -> Refusal?
    {
        try connection.act(as: id, sql, arguments, now: now)
    }

    /// The rows of `sql` as account `id` (rolled back).
    func read(_ id: UUID, _ sql: String, _ arguments: [(any PostgresEncodable)?] = [], now: String? = nil) throws
        -> [PostgresRow]
    {
        try connection.probe(as: id) { c in
            if let now { try c.execute("SELECT set_config('lifectl.now', $1, true)", [now]) }
            return try c.rows(sql, arguments)
        }
    }

    func count(_ sql: String, _ arguments: [(any PostgresEncodable)?] = []) throws -> Int {
        try connection.row(sql, arguments)?.get("n", as: Int.self) ?? -1
    }

    /// A new account made by itself through the API.
    func account(_ name: String, visibility: String = "public", id: UUID = UUID()) throws -> UUID {
        let refusal = try act(
            id, "INSERT INTO public.lifetimer_accounts (id, username, visibility) VALUES ((SELECT auth.uid()), $1, $2)",
            [name, visibility])
        #expect(refusal == nil, "\(name): \(refusal?.description ?? "")")
        return id
    }

    /// A goal of `owner` with one public milestone; answers (goal, milestone).
    func goalWithMilestone(
        _ owner: UUID, number: Int = 1, title: String = "Step", completed: Bool = false,
        now: String = "2026-11-20 10:00:00+00"
    ) throws -> (UUID, UUID) {
        let goal = UUID()
        let milestone = UUID()
        #expect(
            try act(
                owner,
                "INSERT INTO public.lifetimer_goals (id, account_id, number, title) VALUES ($1, (SELECT auth.uid()), $2, $3)",
                [goal, number, "Goal \(number)"], now: now) == nil)
        #expect(
            try act(
                owner,
                """
                INSERT INTO public.lifetimer_milestones (id, goal_id, account_id, position, title, is_public, completed_at)
                VALUES ($1, $2, (SELECT auth.uid()), 1, $3, true, $4)
                """, [milestone, goal, title, completed ? now : nil], now: now) == nil)
        return (goal, milestone)
    }

    // MARK: Moderation outlives rows (SRV-6)

    @Test func aSuspendedAccountCannotUndoItsSuspensionByComingBack() throws {
        defer { database.drop() }
        let admin = try account("admin")
        let bob = try account("bob")
        try connection.execute("INSERT INTO public.lifetimer_admins (account_id) VALUES ($1)", [admin])
        #expect(
            try act(
                admin,
                "INSERT INTO public.lifetimer_suspensions (account_id, suspended_by, reason) VALUES ($1, (SELECT auth.uid()), 'spam')",
                [bob]) == nil)
        // Bob deletes himself (LT-1 lets him) and tries to come back with his id.
        #expect(try act(bob, "DELETE FROM public.lifetimer_accounts WHERE id = (SELECT auth.uid())") == nil)
        let back = try act(
            bob,
            "INSERT INTO public.lifetimer_accounts (id, username, visibility) VALUES ((SELECT auth.uid()), 'bob', 'public')"
        )
        #expect(back?.sqlState == "23514", "an id, once deleted, never comes back: \(back?.description ?? "accepted")")
        #expect(try count("SELECT count(*) AS n FROM public.lifetimer_suspensions WHERE account_id = $1", [bob]) == 1)
        // The same through publish's upsert.
        #expect(
            try act(
                bob,
                """
                INSERT INTO public.lifetimer_accounts (id, username, visibility) VALUES ((SELECT auth.uid()), 'bob', 'public')
                ON CONFLICT (id) DO UPDATE SET visibility = EXCLUDED.visibility
                """)?.sqlState == "23514")
        // A new id is a new account: no one is bound by the old one's past, and it by nothing.
        let bob2 = try account("bob")
        #expect(try read(admin, "SELECT id FROM public.lifetimer_accounts WHERE username = 'bob'").count == 1)
        #expect(bob2 != bob)
    }

    @Test func blocksReportsAndDecisionsAboutAnAccountOutliveIt() throws {
        defer { database.drop() }
        let admin = try account("admin")
        let ada = try account("ada")
        let bob = try account("bob")
        try connection.execute("INSERT INTO public.lifetimer_admins (account_id) VALUES ($1)", [admin])
        let (goal, milestone) = try goalWithMilestone(bob)
        // Ada blocks bob and reports his milestone; the admin suspends him and decides.
        try connection.execute(
            "INSERT INTO public.lifetimer_blocks (blocker_id, blocked_id) VALUES ($1, $2)", [ada, bob])
        let report = UUID()
        #expect(
            try act(
                admin,
                """
                INSERT INTO public.lifetimer_reports (id, reporter_id, target_kind, target_account_id, target_goal_id, target_milestone_id, reason)
                VALUES ($1, (SELECT auth.uid()), 'milestone', $2, $3, $4, 'rude')
                """, [report, bob, goal, milestone]) == nil)
        #expect(
            try act(
                admin,
                """
                INSERT INTO public.lifetimer_report_decisions (id, report_id, action, target_account_id, hidden_milestone_id, decided_by, reason)
                VALUES ($1, $2, 'hide', $3, $4, (SELECT auth.uid()), 'rude')
                """, [UUID(), report, bob, milestone]) == nil)
        #expect(
            try act(
                admin,
                "INSERT INTO public.lifetimer_suspensions (account_id, suspended_by, reason) VALUES ($1, (SELECT auth.uid()), 'spam')",
                [bob]) == nil)
        // Bob deletes his milestone, then himself.
        #expect(try act(bob, "DELETE FROM public.lifetimer_milestones") == nil)
        #expect(try act(bob, "DELETE FROM public.lifetimer_accounts WHERE id = (SELECT auth.uid())") == nil)
        // The moderation facts stay, with his id.
        #expect(try count("SELECT count(*) AS n FROM public.lifetimer_blocks WHERE blocked_id = $1", [bob]) == 1)
        #expect(
            try count(
                "SELECT count(*) AS n FROM public.lifetimer_reports WHERE target_account_id = $1 AND target_milestone_id = $2",
                [bob, milestone]) == 1)
        #expect(
            try count(
                "SELECT count(*) AS n FROM public.lifetimer_report_decisions WHERE target_account_id = $1 AND hidden_milestone_id = $2",
                [bob, milestone]) == 1)
        #expect(try count("SELECT count(*) AS n FROM public.lifetimer_suspensions WHERE account_id = $1", [bob]) == 1)
        // The admin still reads them.
        #expect(try read(admin, "SELECT id FROM public.lifetimer_reports").count == 1)
        #expect(try read(admin, "SELECT id FROM public.lifetimer_report_decisions").count == 1)
    }

    @Test func aHideFollowsTheContentNotTheRowID() throws {
        defer { database.drop() }
        let admin = try account("admin")
        let bob = try account("bob")
        let ada = try account("ada")
        try connection.execute("INSERT INTO public.lifetimer_admins (account_id) VALUES ($1)", [admin])
        let (goal, milestone) = try goalWithMilestone(bob, title: "Buy followers")
        let report = UUID()
        #expect(
            try act(
                ada,
                """
                INSERT INTO public.lifetimer_reports (id, reporter_id, target_kind, target_account_id, target_milestone_id, reason)
                VALUES ($1, (SELECT auth.uid()), 'milestone', $2, $3, 'spam')
                """, [report, bob, milestone]) == nil)
        #expect(
            try act(
                admin,
                """
                INSERT INTO public.lifetimer_report_decisions (id, report_id, action, target_account_id, hidden_milestone_id, decided_by, reason)
                VALUES ($1, $2, 'hide', $3, $4, (SELECT auth.uid()), 'spam')
                """, [UUID(), report, bob, milestone]) == nil)
        let visibleToAda = "SELECT id FROM public.lifetimer_milestones WHERE account_id = $1"
        #expect(try read(ada, visibleToAda, [bob]).isEmpty)
        // Deleted and put back with its id: still hidden.
        #expect(try act(bob, "DELETE FROM public.lifetimer_milestones WHERE id = $1", [milestone]) == nil)
        let insert = """
            INSERT INTO public.lifetimer_milestones (id, goal_id, account_id, position, title, is_public)
            VALUES ($1, $2, (SELECT auth.uid()), $3, $4, true)
            """
        #expect(try act(bob, insert, [milestone, goal, 1, "Buy followers"]) == nil)
        #expect(try read(ada, visibleToAda, [bob]).isEmpty, "the same id comes back hidden")
        // Put back under a new id with the same words (any case): hidden too.
        let copy = UUID()
        #expect(try act(bob, insert, [copy, goal, 2, "buy FOLLOWERS"]) == nil)
        #expect(try read(ada, visibleToAda, [bob]).isEmpty, "the same words under a new id come back hidden")
        // A retitle does not lift it, and other words under a new id are new content.
        #expect(
            try act(bob, "UPDATE public.lifetimer_milestones SET title = 'Run 5 km' WHERE id = $1", [milestone]) == nil)
        #expect(try read(ada, visibleToAda, [bob]).isEmpty)
        let other = UUID()
        #expect(try act(bob, insert, [other, goal, 3, "Run 10 km"]) == nil)
        #expect(try read(ada, visibleToAda, [bob]).map { try $0.get("id", as: UUID.self) } == [other])
        // The owner still sees every one of its own.
        #expect(try read(bob, visibleToAda, [bob]).count == 3)
    }

    @Test func aSuspendedAdminCannotLiftItsOwnSuspension() throws {
        defer { database.drop() }
        let ada = try account("ada")
        let cyd = try account("cyd")
        let bob = try account("bob")
        try connection.execute("INSERT INTO public.lifetimer_admins (account_id) VALUES ($1), ($2)", [ada, cyd])
        let suspend =
            "INSERT INTO public.lifetimer_suspensions (account_id, suspended_by, reason) VALUES ($1, (SELECT auth.uid()), 'why')"
        #expect(try act(cyd, suspend, [ada]) == nil)
        // Ada lifts her own suspension: nothing is deleted.
        #expect(try act(ada, "DELETE FROM public.lifetimer_suspensions WHERE account_id = (SELECT auth.uid())") == nil)
        #expect(try count("SELECT count(*) AS n FROM public.lifetimer_suspensions WHERE account_id = $1", [ada]) == 1)
        // While suspended she has no admin powers at all.
        #expect(try act(ada, suspend, [bob])?.sqlState == "42501")
        #expect(try act(ada, "DELETE FROM public.lifetimer_suspensions WHERE account_id = $1", [cyd]) == nil)
        #expect(try read(ada, "SELECT account_id FROM public.lifetimer_suspensions").count == 1, "her own only")
        // Another admin lifts it.
        #expect(try act(cyd, "DELETE FROM public.lifetimer_suspensions WHERE account_id = $1", [ada]) == nil)
        #expect(try count("SELECT count(*) AS n FROM public.lifetimer_suspensions") == 0)
    }

    // MARK: No oracles

    @Test func aRefusedFollowAnswersAlikeForEveryHiddenAccountAndAMissingOne() throws {
        defer { database.drop() }
        let ada = try account("ada")
        let priv = try account("priv", visibility: "private")
        let susp = try account("susp")
        let blocker = try account("blocker")
        let blocked = try account("blocked")
        try connection.execute(
            "INSERT INTO public.lifetimer_suspensions (account_id, reason) VALUES ($1, 'why')", [susp])
        // One block each way, made by the operator (how blocks are made is another test's).
        try connection.execute(
            "INSERT INTO public.lifetimer_blocks (blocker_id, blocked_id) VALUES ($1, $2), ($3, $4)",
            [blocker, ada, ada, blocked])
        let follow = "INSERT INTO public.lifetimer_follows (follower_id, followee_id) VALUES ((SELECT auth.uid()), $1)"
        let missing = try act(ada, follow, [UUID()])
        #expect(missing != nil)
        for (name, target) in [
            ("private", priv), ("suspended", susp), ("blocks ada", blocker), ("blocked by ada", blocked),
        ] {
            #expect(try act(ada, follow, [target]) == missing, "\(name)")
            #expect(
                try act(
                    ada,
                    "INSERT INTO public.lifetimer_follows (follower_id, followee_id) VALUES ((SELECT auth.uid()), $1) ON CONFLICT DO NOTHING",
                    [target]) == missing, "\(name), upsert")
        }
    }

    @Test func noFunctionTellsWhoBlockedYouOrHandsOutIDs() throws {
        defer { database.drop() }
        let ada = try account("ada")
        let bob = try account("bob")
        let cyd = try account("cyd")
        let hidden = try account("hidden", visibility: "private")
        // Bob has a 3-day streak, cyd a 2-day one, both from completions the server stamped.
        for (who, days) in [(bob, 3), (cyd, 2)] {
            for day in 0..<days {
                let goal = UUID()
                #expect(
                    try act(
                        who,
                        "INSERT INTO public.lifetimer_goals (id, account_id, number, title, completed_at) VALUES ($1, (SELECT auth.uid()), $2, 'G', now())",
                        [goal, day + 1], now: "2026-11-\(20 + day) 12:00:00+00") == nil)
            }
        }
        // Bob blocks ada.
        try connection.execute(
            "INSERT INTO public.lifetimer_blocks (blocker_id, blocked_id) VALUES ($1, $2)", [bob, ada])
        // No lookup of an id by name: the old one is not callable.
        let lookup = try act(ada, "SELECT lifectl.lifetimer_account_id('hidden')")
        #expect(lookup?.sqlState == "42501" || lookup?.sqlState == "42883", "\(lookup?.description ?? "answered")")
        _ = hidden
        // The totals' function refuses kinds and floors it has no board for…
        for (kind, floor) in [("xyz", 0), ("streaks", -1), ("goals", -5)] {
            #expect(
                try act(ada, "SELECT public.lifetimer_accounts_above($1, $2)", [kind, floor])?.sqlState == "22023",
                "\(kind) \(floor)")
        }
        // …and for real ones counts only what ada may see: cyd (2 days), not bob, at every floor.
        for (floor, expected) in [(0, 1), (1, 1), (2, 0), (3, 0)] {
            #expect(
                try read(ada, "SELECT public.lifetimer_accounts_above('streaks', $1) AS n", [floor]).first?.get(
                    "n", as: Int.self) == expected, "floor \(floor)")
        }
    }

    @Test func blocksAreMadeByNameAndAnswerAlikeWhetherTheNameIsTaken() throws {
        defer { database.drop() }
        let ada = try account("ada")
        let bob = try account("bob")
        let priv = try account("priv", visibility: "private")
        // A hidden name and a free one answer the same, and leave nothing ada can read.
        let hiddenAnswer = try read(ada, "SELECT public.lifetimer_block('priv') AS seen")
        let freeAnswer = try read(ada, "SELECT public.lifetimer_block('nobody') AS seen")
        #expect(try hiddenAnswer.first?.get("seen", as: Bool.self) == false)
        #expect(try freeAnswer.first?.get("seen", as: Bool.self) == false)
        #expect(try act(ada, "SELECT public.lifetimer_block('priv')") == nil)
        #expect(try count("SELECT count(*) AS n FROM public.lifetimer_blocks WHERE blocked_id = $1", [priv]) == 1)
        #expect(try act(ada, "SELECT * FROM public.lifetimer_blocks")?.sqlState == "42501", "blocks are no client's")
        #expect(
            try act(
                ada, "INSERT INTO public.lifetimer_blocks (blocker_id, blocked_id) VALUES ((SELECT auth.uid()), $1)",
                [UUID()])?
                .sqlState == "42501")
        // A visible account: seen, and the follows both ways go.
        #expect(
            try act(
                bob, "INSERT INTO public.lifetimer_follows (follower_id, followee_id) VALUES ((SELECT auth.uid()), $1)",
                [ada])
                == nil)
        #expect(try read(ada, "SELECT public.lifetimer_block('BOB') AS seen").first?.get("seen", as: Bool.self) == true)
        #expect(try act(ada, "SELECT public.lifetimer_block('bob')") == nil)
        #expect(try count("SELECT count(*) AS n FROM public.lifetimer_follows") == 0)
        // Unblocking answers alike too.
        #expect(try act(ada, "SELECT public.lifetimer_unblock('priv')") == nil)
        #expect(try act(ada, "SELECT public.lifetimer_unblock('nobody')") == nil)
        #expect(try count("SELECT count(*) AS n FROM public.lifetimer_blocks WHERE blocked_id = $1", [priv]) == 0)
    }

    @Test func uniquenessSaysNothingAboutWhoHoldsAnAddressOrAnIdentity() throws {
        defer { database.drop() }
        let ada = try account("ada")
        let eve = try account("eve")
        let privateRow =
            "INSERT INTO public.lifetimer_account_private (account_id, email, time_zone) VALUES ((SELECT auth.uid()), $1, 'UTC')"
        #expect(try act(ada, privateRow, ["ada@example.org"]) == nil)
        // Eve claims ada's address: accepted like any other (unverified), so it tells her nothing.
        #expect(try act(eve, privateRow, ["ADA@example.org"]) == nil)
        // No client links an identity, used or not: that needs proof (the operator, or a verified token).
        let link =
            "INSERT INTO public.lifetimer_identities (provider, subject, account_id) VALUES ('apple', $1, (SELECT auth.uid()))"
        #expect(try act(eve, link, ["fresh-subject"])?.sqlState == "42501")
        try connection.execute("SELECT lifectl.lifetimer_link_identity($1, 'apple', 'ada-1')", [ada])
        #expect(try act(eve, link, ["ada-1"])?.sqlState == "42501")
        #expect(try read(ada, "SELECT subject FROM public.lifetimer_identities").count == 1)
        // Ada may unlink her own.
        #expect(try act(ada, "DELETE FROM public.lifetimer_identities") == nil)
        #expect(try count("SELECT count(*) AS n FROM public.lifetimer_identities") == 0)
    }

    @Test func noOneElseReadsAnInstantThatGivesAwayTheTimeZone() throws {
        defer { database.drop() }
        let ada = try account("ada")
        let bob = try account("bob")
        #expect(
            try act(
                bob,
                "INSERT INTO public.lifetimer_account_private (account_id, time_zone) VALUES ((SELECT auth.uid()), 'Asia/Kathmandu')"
            ) == nil)
        let (_, _) = try goalWithMilestone(bob, completed: true)
        // Nothing ada can read of bob's row, or of any view over it, holds an
        // instant other than his own created and last active (server-stamped).
        let row = try #require(try read(ada, "SELECT * FROM public.lifetimer_accounts WHERE id = $1", [bob]).first)
        #expect((try? row.text("current_streak_until")) == nil, "the lapse instant is local midnight in his zone")
        let views = try connection.rows(
            "SELECT table_name AS name FROM information_schema.columns WHERE table_schema = 'public' AND column_name = 'current_streak_until'"
        )
        let holders = try views.map { try $0.get("name", as: String.self) }
        #expect(holders.isEmpty, "\(holders)")
        // His current streak is still there for ada, as a number.
        #expect(
            try read(
                ada, "SELECT current_streak_days AS n FROM public.lifetimer_profile_stats($1)", [bob],
                now: "2026-11-21 08:00:00+00"
            )
            .first?.get("n", as: Int.self) == 1)
    }

    @Test func searchIsBoundedForEveryone() throws {
        defer { database.drop() }
        let ada = try account("ada")
        _ = try account("adam")
        _ = try account("madame")
        #expect(try act(ada, "SELECT * FROM public.lifetimer_search('a', 200000)")?.sqlState == "22023")
        #expect(try act(ada, "SELECT * FROM public.lifetimer_search('', 20)")?.sqlState == "22023")
        let old = try act(ada, "SELECT * FROM lifectl.lifetimer_search('%', 200000)")
        #expect(old?.sqlState == "42501" || old?.sqlState == "42883", "\(old?.description ?? "answered")")
        // The needle is text, not a pattern: % and _ match themselves.
        #expect(try read(ada, "SELECT username FROM public.lifetimer_search('%', 20)").isEmpty)
        #expect(
            try read(ada, "SELECT username FROM public.lifetimer_search('AD', 20)").map {
                try $0.get("username", as: String.self)
            }
                == ["ada", "adam", "madame"])
        #expect(
            try read(ada, "SELECT username FROM public.lifetimer_search('dam', 20)").map {
                try $0.get("username", as: String.self)
            }
                == ["adam", "madame"])
    }

    // MARK: Values others rank by are the server's

    @Test func completionsDaysAndInstantsAreStampedByTheServer() throws {
        defer { database.drop() }
        let ada = try account("ada")
        #expect(
            try act(
                ada,
                "INSERT INTO public.lifetimer_account_private (account_id, time_zone) VALUES ((SELECT auth.uid()), 'Asia/Tokyo')"
            )
                == nil)
        // Ten years of activity days typed in: refused.
        #expect(
            try act(
                ada,
                "INSERT INTO public.lifetimer_activity_days (account_id, day) SELECT (SELECT auth.uid()), d::date FROM generate_series('2016-01-01'::date, '2025-12-31'::date, '1 day') AS d"
            )?.sqlState == "42501")
        // A milestone completed "in 2099": the server stamps its own now (pinned here by the operator).
        let goal = UUID()
        #expect(
            try act(
                ada,
                "INSERT INTO public.lifetimer_goals (id, account_id, number, title) VALUES ($1, (SELECT auth.uid()), 1, 'G')",
                [goal],
                now: "2026-11-20 16:30:00+00") == nil)
        let future = UUID()
        #expect(
            try act(
                ada,
                """
                INSERT INTO public.lifetimer_milestones (id, goal_id, account_id, position, title, is_public, completed_at, created_at)
                VALUES ($1, $2, (SELECT auth.uid()), 1, 'M', true, '2099-01-01 00:00:00+00', '1990-01-01 00:00:00+00')
                """, [future, goal], now: "2026-11-20 16:30:00+00") == nil)
        let stamped = try #require(
            try connection.row(
                "SELECT completed_at::text AS c, created_at::text AS m FROM public.lifetimer_milestones WHERE id = $1",
                [future]))
        #expect(try stamped.get("c", as: String.self) == "2026-11-20 16:30:00+00")
        #expect(try stamped.get("m", as: String.self) == "2026-11-20 16:30:00+00")
        // Re-sending another instant moves nothing; undoing and redoing stamps again.
        #expect(
            try act(
                ada, "UPDATE public.lifetimer_milestones SET completed_at = '2099-06-01 00:00:00+00' WHERE id = $1",
                [future],
                now: "2026-11-21 01:00:00+00") == nil)
        #expect(
            try connection.row(
                "SELECT completed_at::text AS c FROM public.lifetimer_milestones WHERE id = $1", [future])?.get(
                    "c", as: String.self) == "2026-11-20 16:30:00+00")
        #expect(
            try act(
                ada, "UPDATE public.lifetimer_milestones SET completed_at = NULL WHERE id = $1", [future],
                now: "2026-11-21 01:00:00+00")
                == nil)
        #expect(
            try act(
                ada, "UPDATE public.lifetimer_milestones SET completed_at = '1999-01-01 00:00:00+00' WHERE id = $1",
                [future],
                now: "2026-11-21 16:00:00+00") == nil)
        // Two server-stamped completions, on 2026-11-21 and 2026-11-22 in Tokyo (UTC+9): a two-day streak.
        #expect(
            try connection.rows("SELECT day::text AS d FROM public.lifetimer_activity_days ORDER BY day").map {
                try $0.get("d", as: String.self)
            } == ["2026-11-21", "2026-11-22"])
        #expect(try count("SELECT longest_streak_days AS n FROM public.lifetimer_accounts WHERE id = $1", [ada]) == 2)
        // created_at and last_active_at are the server's too, and never in the future.
        let eve = UUID()
        #expect(
            try act(
                eve,
                "INSERT INTO public.lifetimer_accounts (id, username, visibility, created_at, last_active_at) VALUES ((SELECT auth.uid()), 'eve', 'public', '1990-01-01', '2099-01-01')",
                now: "2026-11-20 09:00:00+00") == nil)
        #expect(
            try act(
                eve,
                "UPDATE public.lifetimer_accounts SET last_active_at = '2099-01-01' WHERE id = (SELECT auth.uid())",
                now: "2026-11-20 10:00:00+00") == nil)
        let times = try #require(
            try connection.row(
                "SELECT created_at::text AS c, last_active_at::text AS l FROM public.lifetimer_accounts WHERE id = $1",
                [eve]))
        #expect(try times.get("c", as: String.self) == "2026-11-20 09:00:00+00")
        #expect(try times.get("l", as: String.self) == "2026-11-20 10:00:00+00")
        // Without the operator's pin, an API request gets the real clock: nothing after now().
        #expect(
            try act(
                eve, "UPDATE public.lifetimer_accounts SET last_active_at = '2099-01-01' WHERE id = (SELECT auth.uid())"
            ) == nil)
        #expect(
            try connection.row(
                "SELECT last_active_at <= now() AS ok FROM public.lifetimer_accounts WHERE id = $1", [eve])?.get(
                    "ok", as: Bool.self) == true)
    }

    @Test func aRequestThroughTheAPICannotPinTheServersClock() throws {
        defer { database.drop() }
        // A login like Supabase's `authenticator`: it owns nothing and may become `authenticated`.
        try connection.execute(
            """
            DO $$ BEGIN
                IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'lifectl_test_api') THEN
                    CREATE ROLE lifectl_test_api LOGIN NOINHERIT;
                END IF;
            EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
            END $$
            """)
        try connection.execute("GRANT authenticated TO lifectl_test_api")
        try connection.execute("GRANT CONNECT ON DATABASE \(database.name) TO lifectl_test_api")
        var components = try #require(URLComponents(string: database.url))
        components.queryItems =
            (components.queryItems ?? []).filter { $0.name != "user" && $0.name != "password" }
            + [URLQueryItem(name: "user", value: "lifectl_test_api")]
        components.user = nil
        components.password = nil
        let api = try PostgresConnection(url: try #require(components.string))
        let eve = UUID()
        try api.execute("BEGIN")
        try api.execute(
            """
            SELECT set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true),
                   set_config('lifectl.now', '2099-01-01 00:00:00+00', true)
            """, [#"{"sub":"\#(eve.uuidString.lowercased())","role":"authenticated"}"#])
        try api.execute(
            "INSERT INTO public.lifetimer_accounts (id, username, visibility) VALUES ((SELECT auth.uid()), 'eve', 'public')"
        )
        try api.execute("COMMIT")
        #expect(
            try connection.row("SELECT created_at <= now() AS ok FROM public.lifetimer_accounts WHERE id = $1", [eve])?
                .get(
                    "ok", as: Bool.self) == true, "the pin of a login that owns nothing is ignored")
    }

    @Test func aFollowAndABlockAtTheSameMomentNeverLeaveAFollowAcrossTheBlock() throws {
        defer { database.drop() }
        let ada = try account("ada")
        let bob = try account("bob")
        let other = try database.connect()
        func begin(_ c: PostgresConnection, as id: UUID) throws {
            try c.execute("BEGIN")
            try c.execute(
                "SELECT set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)",
                [#"{"sub":"\#(id.uuidString.lowercased())","role":"authenticated"}"#])
        }
        // Ada's follow is made but not committed when bob blocks her.
        try begin(connection, as: ada)
        try connection.execute(
            "INSERT INTO public.lifetimer_follows (follower_id, followee_id) VALUES ((SELECT auth.uid()), $1)", [bob])
        try begin(other, as: bob)
        try other.execute("SET LOCAL lock_timeout = '200ms'")
        var waited: String?
        do {
            try other.execute("SELECT public.lifetimer_block('ada')")
        } catch let error as PostgresError {
            waited = error.sqlState
        }
        #expect(waited == "55P03", "the block waits for the follow")
        try other.execute("ROLLBACK")
        try connection.execute("COMMIT")
        try begin(other, as: bob)
        try other.execute("SELECT public.lifetimer_block('ada')")
        try other.execute("COMMIT")
        #expect(try count("SELECT count(*) AS n FROM public.lifetimer_follows") == 0, "the block ended the follow")
        // The other way round: the block first, then the follow waits and is refused.
        #expect(try act(bob, "SELECT public.lifetimer_unblock('ada')") == nil)
        try begin(other, as: bob)
        try other.execute("SELECT public.lifetimer_block('ada')")
        try begin(connection, as: ada)
        try connection.execute("SET LOCAL lock_timeout = '200ms'")
        var followWaited: String?
        do {
            try connection.execute(
                "INSERT INTO public.lifetimer_follows (follower_id, followee_id) VALUES ((SELECT auth.uid()), $1)",
                [bob])
        } catch let error as PostgresError {
            followWaited = error.sqlState
        }
        #expect(followWaited == "55P03", "the follow waits for the block")
        try connection.execute("ROLLBACK")
        try other.execute("COMMIT")
        #expect(
            try act(
                ada, "INSERT INTO public.lifetimer_follows (follower_id, followee_id) VALUES ((SELECT auth.uid()), $1)",
                [bob])?
                .sqlState == "42501")
        // A transaction that keeps an older snapshot cannot slip past a block made meanwhile.
        #expect(try act(bob, "SELECT public.lifetimer_unblock('ada')") == nil)
        try connection.execute("BEGIN ISOLATION LEVEL REPEATABLE READ")
        try connection.execute(
            "SELECT set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)",
            [#"{"sub":"\#(ada.uuidString.lowercased())","role":"authenticated"}"#])
        _ = try connection.rows("SELECT id FROM public.lifetimer_accounts")
        try begin(other, as: bob)
        try other.execute("SELECT public.lifetimer_block('ada')")
        try other.execute("COMMIT")
        var refused = false
        do {
            try connection.execute(
                "INSERT INTO public.lifetimer_follows (follower_id, followee_id) VALUES ((SELECT auth.uid()), $1)",
                [bob])
            try connection.execute("COMMIT")
        } catch is PostgresError {
            refused = true
            try connection.execute("ROLLBACK")
        }
        #expect(refused)
        #expect(try count("SELECT count(*) AS n FROM public.lifetimer_follows") == 0)
    }

    @Test func hiddenMilestonesLeaveTheProgressOthersSee() throws {
        defer { database.drop() }
        let admin = try account("admin")
        let bob = try account("bob")
        let ada = try account("ada")
        try connection.execute("INSERT INTO public.lifetimer_admins (account_id) VALUES ($1)", [admin])
        let (goal, done) = try goalWithMilestone(bob, completed: true)
        let open = UUID()
        #expect(
            try act(
                bob,
                "INSERT INTO public.lifetimer_milestones (id, goal_id, account_id, position, title) VALUES ($1, $2, (SELECT auth.uid()), 2, 'Open')",
                [open, goal]) == nil)
        let progress =
            "SELECT milestones_completed AS c, milestones_total AS t FROM public.lifetimer_goals WHERE id = $1"
        func seen(_ viewer: UUID) throws -> [Int] {
            guard let row = try read(viewer, progress, [goal]).first else { return [] }
            return [try row.get("c", as: Int.self), try row.get("t", as: Int.self)]
        }
        #expect(try seen(ada) == [1, 2])
        // The admin hides the completed one: for others the goal is 0 of 1.
        let report = UUID()
        try connection.execute(
            "INSERT INTO public.lifetimer_reports (id, reporter_id, target_kind, target_account_id, target_milestone_id, reason) VALUES ($1, $2, 'milestone', $3, $4, 'x')",
            [report, ada, bob, done])
        #expect(
            try act(
                admin,
                """
                INSERT INTO public.lifetimer_report_decisions (id, report_id, action, target_account_id, hidden_milestone_id, decided_by, reason)
                VALUES ($1, $2, 'hide', $3, $4, (SELECT auth.uid()), 'x')
                """, [UUID(), report, bob, done]) == nil)
        #expect(try seen(ada) == [0, 1])
    }

    // MARK: Supabase

    @Test func theFunctionsAnAppNeedsAreRPCsInPublicForSignedInUsersOnly() throws {
        defer { database.drop() }
        let functions = [
            "lifetimer_search", "lifetimer_block", "lifetimer_unblock", "lifetimer_accounts_above",
            "lifetimer_milestones_since", "lifetimer_feed", "lifetimer_followers", "lifetimer_following",
            "lifetimer_profile_stats", "lifetimer_current_streaks", "lifetimer_is_admin",
            "lifetimer_username_for_admin",
        ]
        for name in functions {
            let row = try connection.row(
                """
                SELECT bool_or(has_function_privilege('authenticated', p.oid, 'EXECUTE')) AS signed_in,
                       bool_or(has_function_privilege('anon', p.oid, 'EXECUTE')) AS anonymous,
                       bool_and(p.prosecdef AND EXISTS (SELECT 1 FROM unnest(p.proconfig) AS s WHERE s = 'search_path=""')) AS fixed
                FROM pg_proc AS p JOIN pg_namespace AS n ON n.oid = p.pronamespace
                WHERE n.nspname = 'public' AND p.proname = $1
                """, [name])
            #expect(try row?.get("signed_in", as: Bool?.self) == true, "\(name) for authenticated")
            #expect(try row?.get("anonymous", as: Bool?.self) == false, "\(name) not for anon")
            #expect(
                try row?.get("fixed", as: Bool?.self) == true, "\(name): security definer with an empty search_path")
        }
    }

    @Test func deletingASupabaseUserDeletesItsLifeTimerAccount() throws {
        let plain = try TestServer.database(migrated: false)
        defer {
            plain.drop()
            database.drop()
        }
        let c = try plain.connect()
        // What Supabase has before any migration: auth.users.
        try c.execute("CREATE SCHEMA auth; CREATE TABLE auth.users (id uuid PRIMARY KEY, email text)")
        try LifeTimerServerSchema.migrator.migrate(c)
        // Supabase lets signed-in users reach auth.uid().
        try c.execute("GRANT USAGE ON SCHEMA auth TO authenticated")
        let user = UUID()
        try c.execute("INSERT INTO auth.users (id, email) VALUES ($1, 'ada@example.org')", [user])
        try c.execute("BEGIN")
        try c.execute(
            "SELECT set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)",
            [#"{"sub":"\#(user.uuidString.lowercased())","role":"authenticated"}"#])
        try c.execute(
            "INSERT INTO public.lifetimer_accounts (id, username, visibility) VALUES ((SELECT auth.uid()), 'ada', 'public')"
        )
        try c.execute(
            "INSERT INTO public.lifetimer_account_private (account_id, email, time_zone) VALUES ((SELECT auth.uid()), 'ada@example.org', 'UTC')"
        )
        try c.execute("COMMIT")
        try c.execute("DELETE FROM auth.users WHERE id = $1", [user])
        #expect(try c.row("SELECT count(*) AS n FROM public.lifetimer_accounts")?.get("n", as: Int.self) == 0)
        #expect(try c.row("SELECT count(*) AS n FROM public.lifetimer_account_private")?.get("n", as: Int.self) == 0)
    }
}
