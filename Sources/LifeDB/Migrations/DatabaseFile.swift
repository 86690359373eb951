import CSQLite
import Foundation
import LifeCore

/// Opens a database file that a `Migrator` keeps: creates it private (0600,
/// in a 0700 folder) when missing, refuses a file that is not SQLite or holds
/// a schema this build does not know without changing a byte of it, then
/// migrates forward and switches to WAL (SPEC CORE-1, CORE-2, CORE-3).
///
/// Generic: it knows no table. The kernel's `LifeDatabase` gives it the
/// embedded migrations and the products' Swift steps.
public enum DatabaseFile {
    /// What `open` did besides opening.
    public struct Opened: Sendable {
        /// The connection, for every store of a command (or a test) to share.
        public let queue: DatabaseQueue
        /// True when the file did not exist and was created.
        public let created: Bool
        /// The migrations this open applied (all of them for a new file).
        public let applied: [Migration]

        public init(queue: DatabaseQueue, created: Bool, applied: [Migration]) {
            self.queue = queue
            self.created = created
            self.applied = applied
        }
    }

    /// Opens (creating if needed) and migrates the database at `path`,
    /// reporting whether the file was created and which migrations ran.
    /// `":memory:"` opens a private in-memory database, migrated: no file,
    /// for tests and previews that run anywhere.
    public static func open(path: String, migrator: Migrator, now: Date, create: Bool = true) throws -> Opened {
        let (db, created, applied) = try openConnection(path: path, migrator: migrator, now: now, create: create)
        return Opened(queue: DatabaseQueue(db), created: created, applied: applied)
    }

    /// `open`, answering the connection itself: for a caller that keeps it
    /// on one thread (a benchmark, a test of the connection), or hands it
    /// to a queue of its own.
    public static func openConnection(path: String, migrator: Migrator, now: Date, create: Bool = true) throws -> (
        db: Database, created: Bool, applied: [Migration]
    ) {
        if path == ":memory:" {
            let db = try Database(path: ":memory:")
            return (db, true, try migrator.migrate(db, now: now))
        }
        let exists = FileManager.default.fileExists(atPath: path)
        if exists {
            try checkHeader(path: path)
        } else if create {
            do {
                try FilePermissions.createPrivateFile(atPath: path)
            } catch let error as DatabaseError {
                throw LifeError.io(error.message)
            }
        } else {
            throw LifeError(kind: .missingInput, field: "database", message: "no database at \(path)")
        }
        let db: Database
        let current: Bool
        do {
            db = try Database(path: path, options: Database.OpenOptions(create: false))
            // A file this build made and left current (every command's
            // start-up) is checked in one read; any other is validated in full.
            current = try migrator.isCurrent(db)
            if !current { try migrator.validate(db) }
        } catch let error as DatabaseError where error.isNotADatabase {
            throw notSQLite(path)
        }
        // Migrations run before the switch to WAL, which rewrites the header:
        // a migration that cannot apply rolls back and leaves the file
        // byte-identical ("Nothing was written" is then true). A file created
        // just now holds nothing to keep byte-identical: it switches first,
        // so its migrations commit to the WAL without syncing each one (in
        // the rollback journal every one synced three times: 80 fdatasyncs,
        // most of a new database's time on a busy disk; PERF-2).
        if !exists { try db.configureJournal() }
        let applied: [Migration]
        do {
            applied = current ? [] : try migrator.migrate(db, now: now)
        } catch let error as DatabaseError where error.primaryCode == SQLITE_ERROR {
            // A migration that cannot apply to a file its schema_migrations
            // says lacks it (a table it creates already exists, a dropped one
            // it alters): the file disagrees with its own record. I/O and
            // lock failures keep their own codes.
            throw LifeError(
                kind: .malformedInput,
                message:
                    "\(path) could not be brought up to date: \(error.message); its schema disagrees with its record of migrations. Nothing was written",
                remedy: .schemaCheck)
        }
        if exists { try db.configureJournal() }
        return (db, !exists, applied)
    }

