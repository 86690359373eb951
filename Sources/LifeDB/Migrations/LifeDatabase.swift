import Foundation
import LifeCore

/// Opens the one lifectl database file: creates it private (0600, in a 0700
/// folder) when missing, refuses a file that is not SQLite or holds a schema
/// this build does not know without changing a byte of it, then switches to
/// WAL and migrates forward (SPEC CORE-1, CORE-2, CORE-3).
public enum LifeDatabase {
    /// The migrations this build embeds, from `Schema/`.
    public static let migrator = Migrator(migrations: LifeSchema.migrations)

    /// The latest schema version this build knows.
    public static var latestVersion: Int { migrator.migrations.last?.version ?? 0 }

    /// What `openReporting` did besides opening.
    public struct Opened {
        public let db: Database
        /// True when the file did not exist and was created.
        public let created: Bool
        /// The migrations this open applied (all of them for a new file).
        public let applied: [Migration]
    }

    /// Opens (creating if needed) and migrates the database at `path`.
    public static func open(path: String, now: Date, create: Bool = true) throws -> Database {
        try openReporting(path: path, now: now, create: create).db
    }

    /// `open`, reporting whether the file was created and which migrations ran.
    public static func openReporting(path: String, now: Date, create: Bool = true) throws -> Opened {
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
            throw LifeError(kind: .missingInput, field: "--db", message: "no database at \(path)")
        }
        let db: Database
        do {
            db = try Database(path: path, options: Database.OpenOptions(create: false))
            try migrator.validate(db)
        } catch let error as DatabaseError where error.isNotADatabase {
            throw notSQLite(path)
        }
        try db.configureJournal()
        let applied = try migrator.migrate(db, now: now)
        return Opened(db: db, created: !exists, applied: applied)
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
        LifeError.malformed("\(path) is not a SQLite database; lifectl leaves it untouched", field: "--db")
    }
}
