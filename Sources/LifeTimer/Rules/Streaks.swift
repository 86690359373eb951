import Foundation
import LifeCore

/// Runs of consecutive active days (LT-6 leaderboards, LT-7 notifications,
/// LT-10 the current streak).
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

    /// LT-10: the latest run of `days` and the instant it stops being
    /// current: the start of the second local day after its last day in
    /// `zone` (a run whose last day is today or yesterday is still going:
    /// today is not over). Nil with no day.
    public static func latest(_ days: [CivilDate], in zone: TimeZone) -> (days: Int, until: Date)? {
        guard let run = runs(days).last else { return nil }
        let lastDay = run.start.adding(days: run.length - 1)
        return (run.length, lastDay.adding(days: 2).startInstant(in: zone))
    }

    /// LT-10: the current streak at `now` of an account whose latest run is
    /// `latest` days long and current until `until`: that run, or 0 once
    /// `until` has passed.
    public static func current(latest: Int, until: Date?, now: Date) -> Int {
        guard let until, now < until else { return 0 }
        return latest
    }
}
