import Foundation
import LifeCore
import LifeDB
import LifeDBTestSupport
import Testing

/// SPEC CORE-3: migrations apply in order, each in its own transaction, are
/// recorded with their SHA-256 in schema_migrations and mirrored in
/// PRAGMA user_version; a database holding a migration this build does not
/// know, or one that was edited, is refused and not written.
@Suite struct MigratorTests {
    static let firstSQL = """
        -- 0001_alpha
        CREATE TABLE alpha (id INTEGER PRIMARY KEY, name TEXT NOT NULL);

        """
    static let secondSQL = """
        -- 0002_beta: a child of alpha.
        CREATE TABLE beta (id INTEGER PRIMARY KEY, alpha_id INTEGER NOT NULL REFERENCES alpha (id));
        CREATE INDEX beta_by_alpha ON beta (alpha_id);

        """
    static let thirdSQL = """
        CREATE TABLE gamma (x);
        INSERT INTO gamma VALUES ('written by 0003');

        """

    static let firstAt = Date(timeIntervalSince1970: 1_772_353_815)  // 2026-03-01 08:30:15 UTC
    static let secondAt = Date(timeIntervalSince1970: 1_772_353_815 + 7 * 86_400 + 0.5)  // 2026-03-08 08:30:15.500

    let first: Migration
    let second: Migration
    let third: Migration

    init() throws {
        first = Migration(version: 1, name: "alpha", sql: Self.firstSQL, sha256: try sha256sum(Self.firstSQL))
        second = Migration(version: 2, name: "beta", sql: Self.secondSQL, sha256: try sha256sum(Self.secondSQL))
        third = Migration(version: 3, name: "gamma", sql: Self.thirdSQL, sha256: try sha256sum(Self.thirdSQL))
    }

    struct Record: Equatable, CustomStringConvertible {
        let version: Int
        let name: String
        let sha256: String
        let appliedAt: String
        var description: String { "\(version) \(name) \(sha256.prefix(8)) \(appliedAt)" }
    }

    /// schema_migrations as a bare connection reads it.
    func records(_ path: String) throws -> [Record] {
        try rawRows(path: path, "SELECT version, name, sha256, applied_at FROM schema_migrations ORDER BY version").map
        {
            guard case .integer(let version) = $0[0], case .text(let name) = $0[1], case .text(let sum) = $0[2],
                case .text(let at) = $0[3]
            else { throw TestFailure("unexpected row \($0)") }
            return Record(
                version: Int(version), name: String(decoding: name, as: UTF8.self),
                sha256: String(decoding: sum, as: UTF8.self), appliedAt: String(decoding: at, as: UTF8.self))
        }
    }

    func userVersion(_ path: String) throws -> Raw? {
        try rawRows(path: path, "PRAGMA user_version").first?.first
    }

    func tables(_ path: String) throws -> [String] {
        try rawRows(path: path, "SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name").map {
            guard case .text(let name) = $0[0] else { return "?" }
            return String(decoding: name, as: UTF8.self)
        }
    }

    /// Closes nothing: checkpoints so the main file holds everything, then
    /// answers its bytes.
    func checkpointedBytes(_ db: Database) throws -> Data {
        try db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        return try fileBytes(db.path)
    }

