import Foundation
import LifeCore
import LifeDB
import LifeDBTestSupport
import LifeKernel
import LifeKitTestSupport
import Testing

/// SPEC CORE-1, CORE-2, CORE-3, REL-6: how LifeDatabase opens a file, and
/// which files it refuses without changing a byte.
@Suite struct OpeningTests {
    static let now = Date(timeIntervalSince1970: 1_772_353_815)  // 2026-03-01 08:30:15 UTC

    @Test func pragmasAfterOpen() throws {
        try withTemporaryDirectory { directory in
            let db = try TestDatabase.connection(path: directory + "/life.db", now: Self.now)
            #expect(try db.fetchOne(String.self, "PRAGMA journal_mode") == "wal")
            #expect(try db.fetchOne(Int.self, "PRAGMA foreign_keys") == 1)
            #expect(try db.fetchOne(Int.self, "PRAGMA synchronous") == 1, "NORMAL")
            #expect(try #require(try db.fetchOne(Int.self, "PRAGMA busy_timeout")) >= 5_000)
            #expect(try db.fetchOne(Int.self, "PRAGMA user_version") == LifeDatabase.latestVersion)
        }
    }

    @Test func extendedResultCodesAreOn() throws {
        try withTemporaryDirectory { directory in
            let db = try TestDatabase.connection(path: directory + "/life.db", now: Self.now)
            // owner.units has a CHECK: the extended code, not plain SQLITE_CONSTRAINT (19).
            let error = databaseError {
                try db.execute(
                    "INSERT INTO owner (id, units, created_at, updated_at) VALUES (1, 'furlongs', ?, ?)",
                    [Self.now, Self.now])
            }
            #expect(error?.extendedCode == 275)
        }
    }

    @Test func newFileIsPrivateInAPrivateFolder() throws {
        try withTemporaryDirectory { directory in
            let folder = directory + "/data/lifectl"
            let path = folder + "/life.db"
            let db = try TestDatabase.connection(path: path, now: Self.now)
            // SQLite makes the -wal and -shm files at the first access in WAL mode.
            _ = try db.fetchOne(Int.self, "SELECT count(*) FROM owner")
            #expect(try permissionBits(path) == 0o600)
            #expect(try permissionBits(folder) == 0o700)
            #expect(try permissionBits(directory + "/data") == 0o700)
            // The WAL and shared-memory files hold the same data: private too.
            #expect(try permissionBits(path + "-wal") == 0o600)
            #expect(try permissionBits(path + "-shm") == 0o600)
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
            db.close()
        }
    }

    @Test func modesDoNotDependOnTheUmask() throws {
        try withTemporaryDirectory { directory in
            let previous = umask(0)
            defer { umask(previous) }
            let path = directory + "/open/life.db"
            _ = try TestDatabase.connection(path: path, now: Self.now)
            #expect(try permissionBits(path) == 0o600)
            #expect(try permissionBits(directory + "/open") == 0o700)
        }
    }

    @Test func anExistingFolderKeepsItsMode() throws {
        try withTemporaryDirectory { directory in
            try FileManager.default.createDirectory(
                atPath: directory + "/shared", withIntermediateDirectories: false,
                attributes: [.posixPermissions: 0o755])
            _ = try TestDatabase.connection(path: directory + "/shared/life.db", now: Self.now)
            #expect(try permissionBits(directory + "/shared") == 0o755)
            #expect(try permissionBits(directory + "/shared/life.db") == 0o600)
        }
    }