    /// A database opened only to be read (`lifectl db status|check|schema|backup`).
    /// Not Sendable: the connection is for the thread that opened it.
    public struct ReadOnly {
        public let db: Database
        /// The migrations this build knows that the file does not hold yet:
        /// reported, never applied.
        public let pending: [Migration]
        /// The file's journal mode: `PRAGMA journal_mode`, or for a file read
        /// as immutable (which answers "delete" whatever the file is) the
        /// mode its header records (bytes 18 and 19 are 2 in WAL mode).
        public let journalMode: String
    }

    /// Opens an existing database read-only: it checks, as `open` does, that
    /// the file is SQLite and (unless `validating` is false: the doctor runs
    /// that check itself, to report it) holds only migrations this build
    /// knows, but it never creates, migrates, backfills or switches the
    /// journal, so the file's bytes stay as they were and a file in a folder
    /// the user cannot write can be read (SPEC CORE-11).
    public static func openReadOnly(path: String, migrator: Migrator, validating: Bool = true) throws -> ReadOnly {
        guard FileManager.default.fileExists(atPath: path) else {
            throw LifeError(kind: .missingInput, field: "database", message: "no database at \(path)")
        }
        try checkHeader(path: path)
        // Past the magic string, a file SQLite cannot read (SQLITE_NOTADB,
        // SQLITE_CORRUPT) is a damaged database, and is reported as one, so
        // that `db check` can say so in its own report.
        do {
            return try readOnly(path, migrator: migrator, validating: validating)
        } catch let error as DatabaseError
            where (error.primaryCode == SQLITE_READONLY || error.primaryCode == SQLITE_CANTOPEN) && walIsEmpty(path)
        {
            // A WAL file in a folder this user cannot write: SQLite cannot
            // create the -shm index it reads through. With no -wal (or an
            // empty one) every committed change is in the main file, so it
            // may be read as immutable. `USE_URI` is on in Debian's SQLite.
            return try readOnly(immutableURI(path), migrator: migrator, validating: validating, headerOf: path)
        }
    }

    private static func readOnly(_ path: String, migrator: Migrator, validating: Bool, headerOf file: String? = nil)
        throws -> ReadOnly
    {
        let db = try Database(path: path, options: Database.OpenOptions(readOnly: true, create: false))
        if validating { try migrator.validate(db) }
        var mode = try db.journalMode()
        if let file, let handle = FileHandle(forReadingAtPath: file) {
            defer { try? handle.close() }
            let header = [UInt8]((try? handle.read(upToCount: 20)) ?? Data())
            if header.count == 20 { mode = header[18] == 2 && header[19] == 2 ? "wal" : "delete" }
        }
        return ReadOnly(db: db, pending: try migrator.pendingMigrations(db), journalMode: mode)
    }

    private static func walIsEmpty(_ path: String) -> Bool {
        let size = (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? nil
        return (size ?? 0) == 0
    }

    /// `file:PATH?immutable=1`, with the characters a URI gives meaning to escaped.
    static func immutableURI(_ path: String) -> String {
        var escaped = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "%"), UInt8(ascii: "?"), UInt8(ascii: "#"), 0..<0x21, 0x7F...0xFF:
                escaped += String(format: "%%%02X", byte)
            default:
                escaped += String(UnicodeScalar(byte))
            }
        }
        // "file://" would start an authority: a path given as "//x" is "/x".
        while escaped.hasPrefix("//") { escaped.removeFirst() }
        return "file:" + escaped + "?immutable=1"
    }

    /// A non-empty file must start with SQLite's 16-byte magic string. Reading
    /// the header ourselves guarantees the refusal touches nothing.
    static func checkHeader(path: String) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw LifeError.io("\(path) is a folder, not a database file")
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw LifeError.io("cannot read \(path): permission denied")
        }
        defer { try? handle.close() }
        let header = (try? handle.read(upToCount: 16)) ?? Data()
        if header.isEmpty { return }  // an empty file is an empty database
        if header != Data("SQLite format 3\0".utf8) {
            throw notSQLite(path)
        }
    }

    static func notSQLite(_ path: String) -> LifeError {
        LifeError.malformed("\(path) is not a SQLite database; lifectl leaves it untouched", field: "database")
    }
}
