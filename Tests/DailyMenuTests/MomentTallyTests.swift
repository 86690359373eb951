import DailyMenu
import Foundation
import LifeCore
import LifeDB
import LifeKitTestSupport
import Testing

/// DM-4, DM-5: the Moments before a point of the history, counted from five
/// numbers (`MomentTally`, in SQL by the store for the pack rule) agree with
/// the awards one completion at a time (`Moments.awards`), and a pack opens
/// by the Moments of the rituals before a ritual, not after it.
@Suite struct MomentTallyTests {
    /// Worked out by hand: two completions on one day in one category, the
    /// first said Low before and lifting the mood, the second (said Okay)
    /// on that low-energy day; a third on the next day in another category,
    /// said Good, its after-mood not given.
    @Test func aTallyByHand() throws {
        let day = try History.date("2026-11-02")
        let first = try History.completion(day, "08:00", category: "move", before: .low, after: .better)
        let second = try History.completion(day, "09:00", category: "move", before: .okay, after: .same)
        let third = try History.completion(day.adding(days: 1), "08:00", category: "learn", before: .good)
        var running = MomentTally.Running()
        for completion in [first, second, third] { running.add(completion) }
        // Recorded moods: 3 × 10 + 1 × 5 + 2 days × 3 + 2 categories × 8 + 2 low-energy × 2 = 61.
        #expect(
            MomentTally(completions: 3, moodImproved: 1, days: 2, categories: 2, lowEnergy: 2).total == 61)
        #expect(Moments.awards([first, second, third]).reduce(0) { $0 + $1.total } == 61)
        // The running tally counts the absent after-mood as lifted (it may have been withheld): 66.
        #expect(running.tally == MomentTally(completions: 3, moodImproved: 2, days: 2, categories: 2, lowEnergy: 2))
        #expect(running.tally.total == 66)
    }

    /// Over random histories (moods skipped a quarter of the time), the
    /// store's count of the Moments at or before each completion equals the
    /// sum of the awards of the completions up to it.
    @Test(arguments: [2, 5, 13, 21] as [UInt64])
    func theStoresCountAgreesWithTheAwards(seed: UInt64) throws {
        let (_, store) = try MenuPropertyTests.randomHistory(seed: seed)
        let history = try store.completions()
        let awards = Moments.awards(history, lowEnergyAsks: try store.lowEnergyAsks())
        #expect(!history.isEmpty || seed == 0)
        var sum = 0
        for (completion, award) in zip(history, awards) {
            sum += award.total
            #expect(try store.moments(before: completion.completedAt) == sum, "\(completion.completedAt)")
        }
        #expect(try store.moments(before: Date(timeIntervalSince1970: 0)) == 0)
        #expect(try store.journey().moments == sum)
    }

    /// Ten rituals, each said Low, bring 264 Moments by 2026-11-10 09:00 (as in
    /// `DailyMenuImportTests`): slow coffee (Slow Mornings, Spring Bloom at
    /// 250) is refused at 08:30 that day, with 244 before it, though the
    /// journey as a whole is past 250; at 09:30 it is taken.
    @Test func aPackOpensByTheMomentsBeforeTheRitual() throws {
        let fixture = try DailyMenuFixture(at: "2026-10-30T12:00:00Z")
        try fixture.completeTenLowRituals()
        let early = try fixture.store(at: "2026-11-10T08:30:00Z")
        #expect(try early.journey().moments == 264)
        #expect(try early.moments(before: try #require(Timestamp.parseISO8601("2026-11-10T08:30:00Z"))) == 244)
        let before = try fixture.content()
        let error = try #require(throws: LifeError.self) { try early.complete("slow-coffee") }
        #expect(error.field == "activity")
        #expect(
            error.message
                == "activity 'slow-coffee' is in the Slow Mornings pack, which opens in the season Spring Bloom at 250 Moments (244 so far); it is waiting for you there"
        )
        #expect(throws: LifeError.self) { try early.start("slow-coffee") }
        #expect(try early.listing().first { $0.activity.id == "slow-coffee" }?.locked == true)
        #expect(try fixture.content() == before)
        let later = try fixture.store(at: "2026-11-10T09:30:00Z")
        #expect(try later.listing().first { $0.activity.id == "slow-coffee" }?.locked == false)
        try later.complete("slow-coffee")
        #expect(try later.invariantViolations() == [])
    }
}
