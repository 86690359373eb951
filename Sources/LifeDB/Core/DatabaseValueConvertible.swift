import CSQLite
import Foundation
import LifeCore

/// A Swift value that can be bound to a statement parameter.
public protocol DatabaseValueEncodable {
    var databaseValue: DatabaseValue { get }
}

/// A Swift value that can be read from a column. Returns nil when the stored
/// value cannot represent `Self` (wrong storage class, malformed text).
public protocol DatabaseValueDecodable {
    static func fromDatabaseValue(_ value: DatabaseValue) -> Self?
}

public typealias DatabaseValueConvertible = DatabaseValueEncodable & DatabaseValueDecodable

/// The fast path: read a column straight from `sqlite3_column_*` without
/// building a `DatabaseValue` first. Only for non-NULL columns; `Statement`
/// checks for NULL before calling it.
public protocol StatementColumnConvertible {
    init?(sqliteStatement: OpaquePointer, index: Int32)
}

extension DatabaseValue: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { self }
    public static func fromDatabaseValue(_ value: DatabaseValue) -> DatabaseValue? { value }
}

// MARK: Integers and booleans

extension Int64: DatabaseValueConvertible, StatementColumnConvertible {
    public var databaseValue: DatabaseValue { .integer(self) }
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Int64? {
        switch value {
        case .integer(let v): v
        case .real(let v): Int64(exactly: v)
        default: nil
        }
    }
    // The fast paths look the column up once with sqlite3_column_value and
    // then read the value itself: every sqlite3_column_* call repeats the
    // lookup (PERF-1). One connection per thread makes the unprotected value
    // safe to read.
    @inlinable
    public init?(sqliteStatement: OpaquePointer, index: Int32) {
        guard let value = sqlite3_column_value(sqliteStatement, index) else { return nil }
        guard sqlite3_value_type(value) == SQLITE_INTEGER else {
            guard let converted = Self.fromDatabaseValue(Statement.value(sqliteStatement, index)) else { return nil }
            self = converted
            return
        }
        self = sqlite3_value_int64(value)
    }
}

extension Int: DatabaseValueConvertible, StatementColumnConvertible {
    public var databaseValue: DatabaseValue { .integer(Int64(self)) }
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Int? {
        Int64.fromDatabaseValue(value).flatMap { Int(exactly: $0) }
    }
    @inlinable
    public init?(sqliteStatement: OpaquePointer, index: Int32) {
        // Int(exactly:): on a 32-bit watch an INTEGER may not fit an Int.
        guard let value = Int64(sqliteStatement: sqliteStatement, index: index), let exact = Int(exactly: value)
        else { return nil }
        self = exact
    }
}

/// Booleans are INTEGER 0/1 (SPEC CORE-4); any other integer is not a Bool.
extension Bool: DatabaseValueConvertible, StatementColumnConvertible {
    public var databaseValue: DatabaseValue { .integer(self ? 1 : 0) }
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Bool? {
        switch value {
        case .integer(0): false
        case .integer(1): true
        default: nil
        }
    }
    public init?(sqliteStatement: OpaquePointer, index: Int32) {
        guard let value = Bool.fromDatabaseValue(Statement.value(sqliteStatement, index)) else { return nil }
        self = value
    }
}

// MARK: Reals

extension Double: DatabaseValueConvertible, StatementColumnConvertible {
    public var databaseValue: DatabaseValue { .real(self) }
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Double? {
        switch value {
        case .integer(let v): Double(v)
        case .real(let v): v
        default: nil
        }
    }
    @inlinable
    public init?(sqliteStatement: OpaquePointer, index: Int32) {
        guard let value = sqlite3_column_value(sqliteStatement, index) else { return nil }
        switch sqlite3_value_type(value) {
        case SQLITE_FLOAT, SQLITE_INTEGER: self = sqlite3_value_double(value)
        default: return nil
        }
    }
}

// MARK: Text and blobs

extension String: DatabaseValueConvertible, StatementColumnConvertible {
    public var databaseValue: DatabaseValue { .text(self) }
    public static func fromDatabaseValue(_ value: DatabaseValue) -> String? {
        if case .text(let v) = value { return v }
        return nil
    }
    @inlinable
    public init?(sqliteStatement: OpaquePointer, index: Int32) {
        guard let bytes = Statement.text(sqliteStatement, index) else { return nil }
        self = String(decoding: bytes, as: UTF8.self)
    }
}

