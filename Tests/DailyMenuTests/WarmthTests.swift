import DailyMenu
import Foundation
import LifeCore
import Testing

/// DM-6: warmth by exponential smoothing with a grace day per calendar week
/// (DM-11's decision: Monday to Sunday, as the calendar is drawn).
@Suite struct WarmthTests {
    static let start = CivilDate(daysSinceEpoch: 20_000)  // 2024-10-04

    static func days(_ offsets: some Sequence<Int>) -> Set<CivilDate> {
        Set(offsets.map { start.adding(days: $0) })
    }

    @Test func theFactorIsLoopHabitTrackersDailyOne() {
        // 0.5^(1/13) to 15 digits, worked out with Python's decimal module.
        #expect(abs(DailyMenuRules.warmthDailyFactor - 0.948_077_514_339_171) < 1e-15)
    }

    /// Active days 0, 1, 2; day 3 off (the first of its window: no effect);
    /// day 4 off (cools once); day 5 active. With m = 0.5^(1/13), by hand:
    /// w0 = 1 − m, w2 = 1 − m³, w3 = w2, w4 = w2·m, w5 = w4·m + 1 − m.
    @Test func valuesEqualAHandComputation() {
        let series = Warmth.series(activeDays: Self.days([0, 1, 2, 5]), through: Self.start.adding(days: 5))
        let expected = [
            0.051_922_485_660_829, 0.101_149_026_804_458, 0.147_819_603_571_425, 0.147_819_603_571_425,
            0.140_144_442_324_599, 0.184_790_280_188_383,
        ]
        #expect(series.count == expected.count)
        for (got, want) in zip(series.map(\.warmth), expected) {
            #expect(abs(got - want) < 1e-12, "\(got) != \(want)")
        }
        #expect(series.first?.day == Self.start)
    }

    @Test func oneDayOffEachWeekForAYearKeepsItRising() {
        // Every seventh day off, for 52 weeks.
        let active = Self.days((0..<364).filter { $0 % 7 != 6 })
        let series = Warmth.series(activeDays: active, through: Self.start.adding(days: 363)).map(\.warmth)
        for day in 1..<series.count {
            #expect(series[day] >= series[day - 1], "warmth fell on day \(day)")
        }
        let weekEnds = stride(from: 6, to: 364, by: 7).map { series[$0] }
        for week in 1..<weekEnds.count where weekEnds[week - 1] < 0.999_999 {
            #expect(weekEnds[week] > weekEnds[week - 1], "week \(week) did not rise")
        }
        #expect(WarmthLevel.of(series[363]) == .radiant)
    }

    @Test func twoDaysOffInOneWeekCoolIt() {
        // 31 active days (day 30 is a Sunday), then Monday 31 and Wednesday
        // 33 off, one calendar week; 32 and 34 active.
        let active = Self.days(Array(0..<31) + [32, 34])
        let series = Warmth.series(activeDays: active, through: Self.start.adding(days: 34)).map(\.warmth)
        let m = DailyMenuRules.warmthDailyFactor
        #expect(series[31] == series[30], "the first day off of the week has no effect")
        #expect(series[33] < series[32], "the second day off in the week cools it")
        #expect(abs(series[33] - series[32] * m) < 1e-15)
        // And the week ends cooler than the same week with one day off.
        let oneOff = Warmth.value(
            activeDays: Self.days(Array(0..<31) + [32, 33, 34]), through: Self.start.adding(days: 34))
        #expect(series[34] < oneOff)
    }

    @Test func thirtyDaysOffCoolALotButNotToZero() {
        // Days 0-59 active, 60-89 off, today day 90 (not yet active: not
        // counted). Day 0 is a Friday, so day 59 is a Monday: the days off
        // fall in five calendar weeks (60-65, 66-72, 73-79, 80-86, 87-89),
        // the first of each graced: 25 days cool.
        let warmth = Warmth.value(activeDays: Self.days(0..<60), through: Self.start.adding(days: 90))
        // By hand: (1 − m^60)·m^25, Python decimal; 1 − m^60 = 0.959 202 759 446 568.
        #expect(abs(warmth - 0.252_933_632_782_956) < 1e-12)
        #expect(warmth > 0)
        #expect(warmth < 0.27 * 0.959_202_759_446_568)
    }

    /// DM-11's named edge: a Sunday off and the next Saturday off are one day
    /// off in each of two calendar weeks, so at midnight after the Saturday
    /// warmth is still Warm (a rolling 7-day window cooled it to Cozy).
    /// Active 2026-10-26 … 11-07 (13 days, Monday to Saturday), Sunday 11-08
    /// off, Monday 11-09 … Friday 11-13 active, Saturday 11-14 off; today
    /// Sunday 11-15, no ritual yet.
    @Test func aSundayAndTheNextSaturdayOffCoolNothing() throws {
        let first = try History.date("2026-10-26")
        let active = Set((0..<13).map { first.adding(days: $0) } + (14..<19).map { first.adding(days: $0) })
        let today = try History.date("2026-11-15")
        let warmth = Warmth.value(activeDays: active, through: today)
        // By hand: 18 active steps from 0 and no cooling: 1 − m^18, Python decimal.
        #expect(abs(warmth - 0.617_008_410_666_007) < 1e-12)
        #expect(WarmthLevel.of(warmth) == .warm)
        // The rolling window's answer would have been (1 − m^18)·m = 0.584 971 800 310 590, Cozy.
        #expect(warmth > 0.6)
    }

    /// Two days off in one calendar week: the second cools. Active 10-27 …
    /// 11-08 (13 days), Monday 11-09 off (graced), 11-10 … 11-13 active,
    /// Saturday 11-14 off (the second of the week): (1 − m^17)·m.
    @Test func twoDaysOffInOneCalendarWeekCoolOnce() throws {
        let first = try History.date("2026-10-27")
        let active = Set((0..<13).map { first.adding(days: $0) } + (14..<18).map { first.adding(days: $0) })
        let warmth = Warmth.value(activeDays: active, through: try History.date("2026-11-15"))
        #expect(abs(warmth - 0.565_085_925_005_178) < 1e-12)
    }

    @Test func todayWithoutARitualYetCoolsNothing() {
        let yesterday = Warmth.value(activeDays: Self.days(0..<10), through: Self.start.adding(days: 9))
        let today = Warmth.value(activeDays: Self.days(0..<10), through: Self.start.adding(days: 10))
        #expect(today == yesterday)
        #expect(Warmth.value(activeDays: [], through: Self.start) == 0)
    }

    @Test(arguments: [
        (0.0, WarmthLevel.spark), (0.199, .spark), (0.2, .glow), (0.4, .cozy), (0.6, .warm), (0.8, .radiant),
        (1.0, .radiant),
    ])
    func levels(warmth: Double, level: WarmthLevel) {
        #expect(WarmthLevel.of(warmth) == level)
    }
}
