import Foundation

/// How much DailyMenu holds of a person (what `delete-all` deletes, DM-11):
/// counted before deleting, and reported after.
public struct DailyMenuHistorySize: Sendable, Equatable, Encodable {
    public let rituals: Int
    public let starts: Int
    public let lowEnergyDays: Int
    public let undoneRituals: Int
    /// Favourites, hidden activities and left-out categories, on or off.
    public let preferences: Int
    /// Rituals of one's own, on the menu or removed (issue 32).
    public let ownRituals: Int
    public let hasProfile: Bool

    public var isEmpty: Bool {
        rituals == 0 && starts == 0 && lowEnergyDays == 0 && undoneRituals == 0 && preferences == 0
            && ownRituals == 0 && !hasProfile
    }

    /// Memberwise, for previews and tests of a front end; the store builds the real ones.
    public init(
        rituals: Int, starts: Int, lowEnergyDays: Int, undoneRituals: Int, preferences: Int, ownRituals: Int = 0,
        hasProfile: Bool
    ) {
        self.rituals = rituals
        self.starts = starts
        self.lowEnergyDays = lowEnergyDays
        self.undoneRituals = undoneRituals
        self.preferences = preferences
        self.ownRituals = ownRituals
        self.hasProfile = hasProfile
    }
}
