import Foundation
import LifeCore

/// What PostgreSQL refused, with its SQLSTATE (an open set of five-character
/// codes, as postgres-nio's `PSQLError` keeps them) and the statement.
public struct PostgresError: Error, CustomStringConvertible, Sendable {
    public let sqlState: String
    public let message: String
    public let detail: String?
    public let hint: String?
    /// The statement that failed; its bound values are never kept (they may be private).
    public let sql: String

    public init(sqlState: String, message: String, detail: String?, hint: String?, sql: String) {
        self.sqlState = sqlState
        self.message = message
        self.detail = detail
        self.hint = hint
        self.sql = sql
    }

    /// The server could not be reached or the connection was lost.
    static func connection(message: String, url: String) -> PostgresError {
        PostgresError(
            sqlState: "08006",
            message: "cannot reach the server at \(TerminalText.echoed(url, limit: 200)): \(message)",
            detail: nil, hint: nil,
            sql: "")
    }

    public var description: String { message + (detail.map { " (\($0))" } ?? "") }

    /// Class 08: the connection failed.
    public var isConnectionFailure: Bool { sqlState.hasPrefix("08") }
    /// 23505: a unique key (a username taken, a follow made twice).
    public var isUniqueViolation: Bool { sqlState == "23505" }
    /// 23514: a CHECK, or one of the schema's triggers enforcing a rule.
    public var isCheckViolation: Bool { sqlState == "23514" }
    /// 42501: a privilege or a row-level security policy refused it.
    public var isPermissionDenied: Bool { sqlState == "42501" }
    /// Class 23: any integrity rule.
    public var isConstraintViolation: Bool { sqlState.hasPrefix("23") }

    /// As a `LifeError` for the command line: a rule the server refused is
    /// bad input (64), a lost connection I/O (74), anything else a bug (70).
    public var lifeError: LifeError {
        if isConnectionFailure { return LifeError.io(message) }
        if isConstraintViolation || isPermissionDenied {
            return LifeError(kind: .invalidValue, field: "server", message: "the server refused it: \(message)")
        }
        return LifeError.bug("the server failed (SQLSTATE \(sqlState)): \(description)")
    }
}
