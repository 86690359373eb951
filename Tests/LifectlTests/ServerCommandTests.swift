import Foundation
import LifeKitTestSupport
import LifeServer
import ServerTestSupport
import Testing

/// SRV-2 end to end: `lifectl server migrate|status` and the LifeTimer
/// social commands with `--server` / `LIFECTL_SERVER`, the built lifectl
/// against a real PostgreSQL (SRV-3), each test in a fresh database.
@Suite(.tags(.endToEnd, .server), .enabled(if: TestServer.enabled, Comment(rawValue: TestServer.remedy)))
struct ServerCommandTests {
    static func object(_ result: Lifectl.Result) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    static let migrations = [
        "0001_lifetimer_social", "0002_lifetimer_depth", "0003_lifetimer_server_clock",
        "0004_lifetimer_moderation_outlives_rows", "0005_lifetimer_no_oracles", "0006_lifetimer_bounded_reads",
        "0007_lifetimer_supabase", "0008_service_sign_in", "0009_service_hub",
    ]

    @Test func migrateThenStatus() throws {
        let database = try TestServer.database(migrated: false)
        defer { database.drop() }
        let lifectl = try Lifectl()
        let status0 = try lifectl.run("server", "status", "--server", database.url, "--json")
        #expect(status0.status == 0, "\(status0.stderr)")
        #expect(try Self.object(status0)["pending"] as? [String] == Self.migrations)
        let migrate = try lifectl.run("server", "migrate", "--server", database.url, "--json")
        #expect(migrate.status == 0, "\(migrate.stderr)")
        #expect(try Self.object(migrate)["applied"] as? [String] == Self.migrations)
        #expect(migrate.stderr.isEmpty, "no NOTICE reaches the terminal")
        let again = try lifectl.run("server", "migrate", "--server", database.url)
        #expect(again.stdout == "The server is up to date (0009_service_hub).\n")
        let status = try Self.object(try lifectl.run("server", "status", "--server", database.url, "--json"))
        #expect((status["migrations"] as? [[String: Any]])?.map { $0["version"] as? Int } == Array(1...9))
        // appliedAt in the database form of CORE-4 (UTC, milliseconds).
        let appliedAt = (status["migrations"] as? [[String: Any]])?.first?["appliedAt"] as? String ?? ""
        #expect(
            appliedAt.range(of: #"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}$"#, options: .regularExpression) != nil,
            "\(appliedAt)")
        #expect((status["pending"] as? [String]) == [])
        #expect((status["lintFindings"] as? [Any])?.count == 0)
        let tables = try #require(status["tables"] as? [[String: Any]])
        let accounts = try #require(tables.first { $0["name"] as? String == "public.lifetimer_accounts" })
        #expect(accounts["rowLevelSecurity"] as? Bool == true)
        #expect(
            Set((accounts["policies"] as? [[String: Any]] ?? []).compactMap { $0["command"] as? String })
                == ["SELECT", "INSERT", "UPDATE", "DELETE"])
        // 0001's eleven client tables and two of the engine's, 0002's
        // identities and report decisions (LT-10), and the engine's five of
        // 0004 and 0006 (the account ids, hidden words, follow counts,
        // current streaks and their histogram).
        #expect(tables.count == 20)
        #expect(
            Set(tables.compactMap { $0["name"] as? String }).isSuperset(of: [
                "public.lifetimer_identities", "public.lifetimer_report_decisions",
            ]))
        // LIFECTL_SERVER stands in for --server; the human form names what it shows.
        let text = try lifectl.run(["server", "status"], extraEnvironment: ["LIFECTL_SERVER": database.url])
        #expect(text.status == 0)
        #expect(text.stdout.contains("public.lifetimer_follows") && text.stdout.contains("lint: 0 findings"))
    }

    @Test func badServersAreClearErrors() throws {
        let lifectl = try Lifectl()
        let none = try lifectl.run("server", "status")
        #expect(none.status == 64)
        #expect(none.stderr == "error: no server given: pass --server URL or set LIFECTL_SERVER\n")
        // Unreachable: I/O (74), and the password never printed.
        let missing = lifectl.path("no-such-folder")
        let unreachable = try lifectl.run(
            "server", "status", "--server", "postgresql://postgres:hunter2@/postgres?host=\(missing)")
        #expect(unreachable.status == 74)
        #expect(unreachable.stderr.hasPrefix("error: cannot reach the server at postgresql://postgres:***@/postgres"))
        #expect(!unreachable.stderr.contains("hunter2"))
        #expect(try lifectl.run("server", "migrate", "--server", " ").status == 64)
    }

    @Test func theSocialCommandsRunOnTheServerAsTheAccount() throws {
        let database = try TestServer.database()
        defer { database.drop() }
        let lifectl = try Lifectl()
        let url = database.url
        for (name, visibility) in [
            ("ada", ["--visibility", "public"]), ("bob", ["--visibility", "public"]), ("cyd", []),
        ] {
            #expect(try lifectl.run(["lifetimer", "account", "create", name] + visibility).status == 0)
        }
        #expect(try lifectl.run("lifetimer", "goal", "add", "Run a marathon", "--as", "bob").status == 0)
        #expect(
            try lifectl.run("lifetimer", "milestone", "add", "1", "Run 10 km", "--visibility", "public", "--as", "bob")
                .status == 0)
        #expect(try lifectl.run("lifetimer", "milestone", "add", "1", "Secret step", "--as", "bob").status == 0)
        #expect(try lifectl.run("lifetimer", "milestone", "complete", "1.1", "--as", "bob").status == 0)
        #expect(try lifectl.run("lifetimer", "milestone", "complete", "1.2", "--as", "bob").status == 0)
        // Not published yet: the server does not know ada.
        let early = try lifectl.run("lifetimer", "feed", "--server", url)
        #expect(early.status == 64)
        #expect(
            early.stderr
                == "error: the account ada is not on the server yet; publish it with `lifectl lifetimer publish --as ada --server URL`\n"
        )
        for name in ["ada", "bob", "cyd"] {
            let published = try lifectl.run("lifetimer", "publish", "--as", name, "--server", url, "--json")
            #expect(published.status == 0, "\(published.stderr)")
            #expect(try Self.object(published)["created"] as? Bool == true)
        }
        let republished = try lifectl.run("lifetimer", "publish", "--as", "bob", "--server", url)
        #expect(republished.stdout == "Updated bob on the server: 1 goal, 2 milestones, 1 active day.\n")
        // The options before the subcommand, as `lifectl lifetimer --server URL …`.
        #expect(try lifectl.run("lifetimer", "--server", url, "follow", "bob").stdout == "Following bob.\n")
        let env = ["LIFECTL_SERVER": url]
        let feed = try lifectl.run(["lifetimer", "feed", "--json"], extraEnvironment: env)
        let items = try #require(
            (try JSONSerialization.jsonObject(with: Data(feed.stdout.utf8)) as? [String: Any])?["feed"]
                as? [[String: Any]])
        #expect(items.map { $0["milestone"] as? String } == ["Run 10 km"])
        // Bob's profile from the server: his private milestone counts in the progress but is not shown.
        let profile = try Self.object(
            try lifectl.run(["lifetimer", "profile", "bob", "--json"], extraEnvironment: env))
        let goals = try #require(profile["goals"] as? [[String: Any]])
        #expect(goals.first?["progress"] as? Double == 1)
        #expect((goals.first?["milestones"] as? [[String: Any]])?.count == 1)
        #expect(profile["followers"] as? Int == 1)
        // cyd is private: no one else finds her on the server.
        let hidden = try lifectl.run(["lifetimer", "profile", "cyd"], extraEnvironment: env)
        #expect(hidden.status == 64)
        #expect(hidden.stderr == "error: no account named 'cyd' that you can see\n")
        #expect(
            try lifectl.run(["lifetimer", "search", "c", "--json"], extraEnvironment: env).stdout
                == "{\n  \"accounts\" : [\n\n  ]\n}\n")
        // Blocks work on hidden accounts, answering as for a missing name (as
        // on the device); the followed one's block ends the follow.
        #expect(
            try lifectl.run(["lifetimer", "block", "cyd"], extraEnvironment: env).stdout
                == "No account named 'cyd' is visible to you; if one has that name, it is blocked now, and you and it no longer see each other.\n"
        )
        #expect(try lifectl.run(["lifetimer", "block", "ada", "--as", "bob"], extraEnvironment: env).status == 0)
        #expect(try lifectl.run(["lifetimer", "feed"], extraEnvironment: env).stdout == "Your feed is empty.\n")
        let board = try Self.object(
            try lifectl.run(["lifetimer", "leaderboard", "streaks", "--as", "cyd", "--json"], extraEnvironment: env))
        // cyd (private, blocked by ada) sees bob's one-day streak; her own is 0.
        #expect(board["total"] as? Int == 1)
        #expect(
            try lifectl.run(["lifetimer", "report", "account", "bob", "--reason", "spam"], extraEnvironment: env).status
                == 64)
        // The device adopted the edges made on the server between its
        // accounts (the social graph is the server's): ada's block of cyd and
        // bob's of ada, which ended ada's follow of bob.
        #expect(try lifectl.sqlite("SELECT count(*) FROM lifetimer_follows") == "0")
        #expect(
            try lifectl.sqlite(
                "SELECT r.username || '>' || d.username FROM lifetimer_blocks JOIN lifetimer_accounts AS r ON r.id = blocker_id JOIN lifetimer_accounts AS d ON d.id = blocked_id ORDER BY 1"
            ) == "ada>cyd\nbob>ada")
        // --server on a command that works on this device is refused, not ignored.
        let refused = try lifectl.run("lifetimer", "goal", "list", "--server", url)
        #expect(refused.status == 64)
        #expect(refused.stderr.hasPrefix("error: --server works with follow, unfollow"))
        // …but LIFECTL_SERVER leaves it alone.
        #expect(try lifectl.run(["lifetimer", "goal", "list", "--as", "bob"], extraEnvironment: env).status == 0)
        // Unpublishing bob leaves nothing of him on the server; the device keeps him.
        let gone = try lifectl.run(["lifetimer", "unpublish", "--as", "bob", "--json"], extraEnvironment: env)
        #expect(gone.status == 0, "\(gone.stderr)")
        #expect(try Self.object(gone)["action"] as? String == "unpublish")
        let status = try Self.object(try lifectl.run(["server", "status", "--json"], extraEnvironment: env))
        let rows = Dictionary(
            uniqueKeysWithValues: (status["tables"] as? [[String: Any]] ?? []).compactMap { table in
                (table["name"] as? String).map { ($0, table["rows"] as? Int ?? -1) }
            })
        #expect(rows["public.lifetimer_accounts"] == 2)
        for table in ["goals", "milestones", "activity_days", "follows", "countdowns"] {
            #expect(rows["public.lifetimer_\(table)"] == 0, "\(table)")
        }
        #expect(rows["public.lifetimer_blocks"] == 1, "ada's block of cyd stands; bob's of ada went with him")
        #expect(try lifectl.sqlite("SELECT count(*) FROM lifetimer_accounts WHERE username = 'bob'") == "1")
        let again = try lifectl.run(["lifetimer", "unpublish", "--as", "bob"], extraEnvironment: env)
        #expect(again.status == 64)
        #expect(again.stderr.contains("not on the server yet"))
        // SRV-6: his id never comes back there.
        let back = try lifectl.run(["lifetimer", "publish", "--as", "bob"], extraEnvironment: env)
        #expect(back.status == 64)
        #expect(
            back.stderr.contains("was deleted from the server, and an account never comes back there"), "\(back.stderr)"
        )
    }

    /// SRV-6, no drift: a published account stays in step with the server
    /// without `publish`, both ways, and the admins' commands run there.
    @Test func aPublishedAccountStaysInStepWithTheServer() throws {
        let database = try TestServer.database()
        defer { database.drop() }
        let lifectl = try Lifectl()
        let env = ["LIFECTL_SERVER": database.url]
        func run(_ arguments: String...) throws -> Lifectl.Result {
            let result = try lifectl.run(arguments, extraEnvironment: env)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            return result
        }
        for name in ["ada", "bob", "cyd"] {
            _ = try run("lifetimer", "account", "create", name, "--visibility", "public")
            _ = try run("lifetimer", "publish", "--as", name)
        }
        _ = try run("lifetimer", "follow", "bob")
        // Made on the server, shown on this device (both accounts live here).
        #expect(try lifectl.run("lifetimer", "following", "--json").stdout.contains("\"bob\""))
        // Bob's new progress reaches ada's feed on the server without a publish.
        _ = try run("lifetimer", "goal", "add", "Run a marathon", "--as", "bob")
        _ = try run("lifetimer", "milestone", "add", "1", "Run 10 km", "--visibility", "public", "--as", "bob")
        _ = try run("lifetimer", "milestone", "complete", "1.1", "--as", "bob")
        let feed = try run("lifetimer", "feed", "--json")
        #expect(feed.stdout.contains("Run 10 km"), "\(feed.stdout)")
        // Deleted here, deleted there.
        _ = try run("lifetimer", "milestone", "delete", "1.1", "--as", "bob")
        #expect(try run("lifetimer", "feed").stdout == "Your feed is empty.\n")
        // Private here, private there: ada no longer finds him.
        _ = try run("lifetimer", "account", "edit", "--visibility", "private", "--as", "bob")
        let hidden = try lifectl.run(["lifetimer", "profile", "bob"], extraEnvironment: env)
        #expect(hidden.status == 64)
        #expect(try run("lifetimer", "search", "bob", "--json").stdout == "{\n  \"accounts\" : [\n\n  ]\n}\n")
        // A server out of reach: the change stands here, the command says the server is behind (74).
        let away = ["LIFECTL_SERVER": "postgresql:///postgres?host=\(lifectl.path("nosuch"))"]
        let offline = try lifectl.run(["lifetimer", "goal", "add", "Swim", "--as", "bob"], extraEnvironment: away)
        #expect(offline.status == 74)
        #expect(offline.stderr.contains("saved on this device, but bob's copy on the server is not up to date"))
        #expect(try lifectl.sqlite("SELECT count(*) FROM lifetimer_goals WHERE title = 'Swim'") == "1")
        // …and an account deletion that cannot reach the server deletes nothing.
        let stuck = try lifectl.run(
            ["lifetimer", "account", "delete", "--as", "cyd", "--yes"], extraEnvironment: away)
        #expect(stuck.status == 74)
        #expect(try lifectl.sqlite("SELECT count(*) FROM lifetimer_accounts WHERE username = 'cyd'") == "1")
        // Deleted here with the server reachable: deleted there first, for good.
        _ = try run("lifetimer", "account", "delete", "--as", "cyd", "--yes")
        let connection = try database.connect()
        #expect(
            try connection.row("SELECT count(*) AS n FROM public.lifetimer_accounts WHERE username = 'cyd'")?.get(
                "n", as: Int.self) == 0)
        #expect(
            try connection.row("SELECT count(*) AS n FROM lifectl.lifetimer_account_ids WHERE deleted_at IS NOT NULL")?
                .get("n", as: Int.self) == 1)
        // The admins' commands on the server: ada is granted by the operator.
        try connection.execute(
            "INSERT INTO public.lifetimer_admins (account_id) SELECT id FROM public.lifetimer_accounts WHERE username = 'ada'"
        )
        _ = try run("lifetimer", "account", "edit", "--visibility", "public", "--as", "bob")
        _ = try run("lifetimer", "milestone", "add", "1", "Buy followers", "--visibility", "public", "--as", "bob")
        let milestone =
            try connection.row(
                "SELECT id::text AS id FROM public.lifetimer_milestones WHERE title = 'Buy followers'")?.get(
                "id", as: String.self) ?? ""
        #expect(
            try lifectl.run(["lifetimer", "account", "create", "eve", "--visibility", "public"], extraEnvironment: env)
                .status == 0)
        _ = try run("lifetimer", "publish", "--as", "eve")
        _ = try run("lifetimer", "report", "milestone", String(milestone.prefix(8)), "--reason", "spam", "--as", "eve")
        let reports = try run("lifetimer", "admin", "reports", "--open", "--json", "--server", database.url)
        let list = try #require(
            (try JSONSerialization.jsonObject(with: Data(reports.stdout.utf8)) as? [String: Any])?["reports"]
                as? [[String: Any]])
        #expect(list.count == 1)
        let report = try #require(list.first?["id"] as? String)
        _ = try run("lifetimer", "admin", "resolve", String(report.prefix(8)), "hide", "--reason", "spam")
        #expect(
            try connection.row("SELECT hidden FROM public.lifetimer_milestones WHERE title = 'Buy followers'")?.get(
                "hidden", as: Bool.self) == true)
        _ = try run("lifetimer", "admin", "suspend", "bob", "--reason", "spam")
        #expect(try lifectl.run(["lifetimer", "profile", "bob", "--as", "eve"], extraEnvironment: env).status == 64)
        let decisions = try run("lifetimer", "admin", "decisions", "--json")
        #expect(decisions.stdout.contains("\"hide\""))
        // A suspended admin is no admin there: bob, granted, then suspended, cannot lift his own.
        try connection.execute(
            "INSERT INTO public.lifetimer_admins (account_id) SELECT id FROM public.lifetimer_accounts WHERE username = 'bob'"
        )
        let own = try lifectl.run(["lifetimer", "admin", "unsuspend", "bob", "--as", "bob"], extraEnvironment: env)
        #expect(own.status == 64)
        #expect(own.stderr.contains("is not an admin on the server"))
        _ = try run("lifetimer", "admin", "unsuspend", "bob")
        #expect(try run("lifetimer", "profile", "bob", "--as", "eve").status == 0)
    }
}
