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
    /// the second, 25–50 % the third, less the fourth.
    public static func message(pace: Pace, elapsed: Double?) -> String {
        let options = messages[pace] ?? []
        guard !options.isEmpty else { return "" }
        let left = 1 - (elapsed ?? 0)
        let index = left > 0.75 ? 0 : left > 0.5 ? 1 : left > 0.25 ? 2 : 3
        return options[min(index, options.count - 1)]
    }

    /// The handful of messages per state, in the order `message` picks them.
    public static let messages: [Pace: [String]] = [
        .notStarted: [
            "Write down what matters, then start the clock: 1,356 days begin when you confirm your list."
        ],
        .ahead: [
            "A flying start. Keep the rhythm while the road is long.",
            "Ahead of the clock. Pick the next milestone while the going is good.",
            "Well ahead with half the time gone. Consider a bolder step.",
            "Ahead at the home stretch. Finish what you started.",
        ],
        .onTrack: [
            "Right on pace. Small steps, every week.",
            "On track. The middle miles are where lists are won.",
            "Still on pace past halfway. Keep showing up.",
            "On track for the finish. Protect the time you have left.",
        ],
        .behind: [
            "Behind, but the road is long. One milestone this week changes the picture.",
            "A little behind. Choose one goal and give it the next few days.",
            "Behind past halfway. Trim a step, not the goal, and move.",
            "Time is short. Pick the goal closest to done and finish it.",
        ],
        .finished: [
            "The 1,356 days are over. Look at what you did with them."
        ],
    ]
}
