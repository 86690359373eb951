import CSQLite

/// One fetched row, copied out of SQLite so it outlives the statement.
public struct Row: Sendable, Hashable {
    public let columnNames: [String]
    public let values: [DatabaseValue]

    public init(columnNames: [String], values: [DatabaseValue]) {
        self.columnNames = columnNames
        self.values = values
    }

    init(statement: Statement, columnNames: [String]) {
        self.columnNames = columnNames
        values = (0..<columnNames.count).map { statement.value(at: $0) }
    }

    public var count: Int { values.count }

    public subscript(index: Int) -> DatabaseValue { values[index] }

    /// The value of the column named `name` (case-insensitive), or nil when no such column.
    public subscript(name: String) -> DatabaseValue? {
        columnNames.firstIndex { $0.caseInsensitiveCompare(name) == .orderedSame }.map { values[$0] }
    }

    /// The column at `index` as `T`; throws when the value cannot be a `T`.
    public func get<T: DatabaseValueDecodable>(_ type: T.Type = T.self, at index: Int) throws -> T {
        guard let value = T.fromDatabaseValue(values[index]) else {
            throw DatabaseError(
                extendedCode: SQLITE_MISMATCH, message: "column \(columnNames[index]) cannot be read as \(T.self)")
        }
        return value
    }

    /// The column named `name` as `T`; throws when missing or not a `T`.
    public func get<T: DatabaseValueDecodable>(_ type: T.Type = T.self, _ name: String) throws -> T {
        guard let index = columnNames.firstIndex(where: { $0.caseInsensitiveCompare(name) == .orderedSame }) else {
            throw DatabaseError(extendedCode: SQLITE_RANGE, message: "no column named \(name)")
        }
        return try get(T.self, at: index)
    }
}
