import Foundation
import LifeCore

/// The 1,356-day countdown (SPEC LT-3, LT-4) as pure functions of instants
/// and a time zone.
///
/// The end is the start plus 1,356 *calendar* days at the same local
/// wall-clock time in the account's zone (CORE-5), not 1,356 × 86,400
/// seconds: a countdown started at 12:00 in New York in July ends at 12:00
/// local, which is one hour more of real time when the end falls in winter.
/// Across daylight-saving changes: a wall-clock time that the end date skips
/// (02:30 on the spring change) moves forward by the gap (03:30); one that
/// the end date has twice (01:30 on the autumn change) is its first
/// occurrence.
public enum CountdownRules {
    /// The instant `days` calendar days after `instant` at the same local
    /// wall-clock time in `zone` (to the millisecond), by the rule above.
    public static func sameWallClock(as instant: Date, daysLater days: Int, in zone: TimeZone) -> Date {
        let date = CivilDate.of(instant, in: zone)
        let wall = instant.timeIntervalSince1970 + Double(zone.secondsFromGMT(for: instant))
        let secondsIntoDay = wall - Double(date.daysSinceEpoch) * 86_400
        let minutes = Int((secondsIntoDay / 60).rounded(.down))
        let rest = secondsIntoDay - Double(minutes) * 60
        let time = LocalTime(hour: min(23, minutes / 60), minute: minutes % 60) ?? .midnight
        // Daylight-saving changes happen on whole minutes, so the seconds
        // within the minute carry over unchanged.
        return date.adding(days: days).instant(at: time, in: zone).addingTimeInterval(rest)
    }

    /// LT-3: the end of a countdown started at `start` in `zone`.
    public static func end(start: Date, in zone: TimeZone) -> Date {
        sameWallClock(as: start, daysLater: LifeTimerRules.challengeDays, in: zone)
    }

    /// LT-4: where a countdown stands at `now`.
    public static func status(startedAt: Date, endsAt: Date, now: Date, in zone: TimeZone) -> CountdownStatus {
        let total = endsAt.timeIntervalSince(startedAt)
        let elapsed = now.timeIntervalSince(startedAt)
        let fraction = total > 0 ? min(1, max(0, elapsed / total)) : 1
        let finished = now >= endsAt
        var remaining = CountdownStatus.Remaining(days: 0, hours: 0, minutes: 0, seconds: 0)
        if !finished {
            // Whole calendar days first (the same wall-clock time d days
            // later), then the real seconds left after the last whole day.
            let from = max(now, startedAt)
            var days = CivilDate.of(from, in: zone).days(until: CivilDate.of(endsAt, in: zone))
            var anchor = sameWallClock(as: from, daysLater: days, in: zone)
            while days > 0 && anchor > endsAt {
                days -= 1
                anchor = sameWallClock(as: from, daysLater: days, in: zone)
            }
            let seconds = max(0, Int(endsAt.timeIntervalSince(anchor).rounded(.down)))
            remaining = CountdownStatus.Remaining(
                days: days, hours: seconds / 3_600, minutes: seconds % 3_600 / 60, seconds: seconds % 60)
        }
        let startDate = CivilDate.of(startedAt, in: zone)
        let today = CivilDate.of(min(max(now, startedAt), endsAt), in: zone)
        let dayNumber = min(LifeTimerRules.challengeDays, max(1, startDate.days(until: today) + 1))
        return CountdownStatus(
            startedAt: startedAt, endsAt: endsAt, now: now, elapsedFraction: fraction, remaining: remaining,
            finished: finished, dayNumber: dayNumber)
    }
}
