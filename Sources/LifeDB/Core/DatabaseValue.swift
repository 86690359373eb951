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

extension DatabaseValue {
    /// SQLite's own order of values (NULL, then numbers, then text, then
    /// blobs; numbers by value, text by bytes, as the BINARY collation), for
    /// a merge that keeps the earliest or the latest of two.
    public static func compare(_ a: DatabaseValue, _ b: DatabaseValue) -> ComparisonResult {
        func rank(_ value: DatabaseValue) -> Int {
            switch value {
            case .null: 0
            case .integer, .real: 1
            case .text: 2
            case .blob: 3
            }
        }
        func order<T: Comparable>(_ x: T, _ y: T) -> ComparisonResult {
            x < y ? .orderedAscending : x > y ? .orderedDescending : .orderedSame
        }
        func bytes<S: Sequence>(_ x: S, _ y: S) -> ComparisonResult where S.Element == UInt8 {
            if x.elementsEqual(y) { return .orderedSame }
            return x.lexicographicallyPrecedes(y) ? .orderedAscending : .orderedDescending
        }
        switch (a, b) {
        case (.integer(let x), .integer(let y)): return order(x, y)
        case (.integer(let x), .real(let y)): return order(Double(x), y)
        case (.real(let x), .integer(let y)): return order(x, Double(y))
        case (.real(let x), .real(let y)): return order(x, y)
        case (.text(let x), .text(let y)): return bytes(x.utf8, y.utf8)
        case (.blob(let x), .blob(let y)): return bytes(x, y)
        default: return order(rank(a), rank(b))
        }
    }
}
