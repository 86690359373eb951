import LifeCore

/// One ritual of a day, with what it earned.
public struct DayRitual: Sendable, Encodable {
    public let completion: Completion
    public let title: String
    public let moments: MomentAward

    /// Memberwise, for previews and tests of a front end; the store builds the real ones.
    public init(
        completion: Completion, title: String, moments: MomentAward
    ) {
        self.completion = completion
        self.title = title
        self.moments = moments
    }
}
