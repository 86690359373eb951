import CPostgres
import Foundation
import LifeCore

/// The rows of a statement, copied out of libpq's result (which is freed at
/// once), and how many rows a write changed.
public struct PostgresResult: Sendable {
    public let rows: [PostgresRow]
    /// Rows inserted, updated or deleted (0 for a read).
    public let affected: Int

    init(rows: [PostgresRow], affected: Int) {
        self.rows = rows
        self.affected = affected
    }

    init(_ result: OpaquePointer) {
        let columnCount = Int(PQnfields(result))
        var names: [String: Int] = [:]
        for column in 0..<columnCount {
            names[String(cString: PQfname(result, Int32(column)))] = column
        }
        let columns = PostgresRow.Columns(indices: names)
        var rows: [PostgresRow] = []
        rows.reserveCapacity(Int(PQntuples(result)))
        for row in 0..<PQntuples(result) {
            var values: [String?] = []
            values.reserveCapacity(columnCount)
            for column in 0..<Int32(columnCount) {
                values.append(
                    PQgetisnull(result, row, column) == 1 ? nil : String(cString: PQgetvalue(result, row, column)))
            }
            rows.append(PostgresRow(columns: columns, values: values))
        }
        self.rows = rows
        affected = Int(String(cString: PQcmdTuples(result))) ?? 0
    }
}

/// One row in libpq's text format, read by column name.
public struct PostgresRow: Sendable {
    final class Columns: Sendable {
        let indices: [String: Int]
        init(indices: [String: Int]) { self.indices = indices }
    }

    let columns: Columns
    /// The values in column order, `nil` for NULL.
    public let values: [String?]

    /// The text of column `name`, `nil` for NULL; a missing column is a bug.
    public func text(_ name: String) throws -> String? {
        guard let index = columns.indices[name] else {
            throw LifeError.bug("the server's row has no column \(name)")
        }
        return values[index]
    }

    /// Column `name` decoded as `T`; NULL is an error (use the optional form).
    public func get<T: PostgresDecodable>(_ name: String, as type: T.Type = T.self) throws -> T {
        guard let text = try text(name) else {
            throw LifeError.bug("the server's column \(name) is NULL where a value was expected")
        }
        return try T(postgresText: text, column: name)
    }

    /// Column `name` decoded as `T`, `nil` for NULL.
    public func get<T: PostgresDecodable>(_ name: String, as type: T?.Type = T?.self) throws -> T? {
        guard let text = try text(name) else { return nil }
        return try T(postgresText: text, column: name)
    }

    public subscript<T: PostgresDecodable>(_ name: String) -> T {
        get throws { try get(name, as: T.self) }
    }

    public subscript<T: PostgresDecodable>(_ name: String) -> T? {
        get throws { try get(name, as: T?.self) }
    }
}
