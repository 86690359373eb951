import CSQLite

extension Database {
    /// Runs `body` in a write transaction that begins IMMEDIATE, so the write
    /// lock is taken up front and a second writer waits on the busy timeout
    /// instead of failing halfway with "database is locked" (SPEC CORE-2).
    /// Commits when `body` returns; rolls back everything when it throws.
    ///
    /// When SQLite ends the transaction on its own before `body` returns (a
    /// statement failed with SQLITE_FULL or was interrupted and the body went
    /// on, or the body ran `ROLLBACK`), the next statement and the commit
    /// throw `ResultCode.abort` rather than save part of the work.
    public func writeTransaction<T>(_ body: (Database) throws -> T) throws -> T {
        try checkUsable()
        if isInsideTransaction {
            return try savepoint(body)
        }
        try executeControl("BEGIN IMMEDIATE")
        return try inFrame(body, end: { try executeControl("COMMIT") }, undo: rollbackOpenTransaction)
    }

    /// Runs `body` in a read-only transaction (DEFERRED, with `query_only` on):
    /// one consistent snapshot, and any write in `body` fails with
    /// `ResultCode.readOnly`. Nothing is ever committed: the transaction ends
    /// with `ROLLBACK` whether `body` returns or throws.
    ///
    /// Inside another transaction it reads that transaction's snapshot, still
    /// with writes refused until it returns.
    public func readTransaction<T>(_ body: (Database) throws -> T) throws -> T {
        try checkUsable()
        let toggles = try !isReadOnly && !isQueryOnly()
        // Put back first: SQLite switches a setting as it prepares the
        // pragma, so an interrupt that makes it fail may leave it switched.
        defer { if toggles { try? executeCleanup("PRAGMA query_only = OFF") } }
        if toggles { try executeControl("PRAGMA query_only = ON") }
        if isInsideTransaction { return try body(self) }
        try executeControl("BEGIN DEFERRED")
        transactionFrames += 1
        defer {
            transactionFrames -= 1
            rollbackOpenTransaction()
        }
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
        try checkUsable()
        if !isInsideTransaction { return try writeTransaction(body) }
        savepointDepth += 1
        let name = "lifedb_sp\(savepointDepth)"
        defer { savepointDepth -= 1 }
        try executeControl("SAVEPOINT \(name)")
        return try inFrame(body, end: { try executeControl("RELEASE \(name)") }) {
            if isInsideTransaction {
                try? executeCleanup("ROLLBACK TO \(name)")
                try? executeCleanup("RELEASE \(name)")
            }
        }
    }

    /// The body of a transaction or savepoint begun by the caller: `end`s it
    /// (COMMIT, RELEASE) when `body` returns with SQLite's transaction still
    /// open; `undo`es it when `body` or `end` throws; and throws `.abort`
    /// when SQLite ended the transaction on its own meanwhile.
    private func inFrame<T>(_ body: (Database) throws -> T, end: () throws -> Void, undo: () -> Void) throws -> T {
        transactionFrames += 1
        let result: T
        do {
            result = try body(self)
        } catch {
            transactionFrames -= 1
            undo()
            throw error
        }
        transactionFrames -= 1
        guard isInsideTransaction else { throw DatabaseError.transactionAborted(sql: nil) }
        do {
            try end()
        } catch {
            undo()
            throw error
        }
        return result
    }

    private func isQueryOnly() throws -> Bool {
        try fetchOne(Int.self, "PRAGMA query_only") == 1
    }
}

extension Database {
    /// Runs `body` with foreign key enforcement OFF, then turns it back ON
    /// (when it was on), whether `body` returns or throws: for a migration
    /// that rebuilds a parent table (SQLite's "twelve steps"), which must
    /// check `PRAGMA foreign_key_check` itself before it commits.
    ///
    /// The pragma is a no-op inside a transaction, so this refuses to start
    /// inside one rather than run `body` with the keys silently still on.
    public func withForeignKeysOff<T>(_ body: () throws -> T) throws -> T {
        try checkUsable()
        guard !isInsideTransaction else {
            throw DatabaseError(
                extendedCode: ResultCode.misuse.rawValue,
                message: "foreign keys can only be switched off outside a transaction")
        }
        let wasOn = try fetchOne(Int.self, "PRAGMA foreign_keys") == 1
        guard wasOn else { return try body() }
        // Put back first, as in `readTransaction`.
        defer { try? executeCleanup("PRAGMA foreign_keys = ON") }
        try executeControl("PRAGMA foreign_keys = OFF")
        return try body()
    }
}
