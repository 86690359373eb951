import Foundation
import LifeCore

/// The warmth gauge (DM-6): a soft streak in [0, 1] by exponential smoothing,
/// as Loop Habit Tracker's habit strength. Each counted day,
///
///     w ← w·m + (active ? 1 − m : 0),   m = 0.5^(1/13),
///
/// so warmth climbs toward 1 on active days and halves over 13 inactive ones.
/// Grace: an inactive day with no other inactive day in the six days before
/// it (the first inactive day of any 7-day window) leaves w as it was. Days
/// before the first ritual are not counted, and today counts only once it has
/// a ritual: an unfinished day never cools anything. Warmth decays
/// geometrically, so a long absence cools it a lot but never to 0.
public enum Warmth {
    /// Warmth at the end of each day from `first` through `today`.
    public static func series(activeDays: Set<CivilDate>, through today: CivilDate) -> [(
        day: CivilDate, warmth: Double
    )] {
        guard let first = activeDays.min(), first <= today else { return [] }
        let m = DailyMenuRules.warmthDailyFactor
        let window = DailyMenuRules.warmthGraceWindowDays
        let active = Set(activeDays.map(\.daysSinceEpoch))
        var warmth = 0.0
        var lastInactive: Int?
        var result: [(CivilDate, Double)] = []
        result.reserveCapacity(first.days(until: today) + 1)
        for day in first.daysSinceEpoch...today.daysSinceEpoch {
            if active.contains(day) {
                warmth = warmth * m + (1 - m)
            } else if day == today.daysSinceEpoch {
                // Today is not over: it waits for a ritual rather than cooling.
            } else {
                let graced = lastInactive.map { day - $0 >= window } ?? true
                if !graced { warmth *= m }
                lastInactive = day
            }
            result.append((CivilDate(daysSinceEpoch: day), warmth))
        }
        return result
    }

    /// Warmth as of `today` (0 before the first ritual).
    public static func value(activeDays: Set<CivilDate>, through today: CivilDate) -> Double {
        series(activeDays: activeDays, through: today).last?.warmth ?? 0
    }
}
