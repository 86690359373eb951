import Foundation
import LifeCore
import LifeDB

/// What a front end shows of the file itself (`lifectl db status|schema|
/// backup|init|migrate`), each on a connection of its own: the inspections
/// open read-only, never creating, migrating or switching the journal
/// (SPEC CORE-11).
extension LifeDatabase {
    /// A migration the file holds, as recorded in `schema_migrations`.
    public typealias AppliedMigration = Migrator.AppliedMigration

    /// The file as `db status` tells it.
    public struct Status: Sendable {
        /// The database and its `-wal` file, in bytes.
        public let sizeBytes: Int
        /// `PRAGMA user_version`: the latest migration applied.
        public let schemaVersion: Int
        /// The latest migration this build knows.
        public let latestKnownVersion: Int
        public let journalMode: String
        public let sqliteVersion: String
        public let migrations: [AppliedMigration]
        /// The migrations this build would apply: reported, never applied here.
        public let pending: [(version: Int, identifier: String)]
        /// The rows a person saved, by product (`RowCounts`).
        public let rowsByProduct: [String: Int]
    }

    /// The status of the database at `path` (a missing file is an error, exit 66).
    public static func status(path: String, registry: ProductRegistry) throws -> Status {
        let opened = try openReadOnly(path: path, registry: registry)
        defer { opened.db.close() }
        let db = opened.db
        var size = 0
        for suffix in ["", "-wal"] {
            size += (try? FileManager.default.attributesOfItem(atPath: path + suffix)[.size] as? Int) ?? 0
        }
        return Status(
            sizeBytes: size, schemaVersion: try db.userVersion(), latestKnownVersion: latestVersion,
            journalMode: opened.journalMode, sqliteVersion: Database.sqliteVersion,
            migrations: try registry.migrator.appliedMigrations(db),
            pending: opened.pending.map { ($0.version, $0.identifier) },
            rowsByProduct: try RowCounts.byProduct(db, registry: registry))
    }

    /// Every table, index, view and trigger of the database at `path`, in
    /// the order SQLite keeps them, as SQL.
    public static func schema(path: String, registry: ProductRegistry) throws -> [Database.SchemaObject] {
        let opened = try openReadOnly(path: path, registry: registry)
        defer { opened.db.close() }
        return try opened.db.schemaObjects()
    }

    /// Refuses, as opening to read does, a missing file, one that is not
    /// SQLite or one holding migrations this build does not know.
    public static func checkReadable(path: String, registry: ProductRegistry) throws {
        try openReadOnly(path: path, registry: registry).db.close()
    }

    /// Copies the database at `path` to the new file `destination` (0600,
    /// never over an existing file) with SQLite's online backup API: one
    /// consistent snapshot, even while others write. A full disk or a
    /// failed write is an I/O error naming the copy as `shownAs`.
    public static func backup(path: String, registry: ProductRegistry, to destination: String, shownAs: String)
        throws
    {
        let opened = try openReadOnly(path: path, registry: registry)
        defer { opened.db.close() }
        do {
            try opened.db.backup(to: destination)
        } catch let error as DatabaseError where error.resultCode == .full || error.resultCode == .ioError {
            throw LifeError.io("cannot write \(shownAs): \(error.message)")
        }
    }

    /// What opening with migrations did (`db init`, `db migrate`).
    public struct MigrationOutcome: Sendable {
        /// True when the file did not exist and was created.
        public let created: Bool
        /// The migrations applied now, as `NNNN_name`.
        public let applied: [String]
        /// The schema version the file is at now.
        public let schemaVersion: Int
    }

    /// Opens the database at `path` (creating it when `create`), applies
    /// the migrations it lacks, and says what it did.
    public static func migrate(path: String, now: Date, create: Bool, registry: ProductRegistry) throws
        -> MigrationOutcome
    {
        let opened = try openReporting(path: path, now: now, create: create, registry: registry)
        return MigrationOutcome(
            created: opened.created, applied: opened.applied.map(\.identifier),
            schemaVersion: try opened.queue.read { try $0.userVersion() })
    }
}
