import Finite
import Foundation
import LifeCore
import Testing

/// SPEC FIN-7: the notification schedule, computed and never sent.
@Suite struct NotificationScheduleTests {
    typealias F = PureFixture

    static let standard = NotificationPreferences(dailyEnabled: true, dailyTime: FiniteRules.defaultNotificationTime)
    static let milestonesOnly = NotificationPreferences(
        dailyEnabled: false, dailyTime: FiniteRules.defaultNotificationTime)

    func schedule(
        _ birthday: String = "1990-05-14", years: Int = 80, from: String, days: Int, zone: String = "UTC",
        preferences: NotificationPreferences = standard, marks: [WeekMark] = []
    ) -> [FiniteNotification] {
        NotificationSchedule.compute(
            grid: F.grid(birthday, years), from: F.date(from), days: days, timeZone: F.zone(zone),
            preferences: preferences, marks: marks)
    }

    @Test func thirtiethBirthday() {
        let items = schedule(from: "2020-05-14", days: 1)
        // 2020-05-14 is row 30, week 0: index 1,560, number 1,561, remaining 4,160 − 1,561 = 2,599.
        #expect(items.map(\.kind) == [.daily, .decade])
        #expect(items[0].body == "2,599")
        #expect(items[1].body == "You've now lived 30 years. 1,560 weeks.")
        #expect(items.allSatisfy { $0.title == nil })
        #expect(items.allSatisfy { $0.fireAt == F.instant("2020-05-14T08:00:00Z") })
        #expect(items.allSatisfy { $0.localDate == F.date("2020-05-14") })
    }

    @Test func dailyBodyIsTheGroupedNumberAlone() {
        let items = schedule(from: "2026-11-22", days: 7)
        // Week 1,900 (index 1899) runs 2026-11-19 … 11-25: remaining 2,260 on the 22nd–25th;
        // week 1,901 starts 11-26: remaining 2,259 on the 26th–28th.
        #expect(items.map(\.body) == ["2,260", "2,260", "2,260", "2,260", "2,259", "2,259", "2,259"])
        #expect(items.allSatisfy { $0.kind == .daily && $0.title == nil })
        #expect(items.map(\.localDate.iso) == (22...28).map { "2026-11-\($0)" })
        #expect(items.first?.fireAt == F.instant("2026-11-22T08:00:00Z"))
    }

    /// 08:00 in New York is 13:00Z under EST (UTC−5) and 12:00Z under EDT
    /// (UTC−4), which starts on 2026-03-08.
    @Test func dailyTimeFollowsDaylightSaving() {
        let items = schedule(from: "2026-03-07", days: 2, zone: "America/New_York")
        #expect(items.map(\.fireAt) == [F.instant("2026-03-07T13:00:00Z"), F.instant("2026-03-08T12:00:00Z")])
        #expect(items.map(\.localDate) == [F.date("2026-03-07"), F.date("2026-03-08")])
    }

    @Test func disablingDailyKeepsMilestones() {
        // 2020-05-10 … 2020-05-16 holds the 30th birthday and nothing else.
        let items = schedule(from: "2020-05-10", days: 7, preferences: Self.milestonesOnly)
        #expect(items.count == 1)
        #expect(items.first?.kind == .decade)
        #expect(items.first?.body == "You've now lived 30 years. 1,560 weeks.")
        #expect(items.first?.fireAt == F.instant("2020-05-14T08:00:00Z"))
    }

