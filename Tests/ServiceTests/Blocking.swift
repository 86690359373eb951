#if Service
    import Foundation

    /// Runs blocking work (libpq, libcurl) on a thread of its own, never on
    /// Swift's cooperative pool: on two cores the pool has two threads, and
    /// a client blocked there waiting for the service would starve the
    /// service's own handlers of them.
    func blocking<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread { continuation.resume(with: Result { try work() }) }
            thread.stackSize = 8 << 20
            thread.start()
        }
    }
#endif
