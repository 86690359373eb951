#if Service
    import Foundation

    /// A limit on sign-in attempts (SPEC SRV-5): per e-mail address and per
    /// client address, each in a fixed window; an attempt over either limit is
    /// refused (429) before any password is checked. Kept in the process: a
    /// service run as several processes multiplies the limits by their number
    /// (docs/server.md).
    public actor SignInLimiter {
        public struct Limits: Sendable, Equatable {
            public var perEmail: Int
            public var perAddress: Int
            public var window: TimeInterval

            /// 10 attempts per address in 15 minutes, 100 per client address.
            public static let standard = Limits(perEmail: 10, perAddress: 100, window: 900)

            public init(perEmail: Int, perAddress: Int, window: TimeInterval) {
                self.perEmail = perEmail
                self.perAddress = perAddress
                self.window = window
            }
        }

        let limits: Limits
        private var counts: [String: (start: Date, count: Int)] = [:]

        public init(limits: Limits) { self.limits = limits }

        /// Counts an attempt for `email` (lower case) from `address`; nil when
        /// it may go on, else the seconds until the window that refused it ends.
        func attempt(email: String?, address: String, now: Date) -> Int? {
            if counts.count > 100_000 {
                counts = counts.filter { now.timeIntervalSince($0.value.start) < limits.window }
            }
            var wait: Int?
            var keys = [("address:" + address, limits.perAddress)]
            if let email { keys.append(("email:" + email, limits.perEmail)) }
            for (key, limit) in keys {
                var entry = counts[key] ?? (now, 0)
                if now.timeIntervalSince(entry.start) >= limits.window { entry = (now, 0) }
                entry.count += 1
                counts[key] = entry
                if entry.count > limit {
                    let left = Int((limits.window - now.timeIntervalSince(entry.start)).rounded(.up))
                    wait = max(wait ?? 0, max(left, 1))
                }
            }
            return wait
        }
    }
#endif
