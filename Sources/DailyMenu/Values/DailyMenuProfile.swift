/// The profile (DM-9): who, since when, and the journey so far.
public struct DailyMenuProfile: Sendable, Encodable {
    public let settings: DailyMenuSettings
    public let journey: Journey

    /// Memberwise, for previews and tests of a front end; the store builds the real ones.
    public init(
        settings: DailyMenuSettings, journey: Journey
    ) {
        self.settings = settings
        self.journey = journey
    }
}
