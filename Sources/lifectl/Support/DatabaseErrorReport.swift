import CSQLite
import LifeCore
import LifeDB

/// SQLite's errors, told in a person's terms with the sysexits status that fits.
struct DatabaseErrorReport: Error {
    let message: String
    let exitCode: Int32

    init?(_ error: any Error) {
        guard let error = error as? DatabaseError else { return nil }
        switch error.primaryCode {
        case SQLITE_BUSY, SQLITE_LOCKED:
            message =
                "the database stayed locked by another process past the busy timeout "
                + "(\(error.message), SQLite code \(error.extendedCode))"
            exitCode = 74
        case SQLITE_NOTADB, SQLITE_CORRUPT:
            message = "the database file is damaged or not a database: \(error.message)"
            exitCode = 65
        case SQLITE_IOERR, SQLITE_FULL, SQLITE_CANTOPEN, SQLITE_READONLY, SQLITE_PERM:
            message = error.message
            exitCode = 74
        case SQLITE_MISMATCH:
            // A stored value that cannot be read as what it should be: the file
            // was changed outside lifectl. The stores name the row when they can.
            message =
                "the database holds a value lifectl cannot read (\(error.message)); `lifectl db check` lists every such row"
            exitCode = 65
        case SQLITE_CONSTRAINT:
            // The stores check every rule first; reaching a CHECK is a missed rule.
            message = "a database rule refused the change (\(error.message)); nothing was saved"
            exitCode = 70
        case SQLITE_ERROR where error.message.hasPrefix("no such table") || error.message.hasPrefix("no such column"):
            // lifectl's SQL names only what its migrations create (a test runs
            // every statement on a new database), so a missing one is the
            // file's schema changed by hand or damaged.
            message =
                "the database's schema is not what lifectl's migrations made (\(error.message)); `lifectl db check` tells more"
            exitCode = 65
        default:
            message = error.description
            exitCode = 70
        }
    }
}
