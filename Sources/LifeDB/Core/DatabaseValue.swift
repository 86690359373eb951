import Foundation

/// A value as SQLite stores it: one of its five storage classes.
public enum DatabaseValue: Hashable, Sendable, CustomStringConvertible {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob(Data)

    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// A short, SQL-like rendering for debugging. Never used in error messages,
    /// which leave values out (they may be private).
    public var description: String {
        switch self {
        case .null: "NULL"
        case .integer(let v): String(v)
        case .real(let v): String(v)
        case .text(let v): "'" + v.replacingOccurrences(of: "'", with: "''") + "'"
        case .blob(let v): "<\(v.count) bytes>"
        }
    }
}
