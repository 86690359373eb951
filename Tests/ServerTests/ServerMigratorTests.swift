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
        // As on Supabase: an auth schema with its own auth.uid() (here one that tells itself apart).
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
