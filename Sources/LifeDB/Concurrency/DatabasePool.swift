import Dispatch
import Foundation

/// A WAL database shared by one writer and several readers at once: writes
/// take turns on the writer connection; each read runs on a reader
/// connection of its own, in a read transaction, so it sees one snapshot of
/// the file (the last commit before it began) however long it runs and
/// whatever is written meanwhile.
///
/// Readers are read-only connections opened as they are needed, at most
/// `maximumReaderCount`; a read waits when all are busy. A pool opened with
/// `readOnly` has no writer at all (a widget beside its app): `write`
/// throws `ResultCode.readOnly`.
///
/// `read`, `write`, `inDatabase`, `cancel()` and `close()` behave as on
/// `DatabaseQueue`.
public final class DatabasePool: Sendable {
    public let path: String
    private let writer: SerializedDatabase?
    private let readers: ReaderPool

    /// Opens `path`, which must be a file. Unless `readOnly`, the writer
    /// connection creates it when missing (per `options.create`) and switches
    /// it to WAL; a read-only pool needs a file already in WAL.
    public init(
        path: String, options: Database.OpenOptions = Database.OpenOptions(), maximumReaderCount: Int = 4
    ) throws {
        guard path != ":memory:", !path.isEmpty else {
            throw DatabaseError(
                extendedCode: ResultCode.misuse.rawValue,
                message: "a DatabasePool needs a file: an in-memory database is private to one connection")
        }
        self.path = path
        if options.readOnly {
            writer = nil
        } else {
            let db = try Database(path: path, options: options)
            try db.configureJournal()
            writer = SerializedDatabase(db, label: "LifeDB.DatabasePool.writer")
        }
        let readerOptions = Database.OpenOptions(
            readOnly: true, create: false, busyTimeoutMilliseconds: options.busyTimeoutMilliseconds, walJournal: false)
        readers = ReaderPool(maximumCount: max(1, maximumReaderCount)) { groupKey in
            SerializedDatabase(
                try Database(path: path, options: readerOptions), label: "LifeDB.DatabasePool.reader",
                groupKey: groupKey)
        }
    }

    // MARK: Blocking

    /// Runs `body` in a read transaction on a reader of its own.
    public func read<T>(_ body: (Database) throws -> T) throws -> T {
        try readers.withReader { reader in
            try reader.sync { db in try db.readTransaction(body) }
        }
    }

    @discardableResult
    public func write<T>(_ body: (Database) throws -> T) throws -> T {
        try requireWriter().sync { db in try db.writeTransaction(body) }
    }

    /// The writer connection as it is, no transaction around `body`.
    @discardableResult
    public func inDatabase<T>(_ body: (Database) throws -> T) throws -> T {
        try requireWriter().sync(body)
    }

    // MARK: Async

    public func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        let cancellation = Cancellation()
        let readers = self.readers
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                // Waiting for a free reader blocks: done on a dispatch thread,
                // never on the task's own (cooperative) thread.
                DispatchQueue.global().async {
                    continuation.resume(
                        with: Result {
                            try readers.withReader { reader in
                                try reader.sync(cancellation: cancellation) { db in try db.readTransaction(body) }
                            }
                        })
                }
            }
        } onCancel: {
            cancellation.cancel()
        }
    }

    @discardableResult
    public func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await requireWriter().run { db in try db.writeTransaction(body) }
    }

    @discardableResult
    public func inDatabase<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await requireWriter().run(body)
    }

    // MARK: Lifetime

    /// Interrupts every statement running now, the writer's and the readers'.
    public func cancel() {
        writer?.interrupter.interrupt()
        readers.interruptAll()
    }

    /// Closes the writer and every reader, each after the access it runs now.
    public func close() throws {
        try writer?.sync { db in db.close() }
        try readers.closeAll()
    }

    private func requireWriter() throws -> SerializedDatabase {
        guard let writer else {
            throw DatabaseError(
                extendedCode: ResultCode.readOnly.rawValue, message: "this database pool was opened read-only")
        }
        return writer
    }
}

/// The pool's reader connections.
///
/// `@unchecked Sendable` because `condition` (a lock) guards `idle`, `all` and
/// `isClosed`; the connections themselves are `SerializedDatabase`s, safe to
/// use from any thread.
final class ReaderPool: @unchecked Sendable {
    private let condition = NSCondition()
    private var idle: [SerializedDatabase] = []
    private var all: [SerializedDatabase] = []
    private var isClosed = false
    private let maximumCount: Int
    private let open: @Sendable (DispatchSpecificKey<Bool>) throws -> SerializedDatabase
    /// Set on every reader's queue.
    private let onReaderKey = DispatchSpecificKey<Bool>()

    init(
        maximumCount: Int, open: @escaping @Sendable (DispatchSpecificKey<Bool>) throws -> SerializedDatabase
    ) {
        self.maximumCount = maximumCount
        self.open = open
    }

    /// Runs `body` with a reader no one else uses meanwhile. A read started
    /// from inside another read of the same pool is refused: with every
    /// reader busy it would wait for itself.
    func withReader<T>(_ body: (SerializedDatabase) throws -> T) throws -> T {
        if DispatchQueue.getSpecific(key: onReaderKey) == true {
            throw DatabaseError(
                extendedCode: ResultCode.misuse.rawValue,
                message: "a read was started from inside another read of the same pool; "
                    + "use the Database the outer closure was given")
        }
        let reader = try acquire()
        defer { release(reader) }
        return try body(reader)
    }

    private func acquire() throws -> SerializedDatabase {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if isClosed { throw DatabaseError.closed(path: "database pool") }
            if let reader = idle.popLast() { return reader }
            if all.count < maximumCount {
                let reader = try open(onReaderKey)
                all.append(reader)
                return reader
            }
            condition.wait()
        }
    }

    private func release(_ reader: SerializedDatabase) {
        condition.lock()
        defer { condition.unlock() }
        idle.append(reader)
        condition.signal()
    }

    func interruptAll() {
        condition.lock()
        defer { condition.unlock() }
        for reader in all { reader.interrupter.interrupt() }
    }

    /// Closes every reader, each once its current read ends; a read that
    /// asks for a reader afterwards throws `DatabaseError.closed`.
    func closeAll() throws {
        condition.lock()
        isClosed = true
        let readers = all
        condition.broadcast()
        condition.unlock()
        for reader in readers { try reader.sync { db in db.close() } }
    }
}
