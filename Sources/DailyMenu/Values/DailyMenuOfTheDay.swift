import LifeCore

/// The day's menu (DM-2).
public struct DailyMenuOfTheDay: Sendable, Encodable {
    public let date: CivilDate
    public let energy: Energy?
    public let suggestions: [MenuSuggestion]

    /// Memberwise, for previews and tests of a front end; the store builds the real ones.
    public init(
        date: CivilDate, energy: Energy?, suggestions: [MenuSuggestion]
    ) {
        self.date = date
        self.energy = energy
        self.suggestions = suggestions
    }
}
