import Foundation
import LifeCore

/// The stamps of the collection (DM-7, FR40).
public enum StampKind: String, CaseIterable, Sendable, Codable {
    case firstRitual = "first-ritual"
    case tenRituals = "ten-rituals"
    case fiftyRituals = "fifty-rituals"
    case hundredRituals = "hundred-rituals"
    case everyCategory = "every-category"
    case moodLifted = "mood-lifted"
    case morningRitual = "morning-ritual"
    case sevenDays = "seven-days"

    /// Its name on the stamp.
    public var title: String { DailyMenuVoice.stampTitle(self) }
}
