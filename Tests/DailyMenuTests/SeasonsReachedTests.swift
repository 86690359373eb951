import DailyMenu
import Foundation
import LifeCore
import LifeDB
import LifeKitTestSupport
import Testing

/// DM-5 (issue 32): the day each season was reached, as the profile and the
/// statistics give it. `DailyMenuFixture.completeTenLowRituals` earns 28
/// Moments a day from 2026-11-01 (eight new categories) and 20 on the 9th
/// and 10th: totals 28, 56, 84, 112 (Morning Dew, 100, on 11-04), …, 224,
/// 244, 264 (Spring Bloom, 250, on 11-10). First Light comes with the first.
@Suite struct SeasonsReachedTests {
    static func expected() throws -> [String] {
        ["1 First Light 2026-11-01", "2 Morning Dew 2026-11-04", "3 Spring Bloom 2026-11-10"]
    }

    static func words(_ reached: [SeasonReached]) -> [String] {
        reached.map { "\($0.season.number) \($0.season.name) \($0.date.iso)" }
    }

    @Test func theProfileSaysTheDayEachSeasonWasReached() throws {
        let fixture = try DailyMenuFixture()
        try fixture.completeTenLowRituals()
        let store = try fixture.store(at: "2026-11-12T12:00:00Z")
        let journey = try store.profile().journey
        #expect(journey.moments == 264)
        #expect(Self.words(journey.seasonsReached) == (try Self.expected()))
        // Each names the ritual that carried the total over the threshold.
        let tenth = try fixture.db.fetchOne(
            String.self, "SELECT id FROM dailymenu_completions WHERE local_day = '2026-11-10'")
        #expect(journey.seasonsReached.last?.completionID.uuidString.lowercased() == tenth)
        // Kept in the cache, read back the same, and checked by db check.
        let cached = try #require(
            try fixture.db.fetchOne(String.self, "SELECT seasons FROM dailymenu_journey_cache WHERE id = 1"))
        #expect(
            cached.split(separator: "\n").map { $0.split(separator: " ").prefix(2).joined(separator: " ") }
                == ["1 2026-11-01", "2 2026-11-04", "3 2026-11-10"])
        #expect(Self.words(try store.profile().journey.seasonsReached) == (try Self.expected()))
        #expect(try store.invariantViolations() == [])
        try fixture.db.execute(
            "UPDATE dailymenu_journey_cache SET seasons = replace(seasons, '2026-11-04', '2026-11-05')")
        #expect(try store.invariantViolations().count == 1)
        #expect(try store.invariantViolations().first?.contains("seasons") == true)
    }

    /// A cache row kept before migration 0024 has no seasons: it answers
    /// nothing, so the profile works them out, and `db check` is content.
    @Test func aCacheFromBeforeTheSeasonsIsWorkedOutAgain() throws {
        let fixture = try DailyMenuFixture()
        try fixture.completeTenLowRituals()
        let store = try fixture.store(at: "2026-11-12T12:00:00Z")
        try fixture.db.execute("UPDATE dailymenu_journey_cache SET seasons = ''")
        #expect(Self.words(try store.profile().journey.seasonsReached) == (try Self.expected()))
        #expect(try store.invariantViolations() == [])
    }

    @Test func anUndoTakesASeasonBackWithItsDay() throws {
        let fixture = try DailyMenuFixture()
        try fixture.completeTenLowRituals()
        let store = try fixture.store(at: "2026-11-10T12:00:00Z")
        _ = try store.undo(nil)
        // 244 Moments: Spring Bloom is not reached any more.
        #expect(Self.words(try store.profile().journey.seasonsReached) == Array(try Self.expected().prefix(2)))
    }

    @Test func noRitualNoSeason() throws {
        let fixture = try DailyMenuFixture()
        #expect(try fixture.store(at: "2026-11-10T12:00:00Z").profile().journey.seasonsReached == [])
    }

    /// A threshold met exactly counts. Seven rituals on one day, each
    /// said Low: the first also lifts the mood (10 + 5 + 3 + 8 + 2 = 28),
    /// the others earn 10 + 2 = 12: 28, 40, 52, 64, 76, 88, 100 — Morning
    /// Dew (100) with the seventh, not before.
    @Test func aThresholdIsReachedWhenTheTotalMeetsIt() throws {
        let day = try History.date("2026-03-01")
        let history = try (0..<7).map { i in
            try History.completion(
                day, String(format: "%02d:00", 8 + i), category: "move", before: .low, after: i == 0 ? .better : nil)
        }
        let journey = Journey(history: history, categories: History.categories, today: day)
        #expect(journey.moments == 100)
        #expect(journey.seasonsReached.map(\.season.number) == [1, 2])
        #expect(journey.seasonsReached.map(\.completionID) == [history[0].id, history[6].id])
        #expect(journey.seasonsReached.map(\.date) == [day, day])
        let six = Journey(history: Array(history.prefix(6)), categories: History.categories, today: day)
        #expect(six.moments == 88)
        #expect(six.seasonsReached.map(\.season.number) == [1])
    }
}
