import DailyMenu
import Foundation
import LifeCore
import Testing

/// DM-7: each stamp once, on the local day of the completion that earned it.
@Suite struct StampsTests {
    /// 120 completions, two a day from 2026-01-01 (i even at 12:00, odd at
    /// 18:00); i = 36 at 07:30 (the only morning one); categories: move for
    /// i < 20, then breathe … learn for i = 20 … 26, then move again; after-mood
    /// Better at i = 3, 9, 15, 40, 41, 60.
    static func history() throws -> [Completion] {
        let others = ["breathe", "create", "connect", "outdoors", "nourish", "tidy", "learn"]
        let start = try History.date("2026-01-01")
        return try (0..<120).map { i in
            let category = (20...26).contains(i) ? others[i - 20] : "move"
            let time = i == 36 ? "07:30" : (i % 2 == 0 ? "12:00" : "18:00")
            let lifted = [3, 9, 15, 40, 41, 60].contains(i)
            return try History.completion(
                start.adding(days: i / 2), time, category: category, after: lifted ? .better : .same)
        }
    }

    @Test func eachStampOnceOnTheRightDay() throws {
        var history = try Self.history()
        // The input order must not matter.
        var random = SplitMix64(state: 7)
        history.shuffle(using: &random)
        let awards = Stamps.awards(history, categories: History.categories)
        let byKind = Dictionary(grouping: awards, by: \.kind)
        #expect(awards.count == StampKind.allCases.count)
        #expect(byKind.values.allSatisfy { $0.count == 1 })
        // The day of completion i is 2026-01-01 + i / 2.
        let expected: [StampKind: String] = [
            .firstRitual: "2026-01-01",  // i = 0
            .tenRituals: "2026-01-05",  // i = 9
            .fiftyRituals: "2026-01-25",  // i = 49
            .hundredRituals: "2026-02-19",  // i = 99
            .everyCategory: "2026-01-14",  // i = 26
            .moodLifted: "2026-01-21",  // i = 41, the fifth Better
            .morningRitual: "2026-01-19",  // i = 36
            .sevenDays: "2026-01-07",  // i = 12, the first of the seventh day
        ]
        for (kind, date) in expected {
            #expect(byKind[kind]?.first?.date == (try History.date(date)), "\(kind)")
        }
    }

    @Test func noStampBeforeItsTime() throws {
        let history = Array(try Self.history().prefix(9))
        let kinds = Set(Stamps.awards(history, categories: History.categories).map(\.kind))
        // Five days, one Better, one category, no morning: only the first stamp.
        #expect(kinds == [.firstRitual])
        #expect(Stamps.awards([], categories: History.categories) == [])
    }

    @Test func morningIsFiveToTen() throws {
        let day = try History.date("2026-03-01")
        for (time, morning) in [("04:59", false), ("05:00", true), ("09:59", true), ("10:00", false)] {
            let kinds = Stamps.awards([try History.completion(day, time)], categories: History.categories).map(\.kind)
            #expect(kinds.contains(.morningRitual) == morning, "\(time)")
        }
    }
}
