import LifeCore
import Testing

/// SPEC CORE-6: a date expression whose result falls outside the years
/// 1–9999 is refused naming the field (exit 64), never clamped to 9999-12-31
/// or 0001-01-01. The distances were worked out with Python's `datetime`
/// (2026-11-23 → 9999-12-31 is 2,912,116 days; 0001-01-01 → 2026-11-23 is
/// 739,942 days) and by month counts (9999-12 is 95,677 months after 2026-11;
/// 0001-01 is 24,310 months before it).
@Suite struct DateRangeTests {
    let today = CivilDate(year: 2026, month: 11, day: 23)!
    let last = CivilDate(year: 9999, month: 12, day: 31)!
    let first = CivilDate(year: 1, month: 1, day: 1)!

    func date(_ text: String, today: CivilDate? = nil) throws -> String {
        try DateExpression.date(text, field: "--unlock", today: today ?? self.today).iso
    }

    func expectRefused(_ text: String, today: CivilDate? = nil) {
        let error = #expect(throws: LifeError.self, "\(text)") { try date(text, today: today) }
        #expect(error?.kind == .invalidValue, "\(text)")
        #expect(error?.exitCode == 64)
        #expect(error?.field == "--unlock", "\(text)")
        #expect(error?.message.contains("outside the years 1–9999") == true, "\(text): \(error?.message ?? "")")
    }

    @Test func theLastRepresentableDayAndOnePast() throws {
        #expect(try date("+2912116d") == "9999-12-31")
        expectRefused("+2912117d")
        #expect(try date("-739942d") == "0001-01-01")
        expectRefused("-739943d")
        // 2,912,116 days is 416,016 weeks and 4 days.
        #expect(try date("+416016w") == "9999-12-27")
        expectRefused("+416017w")
        // 739,942 days is 105,706 weeks.
        #expect(try date("-105706w") == "0001-01-01")
        expectRefused("-105707w")
    }

    @Test func yearsAndMonthsAreRefusedRatherThanClamped() throws {
        #expect(try date("+7973y") == "9999-11-23")
        expectRefused("+7974y")
        expectRefused("+99999y")
        #expect(try date("-2025y") == "0001-11-23")
        expectRefused("-2026y")
        expectRefused("-8000y")
        #expect(try date("+95677m") == "9999-12-23")
        expectRefused("+95678m")
        expectRefused("+100000m")
        #expect(try date("-24310m") == "0001-01-23")
        expectRefused("-24311m")
    }

    /// Amounts too long for an Int, or far past any date, say the same.
    @Test func hugeAmountsSayTheDateIsOutside() {
        expectRefused("+3000000d")
        expectRefused("+10000001y")
        expectRefused("-99999999999999999999999999d")
    }

    @Test func wordsAtTheEdgesAreRefusedToo() throws {
        expectRefused("tomorrow", today: last)
        expectRefused("+1d", today: last)
        // 9999-12-31 is a Friday: every weekday name lies in year 10000.
        expectRefused("sat", today: last)
        expectRefused("friday", today: last)
        #expect(try date("today", today: last) == "9999-12-31")
        #expect(try date("yesterday", today: last) == "9999-12-30")
        expectRefused("yesterday", today: first)
        expectRefused("-1m", today: first)
        #expect(try date("tomorrow", today: first) == "0001-01-02")
        // 0001-01-01 is a Monday.
        #expect(try date("mon", today: first) == "0001-01-08")
    }

    /// The arithmetic itself no longer clamps the year: the result is exact,
    /// and `isInYearRange` tells whether it may be stored.
    @Test func civilDateArithmeticDoesNotClamp() {
        let plusDay = last.adding(days: 1)
        #expect([plusDay.year, plusDay.month, plusDay.day] == [10_000, 1, 1])
        #expect(!plusDay.isInYearRange)
        let plusMonth = last.adding(months: 1)
        #expect([plusMonth.year, plusMonth.month, plusMonth.day] == [10_000, 1, 31])
        let leap = CivilDate(year: 9996, month: 2, day: 29)!
        let plusYears = leap.adding(years: 4)
        #expect([plusYears.year, plusYears.month, plusYears.day] == [10_000, 2, 29])  // 10000 is a leap year
        let back = first.adding(months: -1)
        #expect([back.year, back.month, back.day] == [0, 12, 1])
        #expect(!back.isInYearRange)
        let yearBack = first.adding(years: -1)
        #expect([yearBack.year, yearBack.month, yearBack.day] == [0, 1, 1])
        #expect(last.isInYearRange && first.isInYearRange)
        // Month ends still move to the last day of a shorter month.
        #expect(CivilDate(year: 9999, month: 1, day: 31)!.adding(months: 1).iso == "9999-02-28")
    }

    /// An ISO time's seconds are two digits, never a signed number.
    @Test func signedSecondsAreRefused() {
        for text in ["2026-03-01T08:00:+5", "2026-03-01T08:00:-0"] {
            #expect(throws: LifeError.self, "\(text)") { try date(text) }
        }
    }
}
