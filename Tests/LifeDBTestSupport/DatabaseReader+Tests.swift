import LifeDB

/// A test's shortcuts for reading rows back through a queue or a pool, each
/// call its own transaction (stores never get these: one use case is one
/// transaction there).
extension DatabaseReader {
    public func fetchOne<T: DatabaseValueDecodable>(
        _ type: T.Type, _ sql: String, _ arguments: StatementArguments = []
    ) throws -> T? {
        try read { try $0.fetchOne(type, sql, arguments) }
    }

    public func fetchOne(_ sql: String, _ arguments: StatementArguments = []) throws -> Row? {
        try read { try $0.fetchOne(sql, arguments) }
    }

    public func fetchAll(_ sql: String, _ arguments: StatementArguments = []) throws -> [Row] {
        try read { try $0.fetchAll(sql, arguments) }
    }
}

extension DatabaseWriter {
    /// Runs one statement in a write transaction of its own (a row forced
    /// by hand, as `sqlite3` would write it).
    public func execute(_ sql: String, _ arguments: StatementArguments = []) throws {
        try write { try $0.execute(sql, arguments) }
    }
}

extension DatabaseWriter {
    /// Writes past the schema's CHECK constraints, as `sqlite3` with
    /// `PRAGMA ignore_check_constraints` would (a file changed by hand, or
    /// an older build meeting a newer build's words).
    public func force(_ sql: String, _ arguments: StatementArguments = []) throws {
        try inDatabase { db in
            try db.execute("PRAGMA ignore_check_constraints = ON")
            defer { try? db.execute("PRAGMA ignore_check_constraints = OFF") }
            try db.execute(sql, arguments)
        }
    }
}
