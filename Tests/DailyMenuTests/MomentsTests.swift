import DailyMenu
import Foundation
import LifeCore
import Testing

/// DM-4: base points and each bonus, alone and together.
@Suite struct MomentsTests {
    /// A history whose first completion sets the day and category seen, and
    /// a second completion under test.
    static func second(_ completion: Completion) throws -> MomentAward {
        let day = try History.date("2026-11-02")
        let first = try History.completion(day, "08:00", category: "move", energy: .medium)
        let awards = Moments.awards([completion, first])
        return try #require(awards.last)
    }

    @Test func theBaseAlone() throws {
        let award = try Self.second(try History.completion(try History.date("2026-11-02"), "09:00"))
        #expect(award.bonuses == [])
        #expect(award.total == 10)
    }

    @Test func moodImprovedAlone() throws {
        let award = try Self.second(try History.completion(try History.date("2026-11-02"), "09:00", after: .better))
        #expect(award.bonuses == [.moodImproved])
        #expect(award.total == 15)
    }

    @Test func sameOrLowerMoodEarnsNoBonus() throws {
        for after in [AfterMood.same, .lower] {
            let award = try Self.second(try History.completion(try History.date("2026-11-02"), "09:00", after: after))
            #expect(award.total == 10)
        }
    }

    @Test func firstOfTheDayAlone() throws {
        let award = try Self.second(try History.completion(try History.date("2026-11-03"), "09:00"))
        #expect(award.bonuses == [.firstOfDay])
        #expect(award.total == 13)
    }

    @Test func aNewCategoryAlone() throws {
        let award = try Self.second(try History.completion(try History.date("2026-11-02"), "09:00", category: "learn"))
        #expect(award.bonuses == [.newCategory])
        #expect(award.total == 18)
    }

    /// DM-11: said Low before, whatever the activity's energy.
    @Test func aLowEnergyDayAlone() throws {
        let award = try Self.second(
            try History.completion(try History.date("2026-11-02"), "09:00", energy: .high, before: .low))
        #expect(award.bonuses == [.lowEnergy])
        #expect(award.total == 12)
    }

    /// DM-11: a gentle activity in a good mood earns no low-energy bonus.
    @Test func aLowEnergyActivityOnAGoodDayEarnsNoBonus() throws {
        let award = try Self.second(
            try History.completion(try History.date("2026-11-02"), "09:00", energy: .low, before: .good))
        #expect(award.bonuses == [])
        #expect(award.total == 10)
    }

    /// DM-11: the bonus goes to rituals at or after the moment the day was
    /// said to be low (a before-mood Low at 09:00, or the menu asked for low
    /// energy at 09:30 on the next day), never to one before it.
    @Test func theDayIsLowFromTheMomentItIsSaid() throws {
        let day = try History.date("2026-11-02")
        let early = try History.completion(day, "08:00", category: "move")
        let low = try History.completion(day, "09:00", category: "move", before: .low)
        let later = try History.completion(day, "10:00", category: "move", before: .good)
        let next = day.adding(days: 1)
        let beforeAsk = try History.completion(next, "09:00", category: "move")
        let afterAsk = try History.completion(next, "10:00", category: "learn")
        let ask = next.instant(
            at: try #require(LocalTime(text: "09:30")), in: try #require(TimeZone(identifier: "UTC")))
        let awards = Moments.awards([early, low, later, beforeAsk, afterAsk], lowEnergyAsks: [next: ask])
        #expect(awards.map { $0.bonuses.contains(.lowEnergy) } == [false, true, true, false, true])
        // 10+3+8, 10+2, 10+2, 10+3, 10+8+2.
        #expect(awards.map(\.total) == [21, 12, 12, 13, 20])
    }

    @Test func everyBonusTogether() throws {
        let only = try History.completion(try History.date("2026-11-02"), before: .low, after: .better)
        let award = try #require(Moments.awards([only]).first)
        #expect(award.bonuses == [.moodImproved, .firstOfDay, .newCategory, .lowEnergy])
        // 10 + 5 + 3 + 8 + 2.
        #expect(award.total == 28)
    }

    @Test func firstOfDayFollowsTheStoredLocalDayNotTheInstant() throws {
        // 23:50 and 00:10 local are two days even 20 minutes apart.
        let late = try History.completion(try History.date("2026-11-02"), "23:50")
        let early = try History.completion(try History.date("2026-11-03"), "00:10")
        let awards = Moments.awards([early, late])
        #expect(awards.map(\.bonuses) == [[.firstOfDay, .newCategory], [.firstOfDay]])
        #expect(awards.map(\.localDay) == [try History.date("2026-11-02"), try History.date("2026-11-03")])
    }
}
