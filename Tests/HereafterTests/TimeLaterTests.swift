import Hereafter
import LifeCore
import Testing

/// HA-5's "2 years later": calendar-based, rounded down (docs/hereafter.md).
/// Expected values counted by hand on a calendar.
@Suite struct TimeLaterTests {
    @Test(arguments: [
        ("2026-11-22", "2026-11-22", TimeLater.sameDay, "the same day"),
        ("2026-11-22", "2026-11-23", .days(1), "1 day later"),
        ("2026-11-22", "2026-12-21", .days(29), "29 days later"),
        ("2026-11-22", "2026-12-22", .months(1), "1 month later"),
        ("2026-01-31", "2026-02-28", .months(1), "1 month later"),  // 31 Jan + 1 month clamps to 28 Feb
        ("2026-01-31", "2026-02-27", .days(27), "27 days later"),
        ("2026-11-22", "2027-11-21", .months(11), "11 months later"),
        ("2026-11-22", "2027-11-22", .years(1), "1 year later"),
        ("2026-03-01", "2028-02-29", .years(1), "1 year later"),  // 2028-03-01 would be two
        ("2026-11-22", "2028-11-22", .years(2), "2 years later"),
        ("2028-02-29", "2029-02-28", .years(1), "1 year later"),  // 29 Feb + 1 year = 28 Feb
        ("2028-02-29", "2029-02-27", .months(11), "11 months later"),
    ])
    func deltas(from: String, to: String, expected: TimeLater, phrase: String) throws {
        let a = try #require(CivilDate(iso: from))
        let b = try #require(CivilDate(iso: to))
        #expect(TimeLater.between(a, b) == expected)
        #expect(expected.phrase == phrase)
    }
}
