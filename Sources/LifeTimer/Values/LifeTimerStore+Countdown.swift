import Foundation

extension LifeTimerStore {
    /// The stored countdown (LT-3): start, end, and the zone it was started in.
    public struct Countdown: Sendable, Equatable {
        public let startedAt: Date
        public let endsAt: Date
        public let timeZone: String

        /// Memberwise, for previews and tests of a front end; the store builds the real ones.
        public init(startedAt: Date, endsAt: Date, timeZone: String) {
            self.startedAt = startedAt
            self.endsAt = endsAt
            self.timeZone = timeZone
        }
    }
}