extension Data: DatabaseValueConvertible, StatementColumnConvertible {
    public var databaseValue: DatabaseValue { .blob(self) }
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Data? {
        if case .blob(let v) = value { return v }
        return nil
    }
    public init?(sqliteStatement: OpaquePointer, index: Int32) {
        guard sqlite3_column_type(sqliteStatement, index) == SQLITE_BLOB else { return nil }
        let count = Int(sqlite3_column_bytes(sqliteStatement, index))
        guard count > 0, let bytes = sqlite3_column_blob(sqliteStatement, index) else {
            self = Data()
            return
        }
        self = Data(bytes: bytes, count: count)
    }
}

// MARK: Identity, time and dates

/// UUIDs are lower-case text (SPEC CORE-10).
extension UUID: DatabaseValueConvertible, StatementColumnConvertible {
    public var databaseValue: DatabaseValue { .text(uuidString.lowercased()) }
    public static func fromDatabaseValue(_ value: DatabaseValue) -> UUID? {
        guard case .text(var v) = value else { return nil }
        return v.withUTF8 { UUID.parse(utf8: $0) }
    }
    public init?(sqliteStatement: OpaquePointer, index: Int32) {
        guard let uuid = Statement.withText(sqliteStatement, index, UUID.parse(utf8:)) else { return nil }
        self = uuid
    }

    /// Parses the 36-character 8-4-4-4-12 form, hex digits in either case.
    /// Written by hand because Foundation's `UUID(uuidString:)` on Linux goes
    /// through `sscanf`, which was the largest cost of reading rows.
    static func parse(utf8 b: UnsafeBufferPointer<UInt8>) -> UUID? {
        guard b.count == 36, b[8] == 0x2D, b[13] == 0x2D, b[18] == 0x2D, b[23] == 0x2D else { return nil }
        func nibble(_ c: UInt8) -> UInt8? {
            switch c {
            case 0x30...0x39: c - 0x30
            case 0x61...0x66: c - 0x61 + 10
            case 0x41...0x46: c - 0x41 + 10
            default: nil
            }
        }
        var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        let valid = withUnsafeMutableBytes(of: &bytes) { out -> Bool in
            var i = 0
            for j in 0..<16 {
                if i == 8 || i == 13 || i == 18 || i == 23 { i += 1 }
                guard let high = nibble(b[i]), let low = nibble(b[i + 1]) else { return false }
                out[j] = high << 4 | low
                i += 2
            }
            return true
        }
        return valid ? UUID(uuid: bytes) : nil
    }
}

/// Instants are TEXT `YYYY-MM-DD HH:MM:SS.SSS` in UTC (SPEC CORE-4).
extension Date: DatabaseValueConvertible, StatementColumnConvertible {
    public var databaseValue: DatabaseValue { .text(Timestamp.database(self)) }
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Date? {
        guard case .text(let v) = value else { return nil }
        return Timestamp.parseDatabase(v)
    }
    public init?(sqliteStatement: OpaquePointer, index: Int32) {
        guard let date = Statement.withText(sqliteStatement, index, Timestamp.parseDatabase(utf8:)) else { return nil }
        self = date
    }
}

/// Date-only values are TEXT `YYYY-MM-DD`, never a timestamp (SPEC CORE-4).
extension CivilDate: DatabaseValueConvertible, StatementColumnConvertible {
    public var databaseValue: DatabaseValue { .text(iso) }
    public static func fromDatabaseValue(_ value: DatabaseValue) -> CivilDate? {
        guard case .text(let v) = value else { return nil }
        return CivilDate(iso: v)
    }
    /// Parsed in SQLite's buffer: no `String`, and an optional column takes
    /// the fast path too (PERF-6: the generic path built `Optional`'s
    /// metadata on every read).
    public init?(sqliteStatement: OpaquePointer, index: Int32) {
        guard let date = Statement.withText(sqliteStatement, index, CivilDate.init(isoUTF8:)) else { return nil }
        self = date
    }
}

extension LocalTime: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { .text(description) }
    public static func fromDatabaseValue(_ value: DatabaseValue) -> LocalTime? {
        guard case .text(let v) = value else { return nil }
        return LocalTime(text: v)
    }
}

// MARK: Optionals

extension Optional: DatabaseValueEncodable where Wrapped: DatabaseValueEncodable {
    public var databaseValue: DatabaseValue {
        switch self {
        case .none: .null
        case .some(let wrapped): wrapped.databaseValue
        }
    }
}

/// NULL decodes as `.some(nil)`; a value that is not NULL decodes as the
/// wrapped type or fails (nil) when it cannot.
extension Optional: DatabaseValueDecodable where Wrapped: DatabaseValueDecodable {
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Wrapped?? {
        if value.isNull { return .some(nil) }
        guard let wrapped = Wrapped.fromDatabaseValue(value) else { return nil }
        return .some(wrapped)
    }
}
