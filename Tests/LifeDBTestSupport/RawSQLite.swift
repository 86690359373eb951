import CSQLite
import Foundation

/// A value as a separate, bare C-API connection sees it: the oracle the tests
/// compare LifeDB with, sharing no code with LifeDB's own decoding.
public enum Raw: Equatable, CustomStringConvertible {
    case null
    case integer(Int64)
    case real(Double)
    case text([UInt8])
    case blob([UInt8])

    public static func text(_ string: String) -> Raw { .text(Array(string.utf8)) }

    /// Reals compare by bit pattern, so that -0.0 is not 0.0.
    public static func == (lhs: Raw, rhs: Raw) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.integer(let a), .integer(let b)): a == b
        case (.real(let a), .real(let b)): a.bitPattern == b.bitPattern
        case (.text(let a), .text(let b)): a == b
        case (.blob(let a), .blob(let b)): a == b
        default: false
        }
    }

    public var description: String {
        switch self {
        case .null: "NULL"
        case .integer(let v): "integer \(v)"
        case .real(let v): "real \(v) (bits \(String(v.bitPattern, radix: 16)))"
        case .text(let v): "text \(String(decoding: v, as: UTF8.self).debugDescription) (\(v.count) bytes)"
        case .blob(let v): "blob of \(v.count) bytes"
        }
    }
}

/// Every row of `sql` read on a new read-only connection to `path`, opened
/// and closed with the bare C API.
public func rawRows(path: String, _ sql: String) throws -> [[Raw]] {
    var handle: OpaquePointer?
    guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READONLY, nil) == SQLITE_OK, let handle else {
        sqlite3_close_v2(handle)
        throw TestFailure("raw open of \(path) failed")
    }
    defer { sqlite3_close_v2(handle) }
    var statement: OpaquePointer?
    guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
        throw TestFailure("raw prepare failed: \(String(cString: sqlite3_errmsg(handle)))")
    }
    defer { sqlite3_finalize(statement) }
    var rows: [[Raw]] = []
    while true {
        let code = sqlite3_step(statement)
        if code == SQLITE_DONE { break }
        guard code == SQLITE_ROW else {
            throw TestFailure("raw step failed: \(String(cString: sqlite3_errmsg(handle)))")
        }
        var row: [Raw] = []
        for column in 0..<sqlite3_column_count(statement) {
            switch sqlite3_column_type(statement, column) {
            case SQLITE_INTEGER: row.append(.integer(sqlite3_column_int64(statement, column)))
            case SQLITE_FLOAT: row.append(.real(sqlite3_column_double(statement, column)))
            case SQLITE_TEXT:
                let text = sqlite3_column_text(statement, column)
                let count = Int(sqlite3_column_bytes(statement, column))
                row.append(.text(text.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []))
            case SQLITE_BLOB:
                let blob = sqlite3_column_blob(statement, column)
                let count = Int(sqlite3_column_bytes(statement, column))
                let bytes = blob.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
                row.append(.blob(bytes))
            default: row.append(.null)
            }
        }
        rows.append(row)
    }
    return rows
}