    @Test func openMigratesAFreshFileAndReopensIt() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/life.db"
            do {
                let db = try TestDatabase.connection(path: path, now: Self.now)
                #expect(
                    try db.fetchOne(Int.self, "SELECT count(*) FROM schema_migrations") == LifeSchema.migrations.count)
            }
            let later = Self.now.addingTimeInterval(86_400)
            let db = try TestDatabase.connection(path: path, now: later)
            let appliedAt = try db.fetchAll("SELECT applied_at FROM schema_migrations").map {
                try $0.get(String.self, at: 0)
            }
            #expect(appliedAt.allSatisfy { $0 == "2026-03-01 08:30:15.000" }, "reopening applies nothing again")
        }
    }

    @Test func missingFileWithoutCreateIsMissingInput() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/absent.db"
            let error = lifeError { _ = try TestDatabase.connection(path: path, now: Self.now, create: false) }
            #expect(error?.kind == .missingInput)
            #expect(!FileManager.default.fileExists(atPath: path))
        }
    }

    // MARK: Refusals that leave the file untouched

    /// Opens `path` with LifeDatabase, expects a malformed-input refusal, and
    /// checks that the folder's files are byte for byte what they were.
    func expectRefusedUntouched(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> LifeError?
    {
        let folder = (path as NSString).deletingLastPathComponent
        let before = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        let bytes = try fileBytes(path)
        let error = lifeError(
            { _ = try TestDatabase.connection(path: path, now: Self.now) }, sourceLocation: sourceLocation)
        #expect(error?.kind == .malformedInput, sourceLocation: sourceLocation)
        #expect(error?.exitCode == 65, sourceLocation: sourceLocation)
        #expect(try fileBytes(path) == bytes, "the refused file changed", sourceLocation: sourceLocation)
        let after = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(after == before, "no -wal, -shm or journal left beside it", sourceLocation: sourceLocation)
        return error
    }

    @Test func aTextFileIsRefusedUntouched() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/notes.txt"
            try Data("Dear diary,\nthis is not a database.\n".utf8).write(to: URL(fileURLWithPath: path))
            let error = try expectRefusedUntouched(path)
            #expect(error?.message.contains("not a SQLite database") == true)
            #expect(error?.message.contains(path) == true)
        }
    }

    @Test func aFileWithTheMagicButGarbageIsRefusedUntouched() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/broken.db"
            var bytes = Data("SQLite format 3\u{0}".utf8)
            bytes.append(Data(repeating: 0xA5, count: 4_080))
            try bytes.write(to: URL(fileURLWithPath: path))
            _ = try expectRefusedUntouched(path)
        }
    }

    @Test func aForeignSQLiteDatabaseIsRefusedUntouched() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/someone-else.db"
            do {
                // A rollback-journal database of another program, closed cleanly.
                let other = try Database(path: path)
                try other.executeScript(
                    "CREATE TABLE recipes (id INTEGER PRIMARY KEY, title TEXT); INSERT INTO recipes VALUES (1, 'soup')")
            }
            let error = try expectRefusedUntouched(path)
            #expect(error?.message.contains("schema_migrations") == true)
            #expect(try rawRows(path: path, "SELECT title FROM recipes") == [[.text("soup")]])
        }
    }

    @Test func aForeignWALDatabaseIsRefusedUntouched() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/someone-else.db"
            do {
                let other = try openWAL(path)
                try other.execute("CREATE TABLE recipes (id INTEGER PRIMARY KEY, title TEXT)")
                try other.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            }
            _ = try expectRefusedUntouched(path)
        }
    }

    @Test func aDatabaseFromANewerBuildIsRefusedUntouched() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/newer.db"
            let future = Migration(
                version: 9_999, name: "from_the_future", sql: "CREATE TABLE future (x);\n",
                sha256: try sha256sum("CREATE TABLE future (x);\n"))
            do {
                let db = try openWAL(path)
                try Migrator(migrations: LifeSchema.migrations + [future]).migrate(db, now: Self.now)
                try db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            }
            let error = try expectRefusedUntouched(path)
            let latest = try #require(LifeSchema.migrations.last).identifier
            #expect(error?.message.contains("9999_from_the_future") == true, "names the unknown migration")
            #expect(error?.message.contains(latest) == true, "names this build's latest")
        }
    }
}
