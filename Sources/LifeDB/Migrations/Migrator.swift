import CSQLite
import Foundation
import LifeCore

/// Applies migrations in order, each in its own IMMEDIATE transaction, records
/// them in `schema_migrations`, and mirrors the latest version in
/// `PRAGMA user_version` so that `sqlite3` users see it (SPEC CORE-3).
///
/// Before anything is written it checks that the database is one it may
/// touch: every applied migration must be known to this build with the same
/// checksum, and a database with tables must be a lifectl database. A refusal
/// writes nothing.
public struct Migrator: Sendable {
    public let migrations: [Migration]
    /// The steps SQL cannot take, by the version of the migration they
    /// belong to: each runs after its migration's SQL, inside the same
    /// transaction, so a file never holds the one without the other.
    public let steps: [Int: [MigrationStep]]

    /// `migrations` must have distinct versions; they are applied by version.
    /// A step whose version no migration has is never run (a test of the
    /// product registry refuses such a declaration).
    public init(migrations: [Migration], steps: [MigrationStep] = []) {
        self.migrations = migrations.sorted { $0.version < $1.version }
        self.steps = Dictionary(grouping: steps, by: \.version)
    }

    /// A migration the database holds, as recorded.
    public struct AppliedMigration: Sendable, Hashable, Codable {
        public let version: Int
        public let name: String
        public let sha256: String
        public let appliedAt: String

        public init(version: Int, name: String, sha256: String, appliedAt: String) {
            self.version = version
            self.name = name
            self.sha256 = sha256
            self.appliedAt = appliedAt
        }

        /// `0001_core`, as the migration's file is named.
        public var identifier: String { Migration.identifier(version: version, name: name) }
    }

    /// The migrations recorded in the database (empty for a new one).
    public func appliedMigrations(_ db: Database) throws -> [AppliedMigration] {
        guard try hasMigrationsTable(db) else { return [] }
        return try db.fetchAll("SELECT version, name, sha256, applied_at FROM schema_migrations ORDER BY version").map {
            AppliedMigration(
                version: try $0.get(Int.self, "version"), name: try $0.get(String.self, "name"),
                sha256: try $0.get(String.self, "sha256"),
                appliedAt: try $0.get(String.self, "applied_at"))
        }
    }

    /// The migrations this build knows that the database does not hold yet.
    public func pendingMigrations(_ db: Database) throws -> [Migration] {
        pending(given: try appliedMigrations(db))
    }

    private func pending(given applied: [AppliedMigration]) -> [Migration] {
        let versions = Set(applied.map(\.version))
        return migrations.filter { !versions.contains($0.version) }
    }

    /// True when the database holds exactly this build's migrations, in
    /// order, each with its name and checksum: what every command's start-up
    /// finds (PERF-5). One read of `schema_migrations`, its text compared
    /// where SQLite holds it, after `PRAGMA user_version` (the file's header)
    /// names this build's latest version. False says nothing more: the
    /// caller then runs `validate` and `migrate`, which refuse a file this
    /// build must not touch with the reason (an unknown migration, a changed
    /// checksum: CORE-3) or bring it up to date. Reads only.
    public func isCurrent(_ db: Database) throws -> Bool {
        guard let latest = migrations.last, try db.userVersion() == latest.version else { return false }
        var matched = 0
        var differs = false
        do {
            try db.forEachRow("SELECT version, name, sha256 FROM schema_migrations ORDER BY version") { row in
                guard !differs, matched < migrations.count else {
                    differs = true
                    return
                }
                let migration = migrations[matched]
                matched += 1
                let version = try row.column(Int.self, at: 0)
                let name = try row.withUTF8(at: 1) { $0.elementsEqual(migration.name.utf8) }
                let checksum = try row.withUTF8(at: 2) { $0.elementsEqual(migration.sha256.utf8) }
                differs = version != migration.version || !name || !checksum
            }
        } catch let error as DatabaseError
            where error.primaryCode == SQLITE_ERROR || error.primaryCode == SQLITE_MISMATCH
        {
            // No schema_migrations, or one this build did not write: the
            // full check says what the file is.
            return false
        }
        return !differs && matched == migrations.count
    }

    /// Throws when this build must not touch the database. Reads only.
    public func validate(_ db: Database) throws {
        try validate(db, applied: try appliedMigrations(db))
    }

