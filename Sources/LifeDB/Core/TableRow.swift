import CSQLite

/// The current row of a query on one table, read by column name.
///
/// A store decodes each of its tables through one function taking a
/// `TableRow`, so a column is found by its name, never by its position in a
/// SELECT list that may change, and every failure names the table, the column
/// and (for a word outside an enum) the value:
///
/// ```swift
/// try db.forEachRow(table: "finite_marks", "SELECT * FROM finite_marks") { row in
///     marks.append(WeekMark(id: try row["id"], rating: try row["rating", as: WeekRating.self], …))
/// }
/// ```
///
/// Reads go through `Statement`'s typed fast path; the name's index is looked
/// up once per statement.
public struct TableRow {
    public let table: String
    public let statement: Statement

    public init(table: String, statement: Statement) {
        self.table = table
        self.statement = statement
    }

    /// The column as `T` (SQLite's storage class must fit: a NULL only for an
    /// optional, an integer only when it is exactly representable).
    @inlinable
    public subscript<T: StatementColumnConvertible & DatabaseValueDecodable>(_ column: String, as type: T.Type = T.self)
        -> T
    {
        get throws { try read(column) { try statement.column(T.self, named: column) } }
    }

    @inlinable
    public subscript<T: StatementColumnConvertible & DatabaseValueDecodable>(
        _ column: String, as type: T?.Type = T?.self
    ) -> T? {
        get throws { try read(column) { try statement.column(T?.self, named: column) } }
    }

    /// The column as any decodable type (`CivilDate`, `LocalTime`, …).
    public subscript<T: DatabaseValueDecodable>(_ column: String, as type: T.Type = T.self) -> T {
        get throws { try read(column) { try statement.column(T.self, named: column) } }
    }

    /// An enum column, decoded through its raw value: a stored word the enum
    /// does not know is an error naming it, never a silent default.
    public subscript<E: RawRepresentable>(_ column: String, as type: E.Type) -> E
    where E.RawValue: DatabaseValueDecodable {
        get throws {
            let raw: E.RawValue = try read(column) { try statement.column(E.RawValue.self, named: column) }
            guard let value = E(rawValue: raw) else { throw unknown(raw, E.self, column: column) }
            return value
        }
    }

    /// An optional enum column: NULL is nil, an unknown word an error.
    public subscript<E: RawRepresentable>(_ column: String, as type: E?.Type) -> E?
    where E.RawValue: DatabaseValueDecodable {
        get throws {
            let raw: E.RawValue? = try read(column) { try statement.column(E.RawValue?.self, named: column) }
            guard let raw else { return nil }
            guard let value = E(rawValue: raw) else { throw unknown(raw, E.self, column: column) }
            return value
        }
    }

    /// Runs a read, restating a type mismatch with the table and column.
    @inlinable
    func read<T>(_ column: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as DatabaseError where error.primaryCode == ResultCode.mismatch.rawValue {
            throw DatabaseError(
                extendedCode: error.extendedCode, message: "\(table).\(column): \(error.message)", sql: error.sql)
        }
    }

    func unknown(_ raw: some Any, _ type: Any.Type, column: String) -> DatabaseError {
        DatabaseError(
            extendedCode: SQLITE_MISMATCH,
            message: "\(table).\(column) holds '\(raw)', which is not a known \(type) value", sql: statement.sql)
    }
}
