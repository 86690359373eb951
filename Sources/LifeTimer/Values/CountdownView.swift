/// The countdown with what its display needs (LT-4), read in one snapshot
/// (`LifeTimerStore.countdownView(for:)`).
public struct CountdownView: Sendable, Equatable {
    public let countdown: LifeTimerStore.Countdown
    public let status: CountdownStatus
    /// Progress once the end has passed (the summary), else nil.
    public let progress: ProgressReport?
    public let activeDays: Int
    public let longestStreakDays: Int
    /// The account's 12- or 24-hour clock (LT-9).
    public let clock: LifeTimerSettings.ClockStyle

    /// Memberwise, for previews and tests of a front end; the store builds the real ones.
    public init(
        countdown: LifeTimerStore.Countdown, status: CountdownStatus, progress: ProgressReport?, activeDays: Int,
        longestStreakDays: Int, clock: LifeTimerSettings.ClockStyle
    ) {
        self.countdown = countdown
        self.status = status
        self.progress = progress
        self.activeDays = activeDays
        self.longestStreakDays = longestStreakDays
        self.clock = clock
    }
}
