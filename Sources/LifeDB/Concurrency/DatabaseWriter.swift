/// What a store holds instead of a connection: something that runs a body in
/// a read transaction, one snapshot of the file from its first statement to
/// its last. `DatabaseQueue` and `DatabasePool` are readers (and writers).
///
/// Taken from GRDB's `DatabaseReader`: a store asks for a transaction around
/// each use case and never keeps the `Database` it is given beyond it, so
/// nothing it decides is read outside the transaction that acts on it.
public protocol DatabaseReader: Sendable {
    /// Runs `body` in a read-only transaction and returns what it returns.
    func read<T>(_ body: (Database) throws -> T) throws -> T

    /// `read`, without blocking the calling task.
    func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T
}

/// A reader that also writes: `write` runs its body in one IMMEDIATE
/// transaction (committed when it returns, rolled back when it throws), and
/// `inDatabase` hands over the connection with no transaction around it
/// (for a migrator, which manages its own, and for pragmas).
public protocol DatabaseWriter: DatabaseReader {
    @discardableResult
    func write<T>(_ body: (Database) throws -> T) throws -> T

    @discardableResult
    func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T

    @discardableResult
    func inDatabase<T>(_ body: (Database) throws -> T) throws -> T
}

extension DatabaseQueue: DatabaseWriter {}
extension DatabasePool: DatabaseWriter {}
