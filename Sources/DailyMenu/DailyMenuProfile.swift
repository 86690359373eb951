/// The profile (DM-9): who, since when, and the journey so far.
public struct DailyMenuProfile: Sendable, Encodable {
    public let settings: DailyMenuSettings
    public let journey: Journey
}
