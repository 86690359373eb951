import LifeCore

/// Runs of consecutive active days (LT-6 leaderboard, LT-7 notifications).
public enum Streaks {
    /// The longest run of consecutive dates among `days` (any order, repeats ignored).
    public static func longest(_ days: [CivilDate]) -> Int {
        runs(days).map(\.length).max() ?? 0
    }

    /// Each run of consecutive dates, earliest first: its first date and length.
    public static func runs(_ days: [CivilDate]) -> [(start: CivilDate, length: Int)] {
        let sorted = Set(days).sorted()
        var runs: [(start: CivilDate, length: Int)] = []
        for day in sorted {
            if let last = runs.last, last.start.adding(days: last.length) == day {
                runs[runs.count - 1].length += 1
            } else {
                runs.append((day, 1))
            }
        }
        return runs
    }
}