    @Test func halfwayOnTheFortiethBirthdayOfEighty() {
        // 52·80 / 2 = 2,080 = 52·40: the halfway week starts on the 40th birthday,
        // 2030-05-14, which is also a decade birthday; decade sorts before halfway.
        let items = schedule(from: "2030-05-14", days: 1, preferences: Self.milestonesOnly)
        #expect(items.map(\.kind) == [.decade, .halfway])
        #expect(
            items.map(\.body) == [
                "You've now lived 40 years. 2,080 weeks.",
                "You've now lived half of your 80 years. 2,080 weeks.",
            ])
        #expect(items.allSatisfy { $0.fireAt == F.instant("2030-05-14T08:00:00Z") })
    }

    @Test func halfwayMidRow() {
        // L = 75: 52·75 / 2 = 1,950 = 37·52 + 26; row 37 starts 2027-05-14, + 26·7 = 182
        // days = 2027-11-12 (17 + 30 + 31 + 31 + 30 + 31 + 12 = 182).
        let items = schedule(years: 75, from: "2027-11-06", days: 14, preferences: Self.milestonesOnly)
        #expect(items.count == 1)
        #expect(items.first?.kind == .halfway)
        #expect(items.first?.localDate == F.date("2027-11-12"))
        #expect(items.first?.body == "You've now lived half of your 75 years. 1,950 weeks.")
    }

    @Test func leapDayDecadeIsOnTheTwentyEighth() {
        // Born 2000-02-29: the 10th birthday is 2010-02-28 (2010 is common); 52·10 = 520.
        let items = schedule("2000-02-29", from: "2010-02-27", days: 3, preferences: Self.milestonesOnly)
        #expect(items.map(\.localDate) == [F.date("2010-02-28")])
        #expect(items.map(\.body) == ["You've now lived 10 years. 520 weeks."])
    }

    @Test func pastTheExpectancyTheDailyNumberIsZero() {
        // L = 1, three years on: remaining max(0, 52 − 157) = 0.
        let items = schedule("2020-01-01", years: 1, from: "2023-01-01", days: 1)
        #expect(items.map(\.body) == ["0"])
    }

    @Test func anAbsurdRangeIsCutToAHundredYears() {
        // Int.max days would overflow the day numbers; the range is cut to 36,525 days,
        // one daily item each.
        let items = schedule(from: "2026-11-22", days: Int.max)
        #expect(items.filter { $0.kind == .daily }.count == 36_525)
        #expect(items.last?.localDate == F.date("2026-11-22").adding(days: 36_524))
    }

    @Test func nothingBeforeBirth() {
        #expect(schedule(from: "1990-05-10", days: 4).isEmpty)  // 10th–13th, born the 14th
        #expect(schedule(from: "2026-11-22", days: 0).isEmpty)
    }

    /// Streaks count consecutive marked weeks however they were marked:
    /// weeks 1895–1897 marked live each week, 1894 backfilled on 20 November,
    /// 1893 backfilled the day after.
    static let backfilled = [
        F.mark(1890, .good, at: "2026-10-01T09:00:00Z"),  // alone: 1891–1892 unmarked
        F.mark(1893, .okay, at: "2026-11-21T10:00:00Z"),
        F.mark(1894, .hard, at: "2026-11-20T19:45:00Z"),
        F.mark(1895, .good, at: "2026-10-30T18:00:00Z"),
        F.mark(1896, .great, at: "2026-11-06T18:00:00Z"),
        F.mark(1897, .good, at: "2026-11-13T18:00:00Z"),
    ]

    @Test func streakOfFourWithBackfilling() {
        // Run 1893–1897 (5 weeks). Windows of 4: 1893–1896 complete at max(11-21 10:00, …)
        // = 11-21 10:00; 1894–1897 complete at max(11-20 19:45, 10-30, 11-06, 11-13)
        // = 11-20 19:45. The earlier, 2026-11-20T19:45Z, is when the run first held 4.
        let items = schedule(
            from: "2026-11-15", days: 7, preferences: Self.milestonesOnly, marks: Self.backfilled)
        #expect(items.count == 1)
        #expect(items.first?.kind == .streak)
        #expect(items.first?.body == "You've marked 4 weeks in a row.")
        #expect(items.first?.fireAt == F.instant("2026-11-20T19:45:00Z"))
        #expect(items.first?.localDate == F.date("2026-11-20"))
        #expect(items.first?.title == nil)
    }

    @Test(arguments: [
        // (zone, from, included?) 2026-11-20T19:45Z is 2026-11-21 08:45 in Auckland (NZDT, UTC+13).
        ("UTC", "2026-11-20", true),
        ("UTC", "2026-11-21", false),
        ("Pacific/Auckland", "2026-11-21", true),
        ("Pacific/Auckland", "2026-11-20", false),
    ])
    func streakIsInRangeByItsLocalDate(zone: String, from: String, included: Bool) {
        let items = schedule(
            from: from, days: 1, zone: zone, preferences: Self.milestonesOnly, marks: Self.backfilled)
        #expect(items.contains { $0.kind == .streak } == included)
        if included { #expect(items.first?.localDate == F.date(from)) }
    }

    @Test func longerStreaksFireWhenReached() {
        // Weeks 100…111 marked one a day from 2026-01-05T20:00Z: the 4th mark (week 103) on
        // 2026-01-08 completes 4 in a row; the 12th (week 111) on 2026-01-16 completes 12.
        // Weeks 200–202 make a run of 3: no milestone.
        let first = F.instant("2026-01-05T20:00:00Z")
        var marks = (0..<12).map { F.mark(100 + $0, .okay, at: first.addingTimeInterval(Double($0) * 86_400)) }
        marks += [200, 201, 202].map { F.mark($0, .good, at: "2026-01-10T12:00:00Z") }
        let items = schedule(from: "2026-01-01", days: 31, preferences: Self.milestonesOnly, marks: marks)
        #expect(items.map(\.body) == ["You've marked 4 weeks in a row.", "You've marked 12 weeks in a row."])
        #expect(items.map(\.fireAt) == [F.instant("2026-01-08T20:00:00Z"), F.instant("2026-01-16T20:00:00Z")])
        // A range that starts after the 4-streak keeps only the 12.
        let later = schedule(from: "2026-01-09", days: 30, preferences: Self.milestonesOnly, marks: marks)
        #expect(later.map(\.body) == ["You've marked 12 weeks in a row."])
    }

    @Test func sortedByInstantThenKind() {
        // A streak completed at exactly 08:00Z sorts after the daily and decade at 08:00Z,
        // and a streak at 07:00Z before them.
        let marks =
            [96, 97, 98].map { F.mark($0, .good, at: "2020-01-01T00:00:00Z") }
            + [F.mark(99, .good, at: "2020-05-14T08:00:00Z")]
            + [10, 11, 12, 13].map { F.mark($0, .okay, at: "2020-05-14T07:00:00Z") }
        let items = schedule(from: "2020-05-14", days: 1, marks: marks)
        #expect(items.map(\.kind) == [.streak, .daily, .decade, .streak])
        #expect(
            items.map(\.fireAt) == [
                F.instant("2020-05-14T07:00:00Z"), F.instant("2020-05-14T08:00:00Z"),
                F.instant("2020-05-14T08:00:00Z"), F.instant("2020-05-14T08:00:00Z"),
            ])
    }
}
