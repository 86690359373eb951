/// What happened to one live point.
public enum LivePointOutcome: Sendable, Equatable {
    case stored
    /// WALK-2: worse than `WalksRules.maximumAccuracyMeters`.
    case droppedForAccuracy
}
