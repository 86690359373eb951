import Foundation
import LifeCore

/// The warmth gauge (DM-6): a soft streak in [0, 1] by exponential smoothing,
/// as Loop Habit Tracker's habit strength. Each counted day,
///
///     w ← w·m + (active ? 1 − m : 0),   m = 0.5^(1/13),
///
/// so warmth climbs toward 1 on active days and halves over 13 inactive ones.
/// Grace (DM-11's decision, docs/dailymenu.md): the first inactive day of
/// each calendar week, Monday to Sunday as the calendar is drawn, leaves w
/// as it was; a Sunday off and the next Saturday off are one day off in
/// each of two weeks, so neither cools anything. Days before the first
/// ritual are not counted, and today counts only once it has a ritual: an
/// unfinished day never cools anything. Warmth decays geometrically, so a
/// long absence cools it a lot but never to 0.
public enum Warmth {
    /// Where the walk stands at the end of a day: what the days after it
    /// need to go on (the profile's cache keeps the state of the last
    /// active day, and goes on from it to today).
    public struct State: Sendable, Equatable {
        public var day: Int
        public var warmth: Double
        /// The week (`week(of:)`) whose grace day was last used.
        public var gracedWeek: Int?

        public init(day: Int, warmth: Double, gracedWeek: Int?) {
            self.day = day
            self.warmth = warmth
            self.gracedWeek = gracedWeek
        }
    }

    /// Warmth at the end of each day from the first ritual through `today`.
    public static func series(activeDays: Set<CivilDate>, through today: CivilDate) -> [(
        day: CivilDate, warmth: Double
    )] {
        var result: [(CivilDate, Double)] = []
        let sorted = activeDays.map(\.daysSinceEpoch).sorted()
        guard let first = sorted.first, first <= today.daysSinceEpoch else { return [] }
        var state = State(day: first - 1, warmth: 0, gracedWeek: nil)
        walk(&state, activeDays: sorted, through: today.daysSinceEpoch) { day, warmth in
            result.append((CivilDate(daysSinceEpoch: day), warmth))
        }
        return result
    }

    /// Warmth as of `today` (0 before the first ritual).
    public static func value(activeDays: Set<CivilDate>, through today: CivilDate) -> Double {
        value(sortedActiveDays: activeDays.map(\.daysSinceEpoch).sorted(), through: today.daysSinceEpoch)
    }

    /// Warmth as of day number `today`, from the active days' numbers in
    /// ascending order without repeats.
    public static func value(sortedActiveDays: [Int], through today: Int) -> Double {
        guard let first = sortedActiveDays.first, first <= today else { return 0 }
        var state = State(day: first - 1, warmth: 0, gracedWeek: nil)
        walk(&state, activeDays: sortedActiveDays, through: today) { _, _ in }
        return state.warmth
    }

    /// The state at the end of the last active day; nil without one.
    public static func state(sortedActiveDays: [Int]) -> State? {
        guard let first = sortedActiveDays.first, let last = sortedActiveDays.last else { return nil }
        var state = State(day: first - 1, warmth: 0, gracedWeek: nil)
        walk(&state, activeDays: sortedActiveDays, through: last) { _, _ in }
        return state
    }

    /// Warmth as of day number `today`, going on from `state` over days
    /// without a ritual (those after the last active day).
    public static func value(from state: State, through today: Int) -> Double {
        var state = state
        walk(&state, activeDays: [], through: today) { _, _ in }
        return state.warmth
    }

    /// The week a day number falls in, weeks starting on Monday
    /// (`DailyMenuRules.warmthWeekStart`); 1970-01-01, day 0, was a Thursday,
    /// so 1970-01-05 starts week 1.
    public static func week(of day: Int) -> Int {
        let shifted = day + 3 - (DailyMenuRules.warmthWeekStart.rawValue - 1)
        return shifted >= 0 ? shifted / 7 : -((-shifted + 6) / 7)
    }

    /// Goes on from `state` over each day after `state.day` through `today`,
    /// calling `body` with the day and the warmth at its end. `activeDays`
    /// ascending, without repeats, none at or before `state.day`.
    private static func walk(
        _ state: inout State, activeDays: [Int], through today: Int, _ body: (Int, Double) -> Void
    ) {
        guard state.day < today else { return }
        let m = DailyMenuRules.warmthDailyFactor
        var next = 0
        for day in (state.day + 1)...today {
            if next < activeDays.count && activeDays[next] == day {
                state.warmth = state.warmth * m + (1 - m)
                next += 1
            } else if day == today {
                // Today is not over: it waits for a ritual rather than cooling.
            } else {
                let week = week(of: day)
                if state.gracedWeek == week { state.warmth *= m } else { state.gracedWeek = week }
            }
            state.day = day
            body(day, state.warmth)
        }
    }
}
