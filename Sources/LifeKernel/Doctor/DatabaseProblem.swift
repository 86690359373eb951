import Foundation
import LifeCore
import LifeDB

/// SQLite's errors, told in a person's terms as the `LifeError` whose kind
/// fits (its exit status in the CLI: SPEC CORE-7), so that a front end never
/// classifies SQLite's result codes itself.
public enum DatabaseProblem {
    /// The `LifeError` an error from SQLite stands for, or nil when `error`
    /// is not SQLite's. `databasePath` is the database the failing work
    /// used, when known: it names the file in the message, and a statement
    /// that could not be prepared is judged against that file's record of
    /// migrations (a schema changed by hand is the file's fault, not a bug).
    public static func explain(_ error: any Error, databasePath: String?, registry: ProductRegistry) -> LifeError? {
        guard let error = error as? DatabaseError else { return nil }
        switch error.resultCode {
        case .busy, .locked:
            return LifeError(
                kind: .io,
                message: "the database stayed locked by another process past the busy timeout "
                    + "(\(error.message), SQLite code \(error.extendedCode))")
        case .notADatabase, .corrupt:
            return LifeError(
                kind: .malformedInput, message: "the database file is damaged or not a database: \(error.message)")
        case .ioError, .full, .cannotOpen, .readOnly, .permission:
            return LifeError(kind: .io, message: error.message + whyTheFileCannotBeUsed(databasePath))
        case .mismatch:
            // A stored value that cannot be read as what it should be: the
            // file was changed outside lifectl. The stores name the row when
            // they can.
            return LifeError(
                kind: .malformedInput, message: "the database holds a value lifectl cannot read: \(error.message)",
                remedy: .databaseCheck)
        case .constraint:
            // The stores check every rule first; reaching a CHECK is a missed rule.
            return LifeError(
                kind: .internalError,
                message: "a database rule refused the change (\(error.message)); nothing was saved")
        case .error
        where databasePath.map { Doctor.schemaDiffersFromTheMigrations(path: $0, registry: registry) } == true:
            // The engine's SQL names only what its migrations create (a test
            // runs every statement on a new database): a statement SQLite
            // could not prepare on a file whose schema is not the migrations'
            // is the file's schema changed by hand or damaged, told by
            // comparing the schema (as the doctor does), not by SQLite's words.
            return LifeError(
                kind: .malformedInput,
                message: "the database's schema is not what lifectl's migrations made (\(error.message))",
                remedy: .schemaCheck)
        default:
            return LifeError(kind: .internalError, message: error.description)
        }
    }

    /// What SQLite's "unable to open database file" or "attempt to write a
    /// readonly database" leaves unsaid: which file, and the likely reason.
    /// In WAL mode SQLite needs the `-wal` and `-shm` files beside the
    /// database, as files, in a folder it can write, even to read.
    static func whyTheFileCannotBeUsed(_ path: String?) -> String {
        guard let path else { return "" }
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
