import Foundation

/// One connection shared by any number of threads and tasks, which take
/// turns: every access runs on the connection's own serial queue.
///
/// `read` runs in a read-only transaction (one snapshot, writes refused),
/// `write` in a write transaction (committed when the closure returns, rolled
/// back when it throws), `inDatabase` with no transaction around it. Each
/// comes in a blocking form and an `async` one; cancelling the task that
/// awaits an `async` access interrupts its statement, which then throws a
/// `DatabaseError` whose `isInterrupted` is true. `cancel()` interrupts
/// whatever runs now.
///
/// The closures are given the `Database`: use it only inside the closure.
/// An access started from inside another of the same queue is refused (it
/// would wait for itself).
public final class DatabaseQueue: Sendable {
    private let serialized: SerializedDatabase

    /// Opens `path` (`":memory:"` for a private in-memory database) and, for a
    /// writable file opened with `walJournal`, switches it to WAL.
    public convenience init(path: String, options: Database.OpenOptions = Database.OpenOptions()) throws {
        let db = try Database(path: path, options: options)
        if options.walJournal && !options.readOnly && path != ":memory:" && !path.isEmpty {
            try db.configureJournal()
        }
        self.init(db)
    }

    /// Takes over a connection opened (and migrated) by the caller, such as
    /// the one `LifeDatabase.open` answers. The caller must not use it again.
    public init(_ db: sending Database) {
        serialized = SerializedDatabase(db, label: "LifeDB.DatabaseQueue")
    }

    // MARK: Blocking

    public func read<T>(_ body: (Database) throws -> T) throws -> T {
        try serialized.sync { db in try db.readTransaction(body) }
    }

    @discardableResult
    public func write<T>(_ body: (Database) throws -> T) throws -> T {
        try serialized.sync { db in try db.writeTransaction(body) }
    }

    /// The connection as it is, no transaction: for pragmas, `executeScript`,
    /// a migrator (which manages its own transactions).
    @discardableResult
    public func inDatabase<T>(_ body: (Database) throws -> T) throws -> T {
        try serialized.sync(body)
    }

    // MARK: Async

    public func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await serialized.run { db in try db.readTransaction(body) }
    }

    @discardableResult
    public func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await serialized.run { db in try db.writeTransaction(body) }
    }

    @discardableResult
    public func inDatabase<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await serialized.run(body)
    }

    // MARK: Lifetime

    /// Interrupts the statement running now, from any thread; it throws a
    /// `DatabaseError` whose `isInterrupted` is true.
    public func cancel() {
        serialized.interrupter.interrupt()
    }

    /// Closes the connection (after the access running now); every later
    /// access throws a `DatabaseError` whose `isClosed` is true.
    public func close() throws {
        try serialized.sync { db in db.close() }
    }
}
