import LifeCore

/// The day's menu (DM-2).
public struct DailyMenuOfTheDay: Sendable, Encodable {
    public let date: CivilDate
    public let energy: Energy?
    public let suggestions: [MenuSuggestion]
}
