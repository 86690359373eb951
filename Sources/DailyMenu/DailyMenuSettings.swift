import LifeCore

/// DailyMenu's settings as stored (DM-9, DM-10).
public struct DailyMenuSettings: Sendable, Equatable, Encodable {
    public let displayName: String?
    /// Nil until the first write makes the profile.
    public let memberSince: CivilDate?
    /// DM-10: false keeps moods and feedback out of anything meant for sync or export.
    public let shareMood: Bool
    public let theme: ColourTheme?
    public let timeZone: String
    public let timeZoneIsSystem: Bool

    /// Memberwise, for previews and tests of a front end; the store builds the real ones.
    public init(
        displayName: String?, memberSince: CivilDate?, shareMood: Bool, theme: ColourTheme?, timeZone: String,
        timeZoneIsSystem: Bool
    ) {
        self.displayName = displayName
        self.memberSince = memberSince
        self.shareMood = shareMood
        self.theme = theme
        self.timeZone = timeZone
        self.timeZoneIsSystem = timeZoneIsSystem
    }
}

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
