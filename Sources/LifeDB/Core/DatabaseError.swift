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
    public var isClosed: Bool { extendedCode == SQLITE_MISUSE && message.hasPrefix(DatabaseError.closedMessage) }

    // MARK: LifeDB's own failures

    static let closedMessage = "the database connection is closed"

    /// A call on a closed connection or on one of its finalized statements.
    static func closed(path: String, sql: String? = nil) -> DatabaseError {
        DatabaseError(extendedCode: SQLITE_MISUSE, message: "\(closedMessage) (\(path))", sql: sql)
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
