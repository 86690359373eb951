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

    public var description: String {
        var text = "SQLite error \(extendedCode): \(message)"
        if let sql { text += " — while executing `\(sql)`" }
        return text
    }

    public var isConstraintViolation: Bool { primaryCode == SQLITE_CONSTRAINT }
    public var isBusy: Bool { primaryCode == SQLITE_BUSY || primaryCode == SQLITE_LOCKED }
    public var isNotADatabase: Bool { primaryCode == SQLITE_NOTADB || primaryCode == SQLITE_CORRUPT }
}
