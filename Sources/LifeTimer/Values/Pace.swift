import Foundation

/// LT-5: progress against time.
public enum Pace: String, Sendable, Codable, CaseIterable {
    case notStarted = "not started"
    case ahead
    case onTrack = "on track"
    case behind
    case finished
}
