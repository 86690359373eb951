import CSQLite

/// A failure reported by SQLite: the extended result code, SQLite's own
/// message, and the SQL that failed.
///
/// Bound arguments are deliberately absent: they may be private (a Hereafter
/// note, an email), and an error description ends up in logs and terminals.
public struct DatabaseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The extended result code (`SQLITE_CONSTRAINT_CHECK` = 275, …).
    public let extendedCode: Int32
    public let message: String
    public let sql: String?

    public init(extendedCode: Int32, message: String? = nil, sql: String? = nil) {
        self.extendedCode = extendedCode
        self.message = message ?? String(cString: sqlite3_errstr(extendedCode))
        self.sql = sql
    }

    /// The primary result code (`SQLITE_CONSTRAINT` = 19, …).
    public var primaryCode: Int32 { extendedCode & 0xFF }

    /// The primary result code as a value a caller can switch over without
    /// importing SQLite's C headers.
    public var resultCode: ResultCode { ResultCode(rawValue: primaryCode) }

    public var description: String {
        var text = "SQLite error \(extendedCode): \(message)"
        if let sql { text += " — while executing `\(sql)`" }
        return text
    }

    public var isConstraintViolation: Bool { primaryCode == SQLITE_CONSTRAINT }
    public var isBusy: Bool { primaryCode == SQLITE_BUSY || primaryCode == SQLITE_LOCKED }
    public var isNotADatabase: Bool { primaryCode == SQLITE_NOTADB || primaryCode == SQLITE_CORRUPT }
    /// True when the statement was stopped by `cancel()`, `interrupt()` or the
    /// cancellation of the task that waited for it.
    public var isInterrupted: Bool { primaryCode == SQLITE_INTERRUPT }
    /// True when the connection was closed before the call.
    public var isClosed: Bool { extendedCode == DatabaseError.closedCode }

    /// Which rule of the table refused a change, from the extended result
    /// code (never from SQLite's English message); nil for other failures.
    public var constraint: Constraint? {
        guard primaryCode == SQLITE_CONSTRAINT else { return nil }
        // sqlite3.h defines the extended codes as macros Swift does not
        // import: SQLITE_CONSTRAINT | (n << 8).
        switch extendedCode >> 8 {
        case 1: return .check
        case 3: return .foreignKey
        case 5: return .notNull
        case 6: return .primaryKey
        case 7: return .trigger
        case 8: return .unique
        case 12: return .datatype
        default: return .other
        }
    }

    /// The kinds of constraint SQLite tells apart by extended result code.
    public enum Constraint: Sendable, Hashable {
        /// A CHECK constraint.
        case check
        case notNull
        /// A UNIQUE constraint or unique index.
        case unique
        case primaryKey
        case foreignKey
        /// A trigger's `RAISE(ABORT, …)`, whose message is written for people.
        case trigger
        /// A value of the wrong type for a STRICT table's column.
        case datatype
        case other
    }

    // MARK: LifeDB's own failures

    /// An extended code of LifeDB's own under SQLITE_MISUSE, which SQLite
    /// does not refine: a call on a closed connection.
    static let closedCode: Int32 = SQLITE_MISUSE | (0x4C << 8)

    /// A call on a closed connection or on one of its finalized statements.
    static func closed(path: String, sql: String? = nil) -> DatabaseError {
        DatabaseError(
            extendedCode: closedCode, message: "the database connection is closed (\(path))", sql: sql)
    }

    /// A statement stopped by an interrupt: a cancellation, not a fault.
    static func interrupted(sql: String?) -> DatabaseError {
        DatabaseError(
            extendedCode: SQLITE_INTERRUPT,
            message: "the query was cancelled before it finished; nothing of it was saved",
            sql: sql)
    }

    /// SQLite left a transaction on its own (SQLITE_FULL, an interrupt, a
    /// `ROLLBACK` in the body) while the caller's transaction was still open.
    static func transactionAborted(sql: String?) -> DatabaseError {
        DatabaseError(
            extendedCode: SQLITE_ABORT,
            message: "the transaction was rolled back by SQLite before it could commit; none of its changes were saved",
            sql: sql)
    }
}

/// SQLite's primary result codes that callers tell apart, so that a front end
/// (the CLI) can map them to exit statuses without importing CSQLite.
public struct ResultCode: RawRepresentable, Hashable, Sendable {
    public let rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }

    public static let error = ResultCode(rawValue: SQLITE_ERROR)
    public static let permission = ResultCode(rawValue: SQLITE_PERM)
    public static let abort = ResultCode(rawValue: SQLITE_ABORT)
    public static let busy = ResultCode(rawValue: SQLITE_BUSY)
    public static let locked = ResultCode(rawValue: SQLITE_LOCKED)
    public static let readOnly = ResultCode(rawValue: SQLITE_READONLY)
    public static let interrupt = ResultCode(rawValue: SQLITE_INTERRUPT)
    public static let ioError = ResultCode(rawValue: SQLITE_IOERR)
    public static let corrupt = ResultCode(rawValue: SQLITE_CORRUPT)
    public static let full = ResultCode(rawValue: SQLITE_FULL)
    public static let cannotOpen = ResultCode(rawValue: SQLITE_CANTOPEN)
    public static let constraint = ResultCode(rawValue: SQLITE_CONSTRAINT)
    public static let mismatch = ResultCode(rawValue: SQLITE_MISMATCH)
    public static let misuse = ResultCode(rawValue: SQLITE_MISUSE)
    public static let range = ResultCode(rawValue: SQLITE_RANGE)
    public static let notADatabase = ResultCode(rawValue: SQLITE_NOTADB)
}
