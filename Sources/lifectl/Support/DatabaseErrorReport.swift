import Foundation
import LifeCore
import LifeDB
import LifeKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// SQLite's errors, told in a person's terms with the sysexits status that fits.
struct DatabaseErrorReport: Error {
    let message: String
    let exitCode: Int32

    init?(_ error: any Error) {
        guard let error = error as? DatabaseError else { return nil }
        switch error.resultCode {
        case .busy, .locked:
            message =
                "the database stayed locked by another process past the busy timeout "
                + "(\(error.message), SQLite code \(error.extendedCode))"
            exitCode = 74
        case .notADatabase, .corrupt:
            message = "the database file is damaged or not a database: \(error.message)"
            exitCode = 65
        case .ioError, .full, .cannotOpen, .readOnly, .permission:
            message = error.message + Self.whyTheFileCannotBeUsed()
            exitCode = 74
        case .mismatch:
            // A stored value that cannot be read as what it should be: the file
            // was changed outside lifectl. The stores name the row when they can.
            message =
                "the database holds a value lifectl cannot read (\(error.message)); `lifectl db check` lists every such row"
            exitCode = 65
        case .constraint:
            // The stores check every rule first; reaching a CHECK is a missed rule.
            message = "a database rule refused the change (\(error.message)); nothing was saved"
            exitCode = 70
        case .error where Self.schemaDiffersFromTheMigrations():
            // lifectl's SQL names only what its migrations create (a test runs
            // every statement on a new database): a statement SQLite could not
            // prepare on a file whose schema is not the migrations' is the
            // file's schema changed by hand or damaged, told by comparing the
            // schema (as `db check` does), not by SQLite's English words.
            message =
                "the database's schema is not what lifectl's migrations made (\(error.message)); `lifectl db check` tells more"
            exitCode = 65
        default:
            message = error.description
            exitCode = 70
        }
    }

    /// True when the database in use holds a schema other than the one its
    /// recorded migrations make (a table or column dropped or changed by hand).
    static func schemaDiffersFromTheMigrations() -> Bool {
        guard let path = OutputFile.databaseInUse,
            let opened = try? LifeDatabase.openReadOnly(path: path, registry: LifeKit.registry, validating: false),
            let applied = try? LifeKit.registry.migrator.appliedMigrations(opened.db)
        else { return false }
        defer { opened.db.close() }
        return !((try? DBCheck.schemaProblems(opened.db, applied: applied)) ?? []).isEmpty
    }

    /// What SQLite's "unable to open database file" or "attempt to write a
    /// readonly database" leaves unsaid: which file, and the likely reason.
    /// In WAL mode SQLite needs the `-wal` and `-shm` files beside the
    /// database, as files, in a folder it can write, even to read.
    static func whyTheFileCannotBeUsed() -> String {
        guard let path = OutputFile.databaseInUse else { return "" }
        let shown = TerminalText.echoed(path)
        for suffix in ["-wal", "-shm"] {
            var info = stat()
            if lstat(path + suffix, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
                return " (\(shown)\(suffix) is not a regular file; SQLite keeps its \(suffix) file there)"
            }
        }
        let folder = (path as NSString).deletingLastPathComponent
        if access(folder.isEmpty ? "." : folder, W_OK) != 0 {
            return
                " (the database is \(shown), and its folder cannot be written: SQLite makes its -wal and -shm files there)"
        }
        if access(path, W_OK) != 0 {
            return " (the database \(shown) cannot be written)"
        }
        return " (the database is \(shown))"
    }
}
