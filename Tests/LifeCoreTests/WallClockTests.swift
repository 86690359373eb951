import Foundation
import LifeCore
import Testing

/// The wall-clock date and minute of an instant in a zone: what a person
/// in that zone reads on a clock, across daylight-saving changes, odd
/// offsets and instants before 1970. Expected values worked out by hand
/// from the zones' offsets.
@Suite struct WallClockTests {
    @Test(arguments: [
        // New York's spring change, 2026-03-08 02:00 EST → 03:00 EDT (07:00 UTC).
        ("2026-03-08T06:59:59Z", "America/New_York", "2026-03-08", "01:59"),
        ("2026-03-08T07:00:00Z", "America/New_York", "2026-03-08", "03:00"),
        // Its autumn change, 2026-11-01 02:00 EDT → 01:00 EST (06:00 UTC): 01:30 twice.
        ("2026-11-01T05:30:00Z", "America/New_York", "2026-11-01", "01:30"),
        ("2026-11-01T06:30:00Z", "America/New_York", "2026-11-01", "01:30"),
        // +05:45, and a date that is the next day there.
        ("2026-11-22T18:20:00Z", "Asia/Kathmandu", "2026-11-23", "00:05"),
        // Before 1970, and a minute's last second rounded down.
        ("1969-12-31T23:59:59Z", "UTC", "1969-12-31", "23:59"),
        ("1969-07-20T20:17:40Z", "Europe/Lisbon", "1969-07-20", "21:17"),
    ])
    func readsTheClockOfTheZone(instant: String, zone: String, date: String, time: String) throws {
        let at = try #require(ISO8601DateFormatter().date(from: instant))
        let (day, clock) = CivilDate.wallClock(of: at, in: try #require(TimeZone(identifier: zone)))
        #expect(day.iso == date)
        #expect(clock == LocalTime(text: time))
    }
}
