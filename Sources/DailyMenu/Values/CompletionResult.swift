/// What completing a ritual brought: its Moments, any new stamps, a new season.
public struct CompletionResult: Sendable, Encodable {
    public let completion: Completion
    public let activity: Activity
    public let moments: MomentAward
    public let newStamps: [StampAward]
    public let newSeason: Season?
    public let journey: Journey

    /// Memberwise, for previews and tests of a front end; the store builds the real ones.
    public init(
        completion: Completion, activity: Activity, moments: MomentAward, newStamps: [StampAward], newSeason: Season?,
        journey: Journey
    ) {
        self.completion = completion
        self.activity = activity
        self.moments = moments
        self.newStamps = newStamps
        self.newSeason = newSeason
        self.journey = journey
    }
}
