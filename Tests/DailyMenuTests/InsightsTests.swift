import DailyMenu
import LifeCore
import Testing

/// The insights over the demo's fortnight (PictureGoldenTests.fortnight),
/// worked out by hand from its table.
@Suite struct InsightsTests {
    static func insights() throws -> Insights {
        let categories = History.categories.sorted().map { ActivityCategory(id: $0, name: $0.capitalized) }
        return Insights(
            history: try PictureGoldenTests.fortnight(), categories: categories, today: try History.date("2026-11-22"))
    }

    @Test func weeksEndWithTheCurrentOne() throws {
        let weeks = try Self.insights().weeks
        #expect(weeks.count == 26)
        #expect(weeks.last?.weekStart == (try History.date("2026-11-16")))
        #expect(weeks.first?.weekStart == (try History.date("2026-05-25")))
        #expect(weeks.dropLast(3).allSatisfy { $0.rituals == 0 && $0.meanBefore == nil && $0.meanAfter == nil })
    }

    @Test func weeklyMeansCountOnlyTheMoodsNoted() throws {
        let weeks = Array(try Self.insights().weeks.suffix(3))
        // Week of 11-02: only 11-08 (Low → Better).
        #expect(weeks[0].rituals == 1)
        #expect(weeks[0].meanBefore == 0)
        #expect(weeks[0].meanAfter == 1)
        // Week of 11-09: 7 rituals; befores Okay, Okay, Good, Low, Okay (two skipped) = 5 / 5;
        // afters Same, Better, Same, Better, Better, Lower (one skipped) = 2 / 6.
        #expect(weeks[1].rituals == 7)
        #expect(weeks[1].meanBefore == 1)
        #expect(abs((weeks[1].meanAfter ?? 0) - 2.0 / 6.0) < 1e-12)
        // Week of 11-16: 7 rituals; befores Low, Good, Okay, Okay, Low, Okay (one skipped) = 5 / 6;
        // afters Better, Same, Better, Better, Same, Better, Better = 5 / 7.
        #expect(weeks[2].rituals == 7)
        #expect(abs((weeks[2].meanBefore ?? 0) - 5.0 / 6.0) < 1e-12)
        #expect(abs((weeks[2].meanAfter ?? 0) - 5.0 / 7.0) < 1e-12)
    }

    @Test func perCategoryCounts() throws {
        let byCategory = Dictionary(uniqueKeysWithValues: try Self.insights().categories.map { ($0.category, $0) })
        // Breathe: 11-08, 11-16, 11-21, all Low → Better.
        #expect(byCategory["breathe"]?.rituals == 3)
        #expect(byCategory["breathe"]?.before == [3, 0, 0])
        #expect(byCategory["breathe"]?.after == [0, 0, 3])
        // Nourish: one ritual, both prompts skipped.
        #expect(byCategory["nourish"]?.before == [0, 0, 0])
        #expect(byCategory["nourish"]?.after == [0, 0, 0])
        // Tidy: Okay → Lower.
        #expect(byCategory["tidy"]?.before == [0, 1, 0])
        #expect(byCategory["tidy"]?.after == [1, 0, 0])
    }
}
