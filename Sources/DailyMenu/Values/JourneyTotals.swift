import Foundation
import LifeCore

/// The counts on the profile (DM-9).
public struct JourneyTotals: Sendable, Equatable, Encodable {
    public let rituals: Int
    public let activeDays: Int
    public let minutes: Int
    public let categoriesTried: Int
    /// The catalogue's number of categories.
    public let categories: Int
    /// Completions with after-mood "Better".
    public let moodLifted: Int
    public let firstDay: CivilDate?
    public let lastDay: CivilDate?

    /// Memberwise, for previews and tests of a front end; the store builds the real ones.
    public init(
        rituals: Int, activeDays: Int, minutes: Int, categoriesTried: Int, categories: Int, moodLifted: Int,
        firstDay: CivilDate?, lastDay: CivilDate?
    ) {
        self.rituals = rituals
        self.activeDays = activeDays
        self.minutes = minutes
        self.categoriesTried = categoriesTried
        self.categories = categories
        self.moodLifted = moodLifted
        self.firstDay = firstDay
        self.lastDay = lastDay
    }
}
