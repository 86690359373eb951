import CSQLite

extension Database {
    /// Runs `body` in a write transaction that begins IMMEDIATE, so the write
    /// lock is taken up front and a second writer waits on the busy timeout
    /// instead of failing halfway with "database is locked" (SPEC CORE-2).
    /// Commits when `body` returns; rolls back everything when it throws.
    public func writeTransaction<T>(_ body: (Database) throws -> T) throws -> T {
        if isInsideTransaction {
            return try savepoint(body)
        }
        try execute("BEGIN IMMEDIATE")
        let result: T
        do {
            result = try body(self)
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
        do {
            try execute("COMMIT")
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
        return result
    }

    /// Runs `body` in a read transaction (DEFERRED): one consistent snapshot.
    public func readTransaction<T>(_ body: (Database) throws -> T) throws -> T {
        if isInsideTransaction { return try body(self) }
        try execute("BEGIN DEFERRED")
        defer { try? execute("COMMIT") }
        return try body(self)
    }

    /// Runs `body` inside a savepoint that nests in any transaction. When
    /// `body` throws, only its own changes are undone (`ROLLBACK TO` then
    /// `RELEASE`) and the outer transaction goes on.
    ///
    /// With no transaction around it, it is a write transaction of its own and
    /// begins IMMEDIATE like one: a bare SAVEPOINT would begin DEFERRED, and a
    /// second writer could then fail with "database is locked" (SPEC CORE-2).
    public func savepoint<T>(_ body: (Database) throws -> T) throws -> T {
        if !isInsideTransaction { return try writeTransaction(body) }
        savepointDepth += 1
        let name = "lifedb_sp\(savepointDepth)"
        defer { savepointDepth -= 1 }
        try execute("SAVEPOINT \(name)")
        do {
            let result = try body(self)
            try execute("RELEASE \(name)")
            return result
        } catch {
            try? execute("ROLLBACK TO \(name)")
            try? execute("RELEASE \(name)")
            throw error
        }
    }
}
