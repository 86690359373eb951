import Finite
import Foundation
import LifeCore
import Testing

/// SPEC FIN-3: where a life stands on a day.
@Suite struct LifeStatusTests {
    typealias F = PureFixture

    /// The spec's worked example: born 1990-05-14, today 2026-11-22, L = 80.
    @Test func workedExample() {
        let status = F.status("1990-05-14", 80, today: "2026-11-22")
        // 2026-05-14 → 2026-11-22 is 17 + 30 + 31 + 31 + 30 + 31 + 22 = 192 days;
        // 192 / 7 = 27, so index = 36·52 + 27 = 1899 and the number is 1,900.
        #expect(status.currentWeek.index == 1899)
        #expect(status.currentWeekNumber == 1900)
        #expect(status.weeksLived == 1899)
        // 52·80 − 1,900 = 4,160 − 1,900 = 2,260.
        #expect(status.weeksRemaining == 2260)
        #expect(status.weeksBeyondExpectancy == 0)
        #expect(status.totalWeeks == 4160)
        // lived + 1 + remaining = 1,899 + 1 + 2,260 = 4,160.
        #expect(status.weeksLived + 1 + status.weeksRemaining == status.totalWeeks)
        // 1,899 / 4,160 × 100 = 45.649…
        #expect(abs(status.percentLived - 45.649_038_461_5) < 1e-9)
        #expect(status.ageYears == 36)
        #expect(status.ageWeeks == 27)
        // 2026-05-14 + 189 = 2026-11-19, + 6 = 2026-11-25.
        #expect(status.currentWeek.start == F.date("2026-11-19"))
        #expect(status.currentWeek.end == F.date("2026-11-25"))
        #expect(status.today == F.date("2026-11-22"))
        #expect(!status.isBeyondExpectancy)
    }

    @Test(arguments: [
        // (birthday, L, today, index, remaining, beyond, percent, ageYears, ageWeeks)
        // The birthday: week 1, 52·80 − 1 = 4,159 remaining, 0 % lived.
        ("1990-05-14", 80, "1990-05-14", 0, 4159, 0, 0.0, 0, 0),
        // L = 1, 2021 is a common year: 2021-12-31 is day 364 of row 0 → week min(52, 51) = 51,
        // the last week of the expectancy: number 52, remaining 52 − 52 = 0, beyond 0,
        // percent 51 / 52 × 100 = 98.0769….
        ("2021-01-01", 1, "2021-12-31", 51, 0, 0, 98.076_923_076_9, 0, 51),
        // L = 1 and three years later: row 3 week 0 → index 156, number 157; remaining
        // max(0, 52 − 157) = 0; beyond 157 − 52 = 105; percent 156/52·100 = 300 → capped 100.
        ("2020-01-01", 1, "2023-01-01", 156, 0, 105, 100.0, 3, 0),
        // The first week past L = 1: index 52, number 53 → beyond 1.
        ("2020-01-01", 1, "2021-01-01", 52, 0, 1, 100.0, 1, 0),
    ])
    func statusTable(
        birthday: String, years: Int, today: String, index: Int, remaining: Int, beyond: Int, percent: Double,
        ageYears: Int, ageWeeks: Int
    ) {
        let status = F.status(birthday, years, today: today)
        #expect(status.currentWeek.index == index)
        #expect(status.weeksLived == index)
        #expect(status.weeksRemaining == remaining)
        #expect(status.weeksBeyondExpectancy == beyond)
        #expect(abs(status.percentLived - percent) < 1e-9)
        #expect(status.ageYears == ageYears)
        #expect(status.ageWeeks == ageWeeks)
        #expect(status.isBeyondExpectancy == (beyond > 0))
    }

    @Test func beforeBirthThereIsNoStatus() {
        #expect(F.grid("1990-05-14").status(on: F.date("1990-05-13")) == nil)
    }

    /// SPEC CORE-5: "today" is the owner's local date. 2026-05-13T12:30Z is
    /// 2026-05-14 00:30 in Auckland (NZST, UTC+12 in May), the 36th birthday,
    /// and still 2026-05-13 in UTC, the last day of row 35.
    @Test(arguments: [
        ("Pacific/Auckland", "2026-05-14", 1872, 36, 0),  // 36·52 + 0
        ("UTC", "2026-05-13", 1871, 35, 51),  // 35·52 + 51
    ])
    func todayDependsOnTheZone(zone: String, localDate: String, index: Int, ageYears: Int, ageWeeks: Int) throws {
        let today = CivilDate.of(F.instant("2026-05-13T12:30:00Z"), in: F.zone(zone))
        #expect(today == F.date(localDate))
        let status = try #require(F.grid("1990-05-14").status(on: today))
        #expect(status.currentWeek.index == index)
        #expect(status.ageYears == ageYears)
        #expect(status.ageWeeks == ageWeeks)
    }

    @Test func jsonCarriesTheCurrentWeekNumber() throws {
        let status = F.status("1990-05-14", 80, today: "2026-11-22")
        let json = String(decoding: try JSONEncoder().encode(status), as: UTF8.self)
        #expect(json.contains("\"currentWeekNumber\":1900"))
        #expect(json.contains("\"weeksRemaining\":2260"))
        #expect(try JSONDecoder().decode(LifeStatus.self, from: Data(json.utf8)) == status)
    }
}
