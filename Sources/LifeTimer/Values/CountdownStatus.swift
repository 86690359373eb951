import Foundation
import LifeCore

/// LT-4: a countdown at one instant.
public struct CountdownStatus: Sendable, Equatable {
    public struct Remaining: Sendable, Equatable, Codable {
        public let days: Int
        public let hours: Int
        public let minutes: Int
        public let seconds: Int

        public init(days: Int, hours: Int, minutes: Int, seconds: Int) {
            self.days = days
            self.hours = hours
            self.minutes = minutes
            self.seconds = seconds
        }
    }

    public let startedAt: Date
    public let endsAt: Date
    public let now: Date
    /// 0 at the start, 1 at the end and after it.
    public let elapsedFraction: Double
    /// All zero once finished.
    public let remaining: Remaining
    public let finished: Bool
    /// The local day of the challenge, 1 … 1,356 (1,356 after the end).
    public let dayNumber: Int

    public var percentElapsed: Double { elapsedFraction * 100 }
}
