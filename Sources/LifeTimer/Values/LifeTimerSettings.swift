import Foundation
import LifeCore

/// LT-9: display settings.
public struct LifeTimerSettings: Sendable, Equatable, Codable {
    public enum Theme: String, Sendable, Codable, CaseIterable { case light, dark, system }
    public enum ClockStyle: String, Sendable, Codable, CaseIterable {
        case twelveHour = "12h"
        case twentyFourHour = "24h"
    }

    public var theme: Theme
    public var clock: ClockStyle
    public var language: String

    /// Memberwise, for previews and tests of a front end; the store builds the real ones.
    public init(
        theme: Theme, clock: ClockStyle, language: String
    ) {
        self.theme = theme
        self.clock = clock
        self.language = language
    }
}
