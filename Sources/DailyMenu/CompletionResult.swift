/// What completing a ritual brought: its Moments, any new stamps, a new season.
public struct CompletionResult: Sendable, Encodable {
    public let completion: Completion
    public let activity: Activity
    public let moments: MomentAward
    public let newStamps: [StampAward]
    public let newSeason: Season?
    public let journey: Journey
}
