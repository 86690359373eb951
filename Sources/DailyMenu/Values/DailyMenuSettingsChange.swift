import LifeCore

/// A change of settings; nil leaves a setting as it is.
public struct DailyMenuSettingsChange: Sendable {
    /// Empty text clears the name.
    public var displayName: String?
    public var shareMood: Bool?
    /// `.some(nil)` goes back to the plain theme.
    public var theme: ColourTheme??
    public var timeZone: String?

    public init(
        displayName: String? = nil, shareMood: Bool? = nil, theme: ColourTheme?? = nil, timeZone: String? = nil
    ) {
        self.displayName = displayName
        self.shareMood = shareMood
        self.theme = theme
        self.timeZone = timeZone
    }
}
