import DailyMenu
import Foundation
import LifeCore
import Testing

/// DM-6: warmth by exponential smoothing with a grace day per 7-day window.
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
        // 30 active days, then days 30 and 32 off, 31 and 33 active.
        let active = Self.days(Array(0..<30) + [31, 33])
        let series = Warmth.series(activeDays: active, through: Self.start.adding(days: 33)).map(\.warmth)
        let m = DailyMenuRules.warmthDailyFactor
        #expect(series[30] == series[29], "the first day off has no effect")
        #expect(series[32] < series[31], "the second day off in the window cools it")
        #expect(abs(series[32] - series[31] * m) < 1e-15)
        // And the week ends cooler than the same week with one day off.
        let oneOff = Warmth.value(
            activeDays: Self.days(Array(0..<30) + [31, 32, 33]), through: Self.start.adding(days: 33))
        #expect(series[33] < oneOff)
    }

    @Test func thirtyDaysOffCoolALotButNotToZero() {
        // Days 0-59 active, 60-89 off, today day 90 (not yet active: not counted).
        let warmth = Warmth.value(activeDays: Self.days(0..<60), through: Self.start.adding(days: 90))
        // By hand: (1 − m^60)·m^29 (the first day off is graced), Python decimal.
        #expect(abs(warmth - 0.204_353_446_950_140) < 1e-12)
        #expect(warmth > 0)
        #expect(warmth < 0.25 * 0.959_202_759_446_568)
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
