import Dispatch
import Foundation

/// One connection that is only ever used on its own serial dispatch queue:
/// the building block of `DatabaseQueue` and `DatabasePool`.
///
/// `@unchecked Sendable` because `queue` (serial) guards `db`: every use of
/// `db` after `init` runs in a block on `queue`, through `sync` or `run`.
/// `interrupter` is Sendable on its own (its lock).
final class SerializedDatabase: @unchecked Sendable {
    private let db: Database
    private let queue: DispatchQueue
    let interrupter: Interrupter
    /// Set on `queue`, so that a call made from inside one of its own blocks
    /// (which `DispatchQueue.sync` would deadlock on) is refused instead.
    private let onQueueKey = DispatchSpecificKey<Bool>()

    /// Takes `db` over: the caller must not use it any more (`sending`).
    /// `groupKey`, when given, is set on the queue too: a pool marks all its
    /// readers with one key, to refuse a read started from inside another.
    init(_ db: sending Database, label: String, groupKey: DispatchSpecificKey<Bool>? = nil) {
        self.db = db
        self.interrupter = db.interrupter
        queue = DispatchQueue(label: label)
        queue.setSpecific(key: onQueueKey, value: true)
        if let groupKey { queue.setSpecific(key: groupKey, value: true) }
    }

    /// Runs `body` on the queue and waits for it. `cancellation`, when given,
    /// may stop it before it starts or interrupt it while it runs.
    func sync<T>(cancellation: Cancellation? = nil, _ body: (Database) throws -> T) throws -> T {
        if DispatchQueue.getSpecific(key: onQueueKey) == true {
            throw DatabaseError(
                extendedCode: ResultCode.misuse.rawValue,
                message: "a database access was started from inside another access to the same connection; "
                    + "use the Database the outer closure was given")
        }
        return try queue.sync {
            guard let cancellation else { return try body(db) }
            guard cancellation.start(on: interrupter) else { throw DatabaseError.interrupted(sql: nil) }
            defer { cancellation.finish() }
            return try db.run(cancellation: cancellation) { try body(db) }
        }
    }

    /// Runs `body` on the queue without blocking the calling task; cancelling
    /// the task cancels the job (`Cancellation`).
    func run<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        let cancellation = Cancellation()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                queue.async {
                    continuation.resume(
                        with: Result {
                            guard cancellation.start(on: self.interrupter) else {
                                throw DatabaseError.interrupted(sql: nil)
                            }
                            defer { cancellation.finish() }
                            return try self.db.run(cancellation: cancellation) { try body(self.db) }
                        })
                }
            }
        } onCancel: {
            cancellation.cancel()
        }
    }
}
