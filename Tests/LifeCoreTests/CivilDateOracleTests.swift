import Foundation
import LifeCore
import Testing

/// CivilDate's arithmetic against an independent oracle: Foundation's
/// Gregorian calendar in UTC, over seeded random dates from 1600 to 2400
/// (Foundation switches to the Julian calendar before 1582, CivilDate never does).
@Suite struct CivilDateOracleTests {
    static var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .gmt
        return calendar
    }

    static func foundationDate(_ date: CivilDate) -> Date? {
        calendar.date(from: DateComponents(year: date.year, month: date.month, day: date.day, hour: 12))
    }

    static func randomDate(_ rng: inout SplitMix64) -> CivilDate {
        let first = CivilDate(year: 1600, month: 1, day: 1)?.daysSinceEpoch ?? 0
        let last = CivilDate(year: 2400, month: 12, day: 31)?.daysSinceEpoch ?? 0
        return CivilDate(daysSinceEpoch: Int.random(in: first...last, using: &rng))
    }

    @Test func weekdaysAndDayCountsMatchFoundation() throws {
        var rng = SplitMix64(state: 20_261_122)
        let calendar = Self.calendar
        for _ in 0..<2_000 {
            let a = Self.randomDate(&rng)
            let b = Self.randomDate(&rng)
            let da = try #require(Self.foundationDate(a))
            let db = try #require(Self.foundationDate(b))
            // Foundation: Sunday = 1 … Saturday = 7; ISO: Monday = 1 … Sunday = 7.
            let foundationWeekday = calendar.component(.weekday, from: da)
            #expect((foundationWeekday + 5) % 7 + 1 == a.weekday.rawValue, "\(a)")
            #expect(calendar.dateComponents([.day], from: da, to: db).day == a.days(until: b), "\(a) → \(b)")
        }
    }

    /// Foundation finds the target month (added to the 1st, where nothing
    /// clamps) and that month's length; the expected day is the original day
    /// clamped to that length. Foundation's own `date(byAdding: .month, …)` is
    /// not used for the day: on Linux it misplaces month ends for some negative
    /// offsets (2278-09-30 − 31 months gives 2276-02-28, though 2276 is a leap
    /// year, and 2278-09-29 − 55 months gives 2274-03-01).
    @Test func addingMonthsAndYearsMatchesFoundation() throws {
        var rng = SplitMix64(state: 1_356)
        let calendar = Self.calendar
        func expected(_ date: CivilDate, months: Int) throws -> [Int] {
            let first = try #require(
                calendar.date(from: DateComponents(year: date.year, month: date.month, day: 1, hour: 12)))
            let target = try #require(calendar.date(byAdding: .month, value: months, to: first))
            let parts = calendar.dateComponents([.year, .month], from: target)
            let length = try #require(calendar.range(of: .day, in: .month, for: target)).count
            return [try #require(parts.year), try #require(parts.month), min(date.day, length)]
        }
        for _ in 0..<2_000 {
            let date = Self.randomDate(&rng)
            let months = Int.random(in: -60...60, using: &rng)
            let shifted = date.adding(months: months)
            #expect(
                [shifted.year, shifted.month, shifted.day] == (try expected(date, months: months)),
                "\(date) + \(months) months")
            let years = Int.random(in: -30...30, using: &rng)
            let shiftedYears = date.adding(years: years)
            #expect(
                [shiftedYears.year, shiftedYears.month, shiftedYears.day] == (try expected(date, months: 12 * years)),
                "\(date) + \(years) years")
        }
    }
}
