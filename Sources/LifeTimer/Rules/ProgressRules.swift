import Foundation

/// LT-5: progress per goal and overall, the pace against time, and the
/// motivational message chosen from them. Pure and deterministic.
public enum ProgressRules {
    /// 100 % when completed, else completed milestones ÷ milestones (0 with none).
    public static func goalProgress(completed: Bool, milestonesDone: Int, milestonesTotal: Int) -> Double {
        if completed { return 1 }
        guard milestonesTotal > 0 else { return 0 }
        return Double(milestonesDone) / Double(milestonesTotal)
    }

    /// The mean of the goals' progress (0 with no goal).
    public static func overall(_ goals: [Double]) -> Double {
        goals.isEmpty ? 0 : goals.reduce(0, +) / Double(goals.count)
    }

    /// Progress against the elapsed fraction of the challenge, within
    /// `LifeTimerRules.paceTolerance` either way counting as on track.
    public static func pace(progress: Double, elapsed: Double?, finished: Bool) -> Pace {
        guard let elapsed else { return .notStarted }
        if finished { return .finished }
        if progress >= elapsed + LifeTimerRules.paceTolerance { return .ahead }
        if progress < elapsed - LifeTimerRules.paceTolerance { return .behind }
        return .onTrack
    }

    /// The message for a pace, chosen by the quarter of the challenge left:
    /// more than 75 % left picks the first of the state's messages, 50–75 %
    /// the second, 25–50 % the third, less the fourth; in `voice`'s language.
    public static func message(pace: Pace, elapsed: Double?, voice: LifeTimerVoice = .english) -> String {
        let options = phrases[pace] ?? []
        guard !options.isEmpty else { return "" }
        let left = 1 - (elapsed ?? 0)
        let index = left > 0.75 ? 0 : left > 0.5 ? 1 : left > 0.25 ? 2 : 3
        return voice.say(options[min(index, options.count - 1)])
    }

    /// The handful of messages per state, in the order `message` picks them
    /// (their words are `LifeTimerCatalogue`'s).
    public static let phrases: [Pace: [LifeTimerPhrase]] = [
        .notStarted: [.messageNotStarted],
        .ahead: [.messageAhead1, .messageAhead2, .messageAhead3, .messageAhead4],
        .onTrack: [.messageOnTrack1, .messageOnTrack2, .messageOnTrack3, .messageOnTrack4],
        .behind: [.messageBehind1, .messageBehind2, .messageBehind3, .messageBehind4],
        .finished: [.messageFinished],
    ]

    /// The messages in English, in the order `message` picks them.
    public static let messages: [Pace: [String]] = phrases.mapValues { $0.map { LifeTimerVoice.english.say($0) } }

    /// How a person reads a pace (`ahead`, `à frente`); JSON keeps the raw value.
    public static func paceName(_ pace: Pace, voice: LifeTimerVoice) -> String {
        switch pace {
        case .notStarted: voice.say(.paceNotStarted)
        case .ahead: voice.say(.paceAhead)
        case .onTrack: voice.say(.paceOnTrack)
        case .behind: voice.say(.paceBehind)
        case .finished: voice.say(.paceFinished)
        }
    }
}
