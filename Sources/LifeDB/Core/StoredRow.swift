import CSQLite
import LifeCore

/// Reading a stored row into a Swift value, where a value that cannot be read
/// (a file edited by hand or damaged: a timestamp that is not one, an id that
/// is not a UUID) becomes a malformed-input error naming the table and the
/// row, exit 65, and never looks like a bug of lifectl (SPEC CORE-7).
///
/// `body` should only decode: every `LifeError` it throws is taken to be
/// about the stored value.
public enum StoredRow {
    /// Decodes `row`, whose first column is the row's key.
    public static func read<T>(_ table: String, _ row: Row, _ body: (Row) throws -> T) throws -> T {
        do {
            return try body(row)
        } catch {
            throw unreadable(table: table, key: row.count > 0 ? row[0] : .null, error) ?? error
        }
    }

    /// Decodes the row `statement` stands on, whose first column is the row's key.
    public static func read<T>(_ table: String, _ statement: Statement, _ body: (Statement) throws -> T) throws -> T {
        do {
            return try body(statement)
        } catch {
            throw unreadable(table: table, key: statement.value(at: 0), error) ?? error
        }
    }

    /// Decodes a value of the row of `table` keyed `key`.
    public static func read<T>(_ table: String, key: DatabaseValue, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch {
            throw unreadable(table: table, key: key, error) ?? error
        }
    }

    /// The error to report for `error` met while decoding a row of `table`
    /// keyed `key`, or nil when `error` is not about the stored value.
    public static func unreadable(table: String, key: DatabaseValue, _ error: any Error) -> LifeError? {
        let reason: String
        switch error {
        case let error as DatabaseError where error.primaryCode == SQLITE_MISMATCH || error.primaryCode == SQLITE_RANGE:
            reason = error.message
        case let error as LifeError:
            reason = error.message
        default:
            return nil
        }
        return LifeError(
            kind: .malformedInput,
            message:
                "\(table) row \(describe(key)) cannot be read: \(reason); the file was changed outside lifectl or is damaged",
            remedy: .databaseCheck)
    }

    /// A row's key for a sentence: text in quotes, cut short.
    static func describe(_ key: DatabaseValue) -> String {
        switch key {
        case .text(let text): "'\(text.count > 40 ? String(text.prefix(40)) + "…" : text)'"
        case .blob(let data): "of \(data.count) bytes"
        default: key.description
        }
    }
}
