import Dispatch
import Foundation
import LifeCore

/// A value worked out on another thread while the caller does something
/// else (PERF-2: the content hash of a GPX file while the file is read).
/// `wait` answers it, or throws what the work threw; `isDone` and the
/// value's readiness can be asked without waiting.
final class BackgroundWork<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private let finished = DispatchSemaphore(value: 0)
    private var result: Result<Value, any Error>?

    init(_ body: @escaping @Sendable () throws -> Value) {
        DispatchQueue.global(qos: .userInitiated).async {
            let result = Result { try body() }
            self.lock.withLock { self.result = result }
            self.finished.signal()
        }
    }

    /// The value if the work is done and succeeded; nil otherwise.
    var valueIfDone: Value? {
        lock.withLock {
            guard case .success(let value) = result else { return nil }
            return value
        }
    }

    /// Waits for the work to end; answers its value or throws its error.
    func wait() throws -> Value {
        finished.wait()
        finished.signal()
        return try lock.withLock { result ?? .failure(LifeError.bug("background work ended without a result")) }.get()
    }
}