    private func validate(_ db: Database, applied: [AppliedMigration]) throws {
        if applied.isEmpty {
            let objects =
                try db.fetchOne(
                    Int.self, "SELECT count(*) FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%'") ?? 0
            let hasTable = try hasMigrationsTable(db)
            if objects > 0 && !hasTable {
                throw LifeError.malformed(
                    "\(db.path) is a SQLite database but not a lifectl one (it has \(objects) tables or indexes and no schema_migrations); lifectl leaves it untouched"
                )
            }
            return
        }
        let known = Dictionary(uniqueKeysWithValues: migrations.map { ($0.version, $0) })
        let latestKnown = migrations.last.map(\.identifier) ?? "none"
        for record in applied {
            let recordID = record.identifier
            guard let migration = known[record.version] else {
                throw LifeError(
                    kind: .malformedInput, field: nil,
                    message:
                        "\(db.path) holds migration \(recordID), which this build does not know (its latest is \(latestKnown)), so a newer build made it. Nothing was written",
                    remedy: .newerVersion)
            }
            guard migration.sha256 == record.sha256, migration.name == record.name else {
                throw LifeError.malformed(
                    "\(db.path) applied migration \(recordID) with checksum \(record.sha256.prefix(12))…, but this build's \(migration.identifier) has checksum \(migration.sha256.prefix(12))…; a migration was edited after it was applied. Nothing was written"
                )
            }
        }
    }

    /// Applies every pending migration; returns those applied by this call.
    ///
    /// Each migration may rebuild a table (SQLite's "twelve steps": create the
    /// new table, copy the rows, drop the old one, rename the new one), which
    /// a CHECK change needs. So each runs with foreign keys OFF, switched off
    /// outside its transaction (SQLite ignores the pragma inside one), so
    /// that dropping a parent table neither fails nor cascades into its
    /// children; `PRAGMA foreign_key_check` then runs before the commit, and
    /// any violation rolls the migration back with an error naming the rows.
    /// Foreign keys are back ON afterwards, whatever happened.
    ///
    /// Must be called outside any transaction.
    @discardableResult
    public func migrate(_ db: Database, now: Date) throws -> [Migration] {
        let recorded = try appliedMigrations(db)
        try validate(db, applied: recorded)
        var applied: [Migration] = []
        // Only what is pending takes the write lock: an up-to-date database (every
        // command's start-up) is read, never locked, so readers never queue
        // behind a writer here.
        for migration in pending(given: recorded) {
            let didApply = try db.withForeignKeysOff {
                try db.writeTransaction { db in try apply(migration, to: db, now: now) }
            }
            if didApply { applied.append(migration) }
        }
        return applied
    }

    /// Migrates through a queue or pool's writer connection (an app's way:
    /// `docs/lifedb.md`), each migration with its Swift steps in its own
    /// transaction, as `migrate(_:now:)` does.
    @discardableResult
    public func migrate(_ writer: some DatabaseWriter, now: Date) throws -> [Migration] {
        try writer.inDatabase { db in try migrate(db, now: now) }
    }

    /// One migration inside its transaction; false when another process
    /// applied it while this one waited for the lock.
    private func apply(_ migration: Migration, to db: Database, now: Date) throws -> Bool {
        if try hasMigrationsTable(db),
            try db.fetchOne(Int.self, "SELECT 1 FROM schema_migrations WHERE version = ?", [migration.version])
                != nil
        {
            return false
        }
        // The migrator's own bookkeeping; every product table lives in Schema/.
        try db.execute(
            """
            CREATE TABLE IF NOT EXISTS schema_migrations (
                version    INTEGER PRIMARY KEY CHECK (version > 0),
                name       TEXT NOT NULL,
                sha256     TEXT NOT NULL CHECK (length(sha256) = 64),
                applied_at TEXT NOT NULL
            ) STRICT
            """)
        try db.executeScript(migration.sql)
        for step in steps[migration.version] ?? [] {
            try step.run(db, now)
        }
        try db.execute(
            "INSERT INTO schema_migrations (version, name, sha256, applied_at) VALUES (?, ?, ?, ?)",
            [migration.version, migration.name, migration.sha256, now])
        // The latest version applied, whatever order they came in (a file
        // made while two branches each added one applies the lower last).
        let version = max(migration.version, try db.userVersion())
        try db.execute("PRAGMA user_version = \(version)")
        let violations = try db.foreignKeyViolations()
        if !violations.isEmpty {
            throw LifeError.bug(
                "migration \(migration.identifier) would leave \(violations.count) foreign key "
                    + "\(violations.count == 1 ? "violation" : "violations") (\(violations.prefix(3).joined(separator: "; "))); "
                    + "it was rolled back and the database is unchanged")
        }
        return true
    }

    private func hasMigrationsTable(_ db: Database) throws -> Bool {
        try db.fetchOne(Int.self, "SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'schema_migrations'")
            != nil
    }
}
