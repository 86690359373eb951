import CSQLite
import Foundation

/// The one part of a connection another thread may touch: `sqlite3_interrupt`,
/// which SQLite documents as safe to call from any thread while the
/// connection is open.
///
/// `@unchecked Sendable` because `lock` guards `handle`: `invalidate()` (run
/// by `Database.close()` before the handle is freed) and `interrupt()` both
/// take it, so an interrupt never reaches a closed connection.
final class Interrupter: @unchecked Sendable {
    private let lock = NSLock()
    private var handle: OpaquePointer?

    init(handle: OpaquePointer) {
        self.handle = handle
    }

    func invalidate() {
        lock.lock()
        defer { lock.unlock() }
        handle = nil
    }

    /// Interrupts whatever runs on the connection now.
    func interrupt() {
        lock.lock()
        defer { lock.unlock() }
        if let handle { sqlite3_interrupt(handle) }
    }

    /// Runs `body` with interrupts held back: one asked for meanwhile waits
    /// until `body` returns, then lands. Only for the statements that put a
    /// connection back after a failure (`Database.executeCleanup`): an
    /// interrupt landing on one of them would leave a transaction open,
    /// foreign keys off or writes refused for every later job. `body` must
    /// not call `interrupt()` (the lock is not recursive).
    func holdingInterrupts<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}

/// The cancellation of one job sent to a serialized connection: the task that
/// waits for it may be cancelled before the job starts (it then never runs),
/// while it runs (its connection is interrupted), or after (nothing happens,
/// so that another job on the same connection is never interrupted).
///
/// `@unchecked Sendable` because `lock` guards both stored properties.
final class Cancellation: @unchecked Sendable {
    private let lock = NSLock()
    private var isCancelled = false
    /// The connection the job runs on, while it runs.
    private var running: Interrupter?

    /// Called by the task's cancellation handler, from any thread.
    func cancel() {
        lock.lock()
        defer { lock.unlock() }
        isCancelled = true
        running?.interrupt()
    }

    /// Called on the connection's queue as the job starts; false when the
    /// job was cancelled already and must not run.
    func start(on interrupter: Interrupter) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if isCancelled { return false }
        running = interrupter
        return true
    }

    func finish() {
        lock.lock()
        defer { lock.unlock() }
        running = nil
    }

    /// Read by SQLite's progress handler and before each statement: an
    /// interrupt that lands between two statements (SQLite forgets it when
    /// no statement runs) still stops the job at its next step.
    var isCancelledNow: Bool {
        lock.lock()
        defer { lock.unlock() }
        return isCancelled
    }
}
