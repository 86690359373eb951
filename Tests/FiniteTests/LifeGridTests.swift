import Finite
import Foundation
import LifeCore
import Testing

/// SPEC FIN-2: the week model. Every expected date below was counted by hand
/// from the birthday (and cross-checked with a calendar outside this code).
@Suite struct LifeGridTests {
    typealias F = PureFixture

    @Test(arguments: [
        // (birthday, index, start, end, dayCount, year, weekOfYear)
        // Row 0, week 0 starts on the birthday itself.
        ("1990-05-14", 0, "1990-05-14", "1990-05-20", 7, 0, 0),
        // Week 1 starts 7 days later.
        ("1990-05-14", 1, "1990-05-21", "1990-05-27", 7, 0, 1),
        // Row 0 = 1990-05-14 … 1991-05-13 holds no 29 February: 365 days = 51·7 + 8,
        // so week 51 starts 14 May + 357 days = 1991-05-06 and has 8 days.
        ("1990-05-14", 51, "1991-05-06", "1991-05-13", 8, 0, 51),
        // Index 52 is row 1, week 0: the first birthday.
        ("1990-05-14", 52, "1991-05-14", "1991-05-20", 7, 1, 0),
        // Row 5 = 1995-05-14 … 1996-05-13 holds 1996-02-29: 366 days, so week 51
        // (index 5·52 + 51 = 311) has 9 days: 1996-05-14 − 9 = 1996-05-05.
        ("1990-05-14", 311, "1996-05-05", "1996-05-13", 9, 5, 51),
        // Index 520 = 52·10: the tenth birthday starts a row.
        ("1990-05-14", 520, "2000-05-14", "2000-05-20", 7, 10, 0),
        // Index 1899 = 52·36 + 27: 2026-05-14 + 27·7 = + 189 days = 2026-11-19.
        ("1990-05-14", 1899, "2026-11-19", "2026-11-25", 7, 36, 27),
        // 29 February birthday: row 1 starts 2001-02-28, so row 0 has 365 days
        // and week 51 runs 2000-02-29 + 357 = 2001-02-20 … 2001-02-27 (8 days).
        ("2000-02-29", 51, "2001-02-20", "2001-02-27", 8, 0, 51),
        // Row 1 starts on 28 February in a common year; + 6 days = 6 March.
        ("2000-02-29", 52, "2001-02-28", "2001-03-06", 7, 1, 0),
        ("2000-02-29", 156, "2003-02-28", "2003-03-06", 7, 3, 0),
        // Row 3 = 2003-02-28 … 2004-02-28 (row 4 starts on the real 29th): 366 days,
        // so week 51 has 9 days: 2004-02-29 − 9 = 2004-02-20.
        ("2000-02-29", 207, "2004-02-20", "2004-02-28", 9, 3, 51),
        // Row 4 starts on 29 February in the leap year 2004; + 6 days = 6 March.
        ("2000-02-29", 208, "2004-02-29", "2004-03-06", 7, 4, 0),
        // 1999-12-31 … 2000-12-30 holds 2000-02-29: 366 days, week 51 = 9 days
        // from 2000-12-31 − 9 = 2000-12-22.
        ("1999-12-31", 51, "2000-12-22", "2000-12-30", 9, 0, 51),
    ])
    func weekRanges(
        birthday: String, index: Int, start: String, end: String, dayCount: Int, year: Int, weekOfYear: Int
    ) {
        let range = F.grid(birthday).weekRange(index: index)
        #expect(range.index == index)
        #expect(range.number == index + 1)
        #expect(range.start == F.date(start))
        #expect(range.end == F.date(end))
        #expect(range.dayCount == dayCount)
        #expect(range.year == year)
        #expect(range.weekOfYear == weekOfYear)
    }

    @Test(arguments: [
        // (birthday, date, expected index or nil)
        ("1990-05-14", "1990-05-13", nil),  // the day before birth has no week
        ("1990-05-14", "1990-05-14", 0),
        ("1990-05-14", "1990-05-20", 0),
        ("1990-05-14", "1990-05-21", 1),
        ("1990-05-14", "1991-05-06", 51),  // first day of the 8-day week 51
        ("1990-05-14", "1991-05-13", 51),  // its eighth day
        ("1990-05-14", "1991-05-14", 52),  // first birthday
        ("1990-05-14", "1996-05-13", 311),  // ninth day of a 9-day week 51
        ("1990-05-14", "2026-05-13", 1871),  // 35·52 + 51
        ("1990-05-14", "2026-05-14", 1872),  // 36·52
        ("1990-05-14", "2026-11-22", 1899),  // 192 days into row 36: 192 / 7 = 27 → 1872 + 27
        ("1990-05-14", "2080-05-14", 4680),  // 90th birthday, past L = 80: 52·90, still counted
        ("2000-02-29", "2001-02-27", 51),
        ("2000-02-29", "2001-02-28", 52),  // 28 February is the birthday in 2001
        ("2000-02-29", "2004-02-28", 207),
        ("2000-02-29", "2004-02-29", 208),
    ])
    func weekIndexes(birthday: String, date: String, expected: Int?) {
        #expect(F.grid(birthday).weekIndex(containing: F.date(date)) == expected)
    }

