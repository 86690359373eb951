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
