import Foundation
import LifeCore
import Testing

@Suite struct CivilDateTests {
    @Test(arguments: [
        (1900, false), (2000, true), (2024, true), (2025, false), (2100, false), (2400, true), (1996, true),
    ])
    func leapYears(year: Int, leap: Bool) {
        #expect(CivilDate.isLeapYear(year) == leap)
        #expect((CivilDate(year: year, month: 2, day: 29) != nil) == leap)
    }

    @Test func impossibleDatesAreRefused() {
        #expect(CivilDate(iso: "2026-02-30") == nil)
        #expect(CivilDate(iso: "2026-13-01") == nil)
        #expect(CivilDate(iso: "2026-04-31") == nil)
        #expect(CivilDate(iso: "2026-4-1") == nil)
        #expect(CivilDate(iso: "0000-01-01") == nil)
        #expect(CivilDate(iso: "2026-01-01")?.iso == "2026-01-01")
    }

    @Test func dayNumbersMatchTheUnixEpoch() throws {
        #expect(try #require(CivilDate(iso: "1970-01-01")).daysSinceEpoch == 0)
        #expect(try #require(CivilDate(iso: "2000-03-01")).daysSinceEpoch == 11_017)
        #expect(try #require(CivilDate(iso: "1969-12-31")).daysSinceEpoch == -1)
        // Every day from 1850 to 2150 round-trips and advances by one.
        var date = try #require(CivilDate(iso: "1850-01-01"))
        for n in date.daysSinceEpoch..<(try #require(CivilDate(iso: "2150-01-01")).daysSinceEpoch) {
            #expect(date.daysSinceEpoch == n)
            #expect(CivilDate(daysSinceEpoch: n) == date)
            let next = date.adding(days: 1)
            #expect(next > date)
            date = next
        }
    }

    @Test(arguments: [
        ("2026-01-31", 1, "2026-02-28"),
        ("2024-01-31", 1, "2024-02-29"),
        ("2026-01-31", 3, "2026-04-30"),
        ("2026-03-31", -1, "2026-02-28"),
        ("2026-11-15", 2, "2027-01-15"),
        ("2026-01-15", -13, "2024-12-15"),
    ])
    func addingMonthsClampsToTheMonthEnd(start: String, months: Int, expected: String) throws {
        #expect(try #require(CivilDate(iso: start)).adding(months: months).iso == expected)
    }

    @Test func addingYearsToLeapDay() throws {
        let leapDay = try #require(CivilDate(iso: "2024-02-29"))
        #expect(leapDay.adding(years: 1).iso == "2025-02-28")
        #expect(leapDay.adding(years: 4).iso == "2028-02-29")
    }

    @Test(arguments: [
        ("2026-11-22", Weekday.sunday), ("1970-01-01", .thursday), ("2000-02-29", .tuesday), ("2026-03-08", .sunday),
    ])
    func weekdays(date: String, weekday: Weekday) throws {
        #expect(try #require(CivilDate(iso: date)).weekday == weekday)
    }

    /// Days between two dates are calendar days, even across the 23- and 25-hour
    /// daylight-saving days; local "today" comes from the zone's offset at the instant.
    @Test(arguments: ["America/New_York", "Europe/Berlin"])
    func daysBetweenAcrossDaylightSaving(zoneName: String) throws {
        let zone = try #require(TimeZone(identifier: zoneName))
        // Noon local on the Saturday before the March change and the Saturday before the autumn one.
        let spring = try #require(CivilDate(iso: zoneName == "Europe/Berlin" ? "2026-03-28" : "2026-03-07"))
        let autumn = try #require(CivilDate(iso: zoneName == "Europe/Berlin" ? "2026-10-24" : "2026-10-31"))
        for start in [spring, autumn] {
            let noon = start.instant(at: try #require(LocalTime(hour: 12, minute: 0)), in: zone)
            let nextNoon = start.adding(days: 1).instant(at: try #require(LocalTime(hour: 12, minute: 0)), in: zone)
            let hours = nextNoon.timeIntervalSince(noon) / 3600
            #expect(hours == 23 || hours == 25, "the day after \(start) is a daylight-saving day")
            // One calendar day apart, whatever the hours.
            #expect(CivilDate.of(noon, in: zone).days(until: CivilDate.of(nextNoon, in: zone)) == 1)
            // Midnight to midnight across the change is still exactly one day.
            let midnight = start.adding(days: 1).startInstant(in: zone)
            #expect(CivilDate.of(midnight, in: zone) == start.adding(days: 1))
            #expect(CivilDate.of(midnight.addingTimeInterval(-1), in: zone) == start)
        }
        // 2026-03-01 to 2026-04-01 is 31 days in any zone.
        #expect(
            try #require(CivilDate(iso: "2026-03-01")).days(until: try #require(CivilDate(iso: "2026-04-01"))) == 31)
    }

    @Test func localTodayDependsOnTheZone() throws {
        // 2026-05-13T12:30Z is already 14 May in Auckland (UTC+12) but still 13 May in UTC.
        let instant = try #require(Timestamp.parseISO8601("2026-05-13T12:30:00Z"))
        #expect(CivilDate.of(instant, in: try #require(TimeZone(identifier: "Pacific/Auckland"))).iso == "2026-05-14")
        #expect(CivilDate.of(instant, in: try #require(TimeZone(identifier: "UTC"))).iso == "2026-05-13")
    }

    @Test func localTimeInDaylightSavingGapMovesForward() throws {
        let zone = try #require(TimeZone(identifier: "America/New_York"))
        let day = try #require(CivilDate(iso: "2026-03-08"))
        let eight = day.instant(at: try #require(LocalTime(hour: 8, minute: 0)), in: zone)
        #expect(Timestamp.iso8601(eight) == "2026-03-08T12:00:00Z")
        let dayBefore = day.adding(days: -1).instant(at: try #require(LocalTime(hour: 8, minute: 0)), in: zone)
        #expect(Timestamp.iso8601(dayBefore) == "2026-03-07T13:00:00Z")
        let gap = day.instant(at: try #require(LocalTime(hour: 2, minute: 30)), in: zone)
        #expect(Timestamp.iso8601(gap) == "2026-03-08T07:30:00Z")
    }
}
