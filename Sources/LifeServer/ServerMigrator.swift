import Foundation
import LifeCore
import LifeDB

/// Applies `Schema/server/` to a PostgreSQL database (SPEC SRV-1), as the
/// SQLite `Migrator` does for the device (CORE-3): in version order, each in
/// its own transaction, recorded in `lifectl.schema_migrations(version,
/// name, sha256, applied_at)`. A database that holds a migration this build
/// does not know, or one whose checksum differs, is refused before anything
/// is written.
///
/// Two migrators at once (two operators, parallel tests on one server) wait
/// for each other on a transaction-scoped advisory lock; the second finds the
/// work done.
public struct ServerMigrator: Sendable {
    public let migrations: [Migration]

    public init(migrations: [Migration]) {
        self.migrations = migrations.sorted { $0.version < $1.version }
    }

    /// A migration the server holds, as recorded (`appliedAt` in the
    /// database form of CORE-4, UTC, as on the device).
    public typealias AppliedMigration = Migrator.AppliedMigration

    /// The key of the advisory lock the migrators share (any fixed number).
    static let lockKey = 0x6C69_6665_6374_6C  // "lifectl"

    /// The migrations recorded on the server (empty before the first).
    public func appliedMigrations(_ connection: PostgresConnection) throws -> [AppliedMigration] {
        guard
            try connection.row("SELECT to_regclass('lifectl.schema_migrations') IS NOT NULL AS present")?.get(
                "present", as: Bool.self) == true
        else { return [] }
        return try connection.rows(
            "SELECT version, name, sha256, applied_at FROM lifectl.schema_migrations ORDER BY version"
        )
        .map {
            AppliedMigration(
                version: try $0["version"], name: try $0["name"], sha256: try $0["sha256"],
                appliedAt: Timestamp.database(try $0.get("applied_at", as: Date.self)))
        }
    }

    /// The migrations this build knows that the server does not hold yet.
    public func pendingMigrations(_ connection: PostgresConnection) throws -> [Migration] {
        let applied = try appliedMigrations(connection)
        try validate(applied)
        let versions = Set(applied.map(\.version))
        return migrations.filter { !versions.contains($0.version) }
    }

    /// Applies every pending migration; answers those this call applied.
    @discardableResult
    public func migrate(_ connection: PostgresConnection) throws -> [Migration] {
        var applied: [Migration] = []
        for migration in migrations {
            let didApply = try connection.transaction { connection -> Bool in
                try connection.execute("SELECT pg_advisory_xact_lock($1)", [Self.lockKey])
                // The migrator's own bookkeeping; everything else is in Schema/server/.
                try connection.execute(
                    """
                    CREATE SCHEMA IF NOT EXISTS lifectl;
                    CREATE TABLE IF NOT EXISTS lifectl.schema_migrations (
                        version    integer PRIMARY KEY CHECK (version > 0),
                        name       text NOT NULL,
                        sha256     text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
                        applied_at timestamptz NOT NULL DEFAULT now()
                    );
                    REVOKE ALL ON lifectl.schema_migrations FROM PUBLIC;
                    ALTER TABLE lifectl.schema_migrations ENABLE ROW LEVEL SECURITY;
                    """)
                let recorded = try appliedMigrations(connection)
                try validate(recorded)
                guard !recorded.contains(where: { $0.version == migration.version }) else { return false }
                try connection.execute(migration.sql)
                try connection.execute(
                    "INSERT INTO lifectl.schema_migrations (version, name, sha256) VALUES ($1, $2, $3)",
                    [migration.version, migration.name, migration.sha256])
                return true
            }
            if didApply { applied.append(migration) }
        }
        return applied
    }

    /// Throws when this build must not touch the server: a recorded
    /// migration it does not know (a newer build made it) or one whose
    /// checksum differs from this build's file.
    func validate(_ applied: [AppliedMigration]) throws {
        let known = Dictionary(uniqueKeysWithValues: migrations.map { ($0.version, $0) })
        let latestKnown = migrations.last?.identifier ?? "none"
        for record in applied {
            guard let migration = known[record.version] else {
                throw LifeError(
                    kind: .malformedInput, field: "server",
                    message:
                        "the server holds migration \(record.identifier), which this build does not know (its latest is \(latestKnown)), so a newer build made it. Nothing was written",
                    remedy: .newerVersion)
            }
            guard migration.sha256 == record.sha256, migration.name == record.name else {
                throw LifeError.malformed(
                    "the server applied migration \(record.identifier) with checksum \(record.sha256.prefix(12))…, but this build's \(migration.identifier) has checksum \(migration.sha256.prefix(12))…; a migration was edited after it was applied. Nothing was written",
                    field: "server")
            }
        }
    }
}
