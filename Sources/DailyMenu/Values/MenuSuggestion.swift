import Foundation
import LifeCore

/// One suggestion of the day's menu, with its weight and reasons.
public struct MenuSuggestion: Sendable, Equatable, Encodable {
    public let activity: Activity
    public let weight: Double
    public let reasons: [MenuReason]

    /// Memberwise, for previews and tests of a front end; the store builds the real ones.
    public init(
        activity: Activity, weight: Double, reasons: [MenuReason]
    ) {
        self.activity = activity
        self.weight = weight
        self.reasons = reasons
    }
}
