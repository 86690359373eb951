import LifeCore

/// What `lifectl db check` gathers while it walks a product's rows: one
/// sentence per problem. A row that cannot even be read is itself a problem
/// named by table and key, so one damaged row never hides the others and
/// never stops the check (SPEC CORE-7, CORE-11).
package struct InvariantScan {
    public let db: Database
    public private(set) var problems: [String] = []

    public init(db: Database) {
        self.db = db
    }

    public mutating func add(_ problem: String) {
        problems.append(problem)
    }

    /// Runs `body` on each row of `sql`, whose first column is the row's key
    /// in `table`. What `body` throws about a stored value becomes a problem
    /// for that row, and the scan goes on with the next.
    public mutating func eachRow(
        _ table: String, _ sql: String, _ arguments: StatementArguments = [],
        _ body: (Statement, inout [String]) throws -> Void
    ) throws {
        var found: [String] = []
        try db.forEachRow(sql, arguments) { statement in
            do {
                try body(statement, &found)
            } catch {
                guard let unreadable = StoredRow.unreadable(table: table, key: statement.value(at: 0), error) else {
                    throw error
                }
                found.append(unreadable.message)
            }
        }
        problems += found
    }
}