    @Test(arguments: [
        // (birthday, row, first day of the row)
        ("2000-02-29", 0, "2000-02-29"),
        ("2000-02-29", 1, "2001-02-28"),  // SPEC FIN-2: 28 February in common years
        ("2000-02-29", 3, "2003-02-28"),
        ("2000-02-29", 4, "2004-02-29"),
        ("2000-02-29", 100, "2100-02-28"),  // 2100 is not a leap year
        ("1990-05-14", 30, "2020-05-14"),
    ])
    func rowsStartOnBirthdays(birthday: String, row: Int, start: String) {
        let grid = F.grid(birthday)
        #expect(grid.rowStart(year: row) == F.date(start))
        #expect(grid.weekIndex(containing: F.date(start)) == 52 * row)
    }

    /// Every day from birth to 100 years on is in exactly one week, the week's
    /// range holds it, and consecutive weeks meet without a gap or overlap.
    @Test(arguments: ["1990-05-14", "2000-02-29", "1999-12-31", "1904-03-01", "1970-01-01"])
    func everyDayIsInExactlyOneWeek(birthday: String) {
        let grid = F.grid(birthday)
        let first = F.date(birthday)
        let last = first.adding(years: 100)
        var previousIndex = -1
        var previousEnd = first.adding(days: -1)
        var problems: [String] = []
        var date = first
        while date <= last {
            guard let index = grid.weekIndex(containing: date) else {
                problems.append("\(date): no week")
                break
            }
            let range = grid.weekRange(index: index)
            if !(range.start <= date && date <= range.end) { problems.append("\(date) outside week \(index)") }
            if index != previousIndex {
                // A new week starts the day after the last one ended, one index on.
                if index != previousIndex + 1 { problems.append("\(date): index \(previousIndex) → \(index)") }
                if range.start != previousEnd.adding(days: 1) { problems.append("\(date): gap before week \(index)") }
                if !(7...9).contains(range.dayCount) { problems.append("week \(index) has \(range.dayCount) days") }
                if range.weekOfYear != 51 && range.dayCount != 7 { problems.append("week \(index) is not 7 days") }
                previousIndex = index
                previousEnd = range.end
            }
            if problems.count > 5 { break }
            date = date.adding(days: 1)
        }
        #expect(problems.isEmpty, "\(problems)")
        // 100 years hold 100 rows of 52 weeks, plus week 0 of row 100 on the last day.
        #expect(previousIndex == 5200)
    }

    /// SPEC CORE-5: a week spanning the spring change in New York is still 7
    /// calendar days; the zone only decides which date "now" is.
    @Test func daylightSavingWeekHasSevenDays() {
        let grid = F.grid("1990-05-14")
        // 2026-03-08 is 298 days after the 35th birthday (2025-05-14): 298 / 7 = 42,
        // so index 35·52 + 42 = 1862, starting 2025-05-14 + 294 days = 2026-03-04.
        let instant = F.instant("2026-03-08T12:00:00Z")  // 08:00 EDT, the first morning after the change
        let today = CivilDate.of(instant, in: F.zone("America/New_York"))
        #expect(today == F.date("2026-03-08"))
        let range = grid.weekRange(index: 1862)
        #expect(grid.weekIndex(containing: today) == 1862)
        #expect(range.start == F.date("2026-03-04"))
        #expect(range.end == F.date("2026-03-10"))
        #expect(range.dayCount == 7)
    }

    @Test func totalWeeksIsFiftyTwoPerYear() {
        #expect(F.grid("1990-05-14", 80).totalWeeks == 4160)  // 52 · 80
        #expect(F.grid("1990-05-14", 1).totalWeeks == 52)
        #expect(F.grid("1990-05-14", 120).totalWeeks == 6240)  // 52 · 120
    }

    @Test func weekRangeJSONCarriesTheNumberAndDayCount() throws {
        let range = F.grid("1990-05-14").weekRange(index: 311)
        let json = String(decoding: try JSONEncoder().encode(range), as: UTF8.self)
        #expect(json.contains("\"number\":312"))
        #expect(json.contains("\"dayCount\":9"))
        #expect(json.contains("\"start\":\"1996-05-05\""))
        #expect(try JSONDecoder().decode(WeekRange.self, from: Data(json.utf8)) == range)
    }
}
