/// A change to an account's settings (LT-9) and the visibility and zone
/// shown beside them: nil leaves a field as it is.
public struct LifeTimerSettingsChange: Sendable, Equatable {
    public var theme: LifeTimerSettings.Theme?
    public var clock: LifeTimerSettings.ClockStyle?
    public var language: String?
    public var visibility: AccountVisibility?
    public var timeZone: String?

    public init(
        theme: LifeTimerSettings.Theme? = nil, clock: LifeTimerSettings.ClockStyle? = nil, language: String? = nil,
        visibility: AccountVisibility? = nil, timeZone: String? = nil
    ) {
        self.theme = theme
        self.clock = clock
        self.language = language
        self.visibility = visibility
        self.timeZone = timeZone
    }
}
