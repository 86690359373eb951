import Foundation
import LifeCore

/// One notification that would be sent (LT-7); computed, never sent.
public struct LifeTimerNotification: Sendable, Equatable, Codable {
    public enum Kind: String, Sendable, Codable {
        case reminder, milestone, streak, checkpoint
    }

    public let kind: Kind
    public let fireAt: Date
    public let localDate: CivilDate
    public let body: String
}
