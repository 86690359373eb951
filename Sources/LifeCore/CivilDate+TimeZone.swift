import Foundation

extension CivilDate {
    /// The owner's local date at `instant` in `timeZone` (SPEC CORE-5: "today" is
    /// local). The same instant can be a birthday in Auckland and the day before
    /// in UTC.
    public static func of(_ instant: Date, in timeZone: TimeZone) -> CivilDate {
        let seconds = Int(instant.timeIntervalSince1970.rounded(.down))
        let local = seconds + timeZone.secondsFromGMT(for: instant)
        let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        return CivilDate(daysSinceEpoch: days)
    }

    /// The wall-clock date and time of day (to the minute, rounded down)
    /// of `instant` in `timeZone`.
    public static func wallClock(of instant: Date, in timeZone: TimeZone) -> (date: CivilDate, time: LocalTime) {
        let date = of(instant, in: timeZone)
        let wall = instant.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: instant))
        let minutes = min(max(Int(((wall - Double(date.daysSinceEpoch) * 86_400) / 60).rounded(.down)), 0), 1439)
        return (date, LocalTime(hour: minutes / 60, minute: minutes % 60) ?? .midnight)
    }

    /// The instant at which `time` happens on this date in `timeZone`.
    ///
    /// A local time that a daylight-saving change skips (02:30 on the spring
    /// change in New York) moves forward by the length of the gap; one that
    /// happens twice (01:30 on the autumn change) is its first occurrence.
    public func instant(at time: LocalTime, in timeZone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let components = DateComponents(
            year: year, month: month, day: day, hour: time.hour, minute: time.minute, second: 0)
        if let date = calendar.date(from: components) {
            return date
        }
        // Foundation always answers for valid fields; keep a total fallback anyway.
        let local = Double(daysSinceEpoch * 86_400 + time.hour * 3600 + time.minute * 60)
        return Date(timeIntervalSince1970: local - Double(timeZone.secondsFromGMT()))
    }

    /// The first instant of this date in `timeZone` (local midnight, or the
    /// first existing instant where a change skips midnight).
    public func startInstant(in timeZone: TimeZone) -> Date {
        instant(at: LocalTime.midnight, in: timeZone)
    }
}
