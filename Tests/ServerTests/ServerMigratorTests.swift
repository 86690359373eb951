import Foundation
import LifeCore
import LifeDB
import LifeKitTestSupport
import LifeServer
import LifeTimerServer
import ServerTestSupport
import Testing

/// SRV-1: Schema/server/ is embedded as written, applied in order and
/// recorded with its checksum; a server from a newer build or with an edited
/// migration is refused unchanged; what Supabase already has is left alone;
/// two migrators at once apply each migration once.
@Suite(.tags(.server), .enabled(if: TestServer.enabled, Comment(rawValue: TestServer.remedy)))
struct ServerMigratorTests {
    static var folder: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Schema/server")
    }

    @Test func embeddedMigrationsAreTheFilesAndRecordedWithPostgresChecksums() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter {
            $0.hasSuffix(".sql")
        }
        .sorted()
        #expect(
            names.map { String($0.dropLast(4)) } == LifeTimerServerMigrations.migrations.map(\.identifier),
            "Sources/LifeTimerServer/Schema/LifeTimerServerMigrations.swift is stale: run scripts/gen-schema")
        let database = try TestServer.database(migrated: false)
        defer { database.drop() }
        let connection = try database.connect()
        for (name, migration) in zip(names, LifeTimerServerMigrations.migrations) {
            let text = String(decoding: try Data(contentsOf: Self.folder.appendingPathComponent(name)), as: UTF8.self)
            #expect(migration.sql == text, "\(name) differs from its embedded text: run scripts/gen-schema")
            // PostgreSQL's own sha256() is the oracle for the embedded checksum.
            let digest = try connection.row(
                "SELECT encode(sha256(convert_to($1, 'UTF8')), 'hex') AS digest", [text])?.get(
                    "digest", as: String.self)
            #expect(migration.sha256 == digest, "\(name)'s embedded checksum")
        }
        let applied = try LifeTimerServerSchema.migrator.migrate(connection)
        #expect(applied.map(\.version) == LifeTimerServerMigrations.migrations.map(\.version))
        let recorded = try connection.rows("SELECT version, sha256 FROM lifectl.schema_migrations ORDER BY version")
            .map { "\(try $0.get("version", as: Int.self)) \(try $0.get("sha256", as: String.self))" }
        #expect(recorded == LifeTimerServerMigrations.migrations.map { "\($0.version) \($0.sha256)" })
        // A second run has nothing to do.
        #expect(try LifeTimerServerSchema.migrator.migrate(connection).isEmpty)
        #expect(try LifeTimerServerSchema.migrator.pendingMigrations(connection).isEmpty)
    }

    /// What the server holds, for "nothing was written" checks.
    static func objects(_ connection: PostgresConnection) throws -> [String] {
        try connection.rows(
            """
            SELECT n.nspname || '.' || c.relname || ' ' || c.relkind::text AS object FROM pg_class AS c
            JOIN pg_namespace AS n ON n.oid = c.relnamespace
            WHERE n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast') ORDER BY 1
            """
        ).map { try $0.get("object", as: String.self) }
            + connection.rows(
                "SELECT version || ' ' || sha256 AS row FROM lifectl.schema_migrations ORDER BY version"
            ).map { try $0.get("row", as: String.self) }
    }

    @Test func aServerFromANewerBuildIsRefusedUnchanged() throws {
        let database = try TestServer.database(migrated: false)
        defer { database.drop() }
        let connection = try database.connect()
        try connection.execute(
            """
            CREATE SCHEMA lifectl;
            CREATE TABLE lifectl.schema_migrations (version integer PRIMARY KEY, name text NOT NULL,
                sha256 text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now());
            INSERT INTO lifectl.schema_migrations (version, name, sha256) VALUES (9999, 'from_the_future', repeat('a', 64));
            """)
        let before = try Self.objects(connection)
        #expect {
            try LifeTimerServerSchema.migrator.migrate(connection)
        } throws: { error in
            let message = (error as? LifeError)?.message ?? ""
            return (error as? LifeError)?.kind == .malformedInput && message.contains("9999_from_the_future")
                && message.contains(LifeTimerServerMigrations.migrations.last?.identifier ?? "?")
        }
        #expect(try Self.objects(connection) == before)
    }

    @Test func anEditedMigrationIsRefusedUnchanged() throws {
        let database = try TestServer.database()
        defer { database.drop() }
        let connection = try database.connect()
        try connection.execute("UPDATE lifectl.schema_migrations SET sha256 = repeat('0', 64) WHERE version = 1")
        let newer = ServerMigrator(
            migrations: LifeTimerServerMigrations.migrations + [
                Migration(
                    version: 99, name: "later", sql: "CREATE TABLE public.later (id integer)",
                    sha256: String(repeating: "b", count: 64))
            ])
        let before = try Self.objects(connection)
        #expect {
            try newer.migrate(connection)
        } throws: { error in
            ((error as? LifeError)?.message ?? "").contains("checksum 000000000000…")
        }
        #expect(try Self.objects(connection) == before, "the later migration must not run")
    }

    @Test func whatSupabaseAlreadyHasIsLeftAlone() throws {
        let database = try TestServer.database(migrated: false)
        defer { database.drop() }
        let connection = try database.connect()
        // As on Supabase: the roles (cluster-wide: on a fresh cluster no
        // migration has made them yet), and an auth schema with its own
        // auth.uid() (here one that tells itself apart).
        for role in ["anon", "authenticated"] {
            try connection.execute(
                """
                DO $$ BEGIN
                    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '\(role)') THEN CREATE ROLE \(role) NOLOGIN; END IF;
                EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
                END $$
                """)
        }
        try connection.execute(
            """
            CREATE SCHEMA auth;
            CREATE FUNCTION auth.uid() RETURNS uuid LANGUAGE sql STABLE
                AS $$ SELECT 'a0000000-0000-4000-8000-00000000000a'::uuid /* supabase's own */ $$;
            GRANT USAGE ON SCHEMA auth TO authenticated;
            """)
        try LifeTimerServerSchema.migrator.migrate(connection)
        let source = try connection.row("SELECT prosrc FROM pg_proc WHERE oid = 'auth.uid()'::regprocedure")?.get(
            "prosrc", as: String.self)
        #expect(source?.contains("supabase's own") == true)
        // The roles exist once, whatever ran before.
        #expect(
            try connection.row(
                "SELECT count(*) AS n FROM pg_roles WHERE rolname IN ('anon', 'authenticated') AND NOT rolcanlogin")?
                .get("n", as: Int.self) == 2)
    }

    @Test func theMigrationCreatesAuthUidAsSupabaseDefinesIt() throws {
        let database = try TestServer.database()
        defer { database.drop() }
        let connection = try database.connect()
        let id = UUID()
        // request.jwt.claims, as PostgREST sets it; and the older request.jwt.claim.sub, which wins.
        try connection.probe(as: id) { c in
            #expect(try c.row("SELECT auth.uid() AS id")?.get("id", as: UUID.self) == id)
            let older = UUID()
            try c.execute("SELECT set_config('request.jwt.claim.sub', $1, true)", [older])
            #expect(try c.row("SELECT auth.uid() AS id")?.get("id", as: UUID.self) == older)
        }
        let nobody = try connection.probe(as: nil, role: "authenticated") { c in
            try c.row("SELECT auth.uid() AS id")?.get("id", as: UUID?.self)
        }
        #expect(nobody == nil)
    }

    @Test func twoMigratorsAtOnceApplyEachMigrationOnce() throws {
        let database = try TestServer.database(migrated: false)
        defer { database.drop() }
        let url = database.url
        let results = LockedResults()
        let group = DispatchGroup()
        for _ in 0..<3 {
            group.enter()
            Thread.detachNewThread {
                defer { group.leave() }
                do {
                    let applied = try LifeTimerServerSchema.migrator.migrate(try PostgresConnection(url: url))
                    results.append(.success(applied.count))
                } catch {
                    results.append(.failure(String(describing: error)))
                }
            }
        }
        group.wait()
        let outcomes = results.values
        #expect(outcomes.count == 3)
        #expect(
            outcomes.compactMap { if case .success(let n) = $0 { n } else { nil } }.reduce(0, +)
                == LifeTimerServerMigrations.migrations.count)
        #expect(outcomes.allSatisfy { if case .success = $0 { true } else { false } }, "\(outcomes)")
    }

    /// A server at 0002 holding what clients wrote then (days typed in, a
    /// completion in 2099, follows, blocks, a suspension, a hide) migrates
    /// to the last migration with everyone's data, and what 0003 to 0007
    /// derive is what a recount derives from the rows.
    @Test func aPopulatedServerAtTheSecondMigrationUpgrades() throws {
        let database = try TestServer.database(migrated: false)
        defer { database.drop() }
        let c = try database.connect()
        try ServerMigrator(migrations: Array(LifeTimerServerMigrations.migrations.prefix(2))).migrate(c)
        let (ada, bob, cyd) = (UUID(), UUID(), UUID())
        let (goal, step, other) = (UUID(), UUID(), UUID())
        // Written as the clients of 0002 could (the operator's inserts, triggers on).
        try c.execute(
            """
            INSERT INTO public.lifetimer_accounts (id, username, visibility) VALUES ($1, 'ada', 'public'), ($2, 'Bob', 'public'), ($3, 'cyd', 'private');
            """, [ada, bob, cyd])
        try c.execute(
            "INSERT INTO public.lifetimer_account_private (account_id, email, time_zone) VALUES ($1, 'a@example.org', 'Asia/Tokyo')",
            [ada])
        try c.execute(
            "INSERT INTO public.lifetimer_goals (id, account_id, number, title) VALUES ($1, $2, 1, 'Run'), ($3, $4, 1, 'Swim')",
            [goal, bob, other, ada])
        try c.execute(
            """
            INSERT INTO public.lifetimer_milestones (id, goal_id, account_id, position, title, is_public, completed_at)
            VALUES ($1, $2, $3, 1, 'Buy followers', true, '2026-11-20 10:00:00+00')
            """, [step, goal, bob])
        try c.execute(
            """
            INSERT INTO public.lifetimer_milestones (id, goal_id, account_id, position, title, is_public, completed_at)
            VALUES ($1, $2, $3, 1, 'Far', true, '2099-01-01 00:00:00+00')
            """, [UUID(), other, ada])
        // Days typed in by ada: 2016-01-01 … 2016-01-10, none of them a completion's.
        try c.execute(
            "INSERT INTO public.lifetimer_activity_days (account_id, day) SELECT $1, d::date FROM generate_series('2016-01-01'::date, '2016-01-10'::date, '1 day') AS d",
            [ada])
        try c.execute(
            "INSERT INTO public.lifetimer_follows (follower_id, followee_id) VALUES ($1, $2), ($3, $2)",
            [ada, bob, cyd])
        try c.execute("INSERT INTO public.lifetimer_blocks (blocker_id, blocked_id) VALUES ($1, $2)", [cyd, ada])
        try c.execute("INSERT INTO public.lifetimer_admins (account_id) VALUES ($1)", [ada])
        let report = UUID()
        try c.execute(
            "INSERT INTO public.lifetimer_reports (id, reporter_id, target_kind, target_account_id, target_milestone_id, reason) VALUES ($1, $2, 'milestone', $3, $4, 'spam')",
            [report, ada, bob, step])
        try c.execute(
            """
            INSERT INTO public.lifetimer_report_decisions (id, report_id, action, target_account_id, hidden_milestone_id, decided_by, reason)
            VALUES ($1, $2, 'hide', $3, $4, $5, 'spam')
            """, [UUID(), report, bob, step, ada])
        try c.execute(
            "INSERT INTO public.lifetimer_suspensions (account_id, suspended_by, reason) VALUES ($1, $2, 'x')",
            [cyd, ada])
        #expect(
            try c.row("SELECT longest_streak_days AS n FROM public.lifetimer_accounts WHERE id = $1", [ada])?.get(
                "n", as: Int.self) == 10)
        try LifeTimerServerSchema.migrator.migrate(c)
        func value(_ sql: String, _ arguments: [(any PostgresEncodable)?] = []) throws -> String? {
            try c.row(sql, arguments)?.text("v")
        }
        // Everyone's rows are there.
        #expect(
            try value("SELECT string_agg(username, ',' ORDER BY username_key) AS v FROM public.lifetimer_accounts")
                == "ada,Bob,cyd")
        #expect(try value("SELECT count(*) AS v FROM public.lifetimer_follows") == "2")
        #expect(try value("SELECT count(*) AS v FROM public.lifetimer_report_decisions") == "1")
        // No instant after the migration's now; the typed days are gone, the completions' days are there.
        #expect(try value("SELECT bool_and(completed_at <= now()) AS v FROM public.lifetimer_milestones") == "t")
        #expect(
            try value(
                "SELECT string_agg(day::text, ',' ORDER BY day) AS v FROM public.lifetimer_activity_days WHERE account_id = $1",
                [ada])
                == (try value("SELECT (now() AT TIME ZONE 'Asia/Tokyo')::date::text AS v")))
        #expect(
            try value("SELECT longest_streak_days::text AS v FROM public.lifetimer_accounts WHERE id = $1", [ada])
                == "1")
        // The copies 0004 to 0006 keep: ids, the words hidden, the follows' names and counts.
        #expect(try value("SELECT count(*) AS v FROM lifectl.lifetimer_account_ids WHERE deleted_at IS NULL") == "3")
        #expect(try value("SELECT title_key AS v FROM lifectl.lifetimer_hidden_content") == "buy followers")
        #expect(
            try value(
                "SELECT string_agg(follower_key || '>' || followee_key, ',' ORDER BY follower_key) AS v FROM public.lifetimer_follows"
            )
                == "ada>bob,cyd>bob")
        // Bob's followers that are listed: ada (cyd is private and suspended).
        #expect(
            try value("SELECT followers::text AS v FROM lifectl.lifetimer_follow_counts WHERE account_id = $1", [bob])
                == "1")
        // The hidden milestone leaves bob's goal's counts.
        #expect(
            try value("SELECT milestones_total::text AS v FROM public.lifetimer_goals WHERE id = $1", [goal]) == "0")
        // And the lint finds nothing.
        #expect(try RLSLint.findings(c, schemas: ["public", "lifectl"]).isEmpty)
    }
}

/// Results gathered from threads.
final class LockedResults: @unchecked Sendable {
    enum Outcome: Sendable { case success(Int), failure(String) }
    private let lock = NSLock()
    private var stored: [Outcome] = []

    func append(_ outcome: Outcome) {
        lock.lock()
        stored.append(outcome)
        lock.unlock()
    }

    var values: [Outcome] {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }
}