    @Test func theSHA256sAreSha256sum() {
        // The oracle agrees with a published test vector, so the rest can trust it.
        #expect(
            (try? sha256sum("abc")) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test func aFreshDatabaseGetsEveryMigration() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/fresh.db"
            let db = try openWAL(path)
            let migrator = Migrator(migrations: [second, first])  // order given does not matter
            #expect(try migrator.pendingMigrations(db).map(\.version) == [1, 2])
            let applied = try migrator.migrate(db, now: Self.firstAt)
            #expect(applied.map(\.version) == [1, 2])
            #expect(
                try records(path) == [
                    Record(version: 1, name: "alpha", sha256: first.sha256, appliedAt: "2026-03-01 08:30:15.000"),
                    Record(version: 2, name: "beta", sha256: second.sha256, appliedAt: "2026-03-01 08:30:15.000"),
                ])
            #expect(try userVersion(path) == .integer(2))
            #expect(try tables(path) == ["alpha", "beta", "schema_migrations"])
            #expect(try migrator.pendingMigrations(db).isEmpty)
            #expect(try migrator.appliedMigrations(db).map(\.sha256) == [first.sha256, second.sha256])
            // A second run applies nothing.
            #expect(try migrator.migrate(db, now: Self.secondAt).isEmpty)
            #expect(try records(path).map(\.appliedAt) == ["2026-03-01 08:30:15.000", "2026-03-01 08:30:15.000"])
        }
    }

    @Test func laterMigrationsApplyIncrementally() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/incremental.db"
            let db = try openWAL(path)
            #expect(try Migrator(migrations: [first]).migrate(db, now: Self.firstAt).map(\.version) == [1])
            #expect(try userVersion(path) == .integer(1))
            #expect(try tables(path) == ["alpha", "schema_migrations"])
            try db.execute("INSERT INTO alpha (id, name) VALUES (1, 'kept')")

            let applied = try Migrator(migrations: [first, second]).migrate(db, now: Self.secondAt)
            #expect(applied.map(\.version) == [2], "only 0002 is new")
            #expect(
                try records(path) == [
                    Record(version: 1, name: "alpha", sha256: first.sha256, appliedAt: "2026-03-01 08:30:15.000"),
                    Record(version: 2, name: "beta", sha256: second.sha256, appliedAt: "2026-03-08 08:30:15.500"),
                ])
            #expect(try userVersion(path) == .integer(2))
            #expect(try rawRows(path: path, "SELECT name FROM alpha") == [[.text("kept")]], "0001 was not re-run")
        }
    }

    @Test func aFailingMigrationLeavesTheEarlierOnesAndNothingOfItself() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/failing.db"
            let db = try openWAL(path)
            let brokenSQL = "CREATE TABLE delta (x);\nINSERT INTO no_such_table VALUES (1);\n"
            let broken = Migration(version: 3, name: "broken", sql: brokenSQL, sha256: try sha256sum(brokenSQL))
            let error = databaseError {
                try Migrator(migrations: [first, second, broken]).migrate(db, now: Self.firstAt)
            }
            #expect(error?.message.contains("no_such_table") == true)
            #expect(try records(path).map(\.version) == [1, 2], "each migration is its own transaction")
            #expect(try userVersion(path) == .integer(2))
            #expect(try tables(path) == ["alpha", "beta", "schema_migrations"], "delta was rolled back")
            #expect(!db.isInsideTransaction)
        }
    }

    /// Migrations run with foreign keys off (so one can rebuild a parent
    /// table), and `foreign_key_check` refuses one that leaves an orphan:
    /// rolled back, named, and foreign keys back on afterwards.
    @Test func aMigrationLeavingAnOrphanIsRolledBack() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/fk.db"
            let db = try openWAL(path)
            let orphanSQL = "INSERT INTO beta (id, alpha_id) VALUES (1, 42);\n"
            let orphan = Migration(version: 3, name: "orphan", sql: orphanSQL, sha256: try sha256sum(orphanSQL))
            let error = lifeError {
                try Migrator(migrations: [first, second, orphan]).migrate(db, now: Self.firstAt)
            }
            #expect(error?.kind == .internalError)
            #expect(error?.message.contains("0003_orphan") == true)
            #expect(error?.message.contains("beta row 1 refers to a missing row of alpha") == true)
            #expect(try records(path).map(\.version) == [1, 2])
            #expect(try count(db, "beta") == 0)
            #expect(try db.fetchOne(Int.self, "PRAGMA foreign_keys") == 1)
        }
    }

    @Test func anUnknownMigrationIsRefusedAndNothingIsWritten() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/newer.db"
            var bytes = Data()
            do {
                let db = try openWAL(path)
                try Migrator(migrations: [first, second]).migrate(db, now: Self.firstAt)
                bytes = try checkpointedBytes(db)
            }
            let db = try openWAL(path)
            let older = Migrator(migrations: [first])
            for attempt in ["validate", "migrate"] {
                let error = lifeError {
                    if attempt == "validate" {
                        try older.validate(db)
                    } else {
                        try older.migrate(db, now: Self.secondAt)
                    }
                }
                #expect(error?.kind == .malformedInput, "\(attempt)")
                let message = error?.message ?? ""
                #expect(message.contains("0002_beta"), "names the migration the build does not know: \(message)")
                #expect(message.contains("0001_alpha"), "names the build's latest: \(message)")
            }
            #expect(try checkpointedBytes(db) == bytes)
            db.close()
            #expect(try fileBytes(path) == bytes, "byte for byte unchanged")
        }
    }

    @Test func anEditedMigrationIsRefusedAndNothingIsWritten() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/edited.db"
            var bytes = Data()
            do {
                let db = try openWAL(path)
                try Migrator(migrations: [first]).migrate(db, now: Self.firstAt)
                bytes = try checkpointedBytes(db)
            }
            let editedSQL = Self.firstSQL.replacingOccurrences(of: "NOT NULL", with: "")
            let edited = Migration(version: 1, name: "alpha", sql: editedSQL, sha256: try sha256sum(editedSQL))
            #expect(edited.sha256 != first.sha256)
            let db = try openWAL(path)
            for migrator in [Migrator(migrations: [edited]), Migrator(migrations: [edited, second])] {
                let error = lifeError { try migrator.migrate(db, now: Self.secondAt) }
                #expect(error?.kind == .malformedInput)
                let message = error?.message ?? ""
                #expect(message.contains("0001_alpha"), "\(message)")
                #expect(message.contains(String(first.sha256.prefix(12))), "the applied checksum: \(message)")
                #expect(message.contains(String(edited.sha256.prefix(12))), "the build's checksum: \(message)")
                #expect(lifeError { try migrator.validate(db) }?.kind == .malformedInput)
            }
            #expect(try checkpointedBytes(db) == bytes)
            db.close()
            #expect(try fileBytes(path) == bytes, "byte for byte unchanged")
            #expect(try tables(path) == ["alpha", "schema_migrations"], "0002 was not applied either")
        }
    }

    @Test func aRenamedMigrationIsRefused() throws {
        try withTemporaryDirectory { directory in
            let db = try openWAL(directory + "/renamed.db")
            try Migrator(migrations: [first]).migrate(db, now: Self.firstAt)
            let renamed = Migration(version: 1, name: "alpha_renamed", sql: first.sql, sha256: first.sha256)
            #expect(lifeError { try Migrator(migrations: [renamed]).validate(db) }?.kind == .malformedInput)
        }
    }

    @Test func aSQLiteFileWithTablesButNoMigrationsIsRefused() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/foreign.db"
            var bytes = Data()
            do {
                let db = try openWAL(path)
                try db.execute("CREATE TABLE contacts (name TEXT)")
                bytes = try checkpointedBytes(db)
            }
            let db = try openWAL(path)
            let error = lifeError { try Migrator(migrations: [first]).migrate(db, now: Self.firstAt) }
            #expect(error?.kind == .malformedInput)
            #expect(error?.message.contains("schema_migrations") == true)
            db.close()
            #expect(try fileBytes(path) == bytes)
        }
    }

    /// PERF-5's start-up check: one read of schema_migrations calls a file
    /// current only when it holds exactly the build's migrations, names and
    /// checksums included; any other file goes through the full check, so
    /// an edited checksum is still refused and nothing is written (CORE-3).
    @Test func onlyAFileHoldingExactlyTheBuildsMigrationsIsCurrent() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/current.db"
            let both = Migrator(migrations: [first, second])
            let zeros = String(repeating: "0", count: 64)
            do {
                let db = try openWAL(path)
                #expect(try !both.isCurrent(db), "an empty file")
                try both.migrate(db, now: Self.firstAt)
                #expect(try both.isCurrent(db))
                #expect(try !Migrator(migrations: [first]).isCurrent(db), "a file newer than the build")
                #expect(try !Migrator(migrations: [first, second, third]).isCurrent(db), "a file older than the build")
                let renamed = Migration(version: 2, name: "beta2", sql: second.sql, sha256: second.sha256)
                #expect(try !Migrator(migrations: [first, renamed]).isCurrent(db), "a renamed migration")
                let editedSQL = Self.secondSQL + "\n"
                let edited = Migration(version: 2, name: "beta", sql: editedSQL, sha256: try sha256sum(editedSQL))
                #expect(try !Migrator(migrations: [first, edited]).isCurrent(db), "an edited migration")
                try db.execute("UPDATE schema_migrations SET sha256 = ? WHERE version = 1", [zeros])
                #expect(try !both.isCurrent(db), "a record whose checksum is not the build's")
            }
            let error = lifeError { _ = try DatabaseFile.open(path: path, migrator: both, now: Self.secondAt) }
            #expect(error?.kind == .malformedInput)
            #expect(error?.message.contains("0001_alpha") == true, "\(error?.message ?? "")")
            #expect(try records(path).map(\.sha256) == [zeros, second.sha256], "nothing was written")

            let foreign = try openWAL(directory + "/foreign.db")
            try foreign.execute("CREATE TABLE contacts (name TEXT)")
            try foreign.execute("PRAGMA user_version = 2")
            #expect(try !both.isCurrent(foreign), "the build's version but no schema_migrations")
        }
    }

    @Test func identifiersArePaddedToFourDigits() {
        #expect(first.identifier == "0001_alpha")
        #expect(Migration(version: 12, name: "x", sql: "", sha256: "").identifier == "0012_x")
        #expect(Migration(version: 12_345, name: "y", sql: "", sha256: "").identifier == "12345_y")
    }
}
