import DailyMenu
import Foundation
import LifeCore
import LifeDB
import LifeKitTestSupport
import Testing

/// DM-2 over random histories: never hidden, never excluded, never locked;
/// the same day gives the same menu. And DM-9: the profile is a function of
/// the completions alone.
@Suite struct MenuPropertyTests {
    /// A random history on a fresh database: preferences, then up to 60
    /// completions over the 90 days before 2026-11-22, with random moods.
    static func randomHistory(seed: UInt64) throws -> (DailyMenuFixture, DailyMenuStore) {
        var random = SplitMix64(state: seed)
        let fixture = try DailyMenuFixture()
        let setup = try fixture.store(at: "2026-08-01T12:00:00Z")
        let activities = try setup.activities()
        let base = activities.filter { $0.pack == nil }
        for activity in base where random.unit() < 0.15 { try setup.setHidden(activity.id, true) }
        for activity in base where random.unit() < 0.1 { try setup.setFavorite(activity.id, true) }
        for category in try setup.categories() where random.unit() < 0.2 { try setup.setExcluded(category.id, true) }
        let start = try History.date("2026-08-24")
        let count = Int(random.next() % 61)
        for _ in 0..<count {
            let day = start.adding(days: Int(random.next() % 90))
            let instant = day.instant(
                at: LocalTime(hour: Int(random.next() % 24), minute: Int(random.next() % 60)) ?? .midnight,
                in: TimeZone(identifier: "UTC") ?? .current)
            let store = fixture.store(at: instant)
            let unlocked = Set(try store.journey().season.unlockedPacks)
            let open = activities.filter { $0.pack.map(unlocked.contains) ?? true }
            let activity = open[Int(random.next() % UInt64(open.count))]
            let after = [nil, AfterMood.lower, .same, .better][Int(random.next() % 4)]
            let feedback = [nil, Feedback.lovedIt, .nice, .notForMe][Int(random.next() % 4)]
            let before = [nil, BeforeMood.low, .okay, .good][Int(random.next() % 4)]
            // DM-11: now and then the menu is asked for low energy, an hour before.
            if random.next() % 5 == 0 {
                _ = try fixture.store(at: instant.addingTimeInterval(-3_600)).menu(energy: .low)
            }
            do {
                try store.complete(activity.id, before: before, after: after, feedback: feedback)
            } catch let error as LifeError where error.field == "activity" {
                // The same activity twice on one day: refused, as it should be.
            }
        }
        return (fixture, try fixture.store(at: "2026-11-22T12:00:00Z"))
    }

    @Test(arguments: 1...24 as ClosedRange<UInt64>)
    func theMenuNeverSuggestsWhatItMustNot(seed: UInt64) throws {
        let (_, store) = try Self.randomHistory(seed: seed)
        let hidden = try store.hiddenActivities()
        let excluded = try store.excludedCategories()
        let unlocked = Set(try store.journey().season.unlockedPacks)
        for offset in 0..<5 {
            for energy in [nil, Energy.low, .medium, .high] {
                let date = try History.date("2026-11-22").adding(days: offset)
                let menu = try store.menu(date: date, energy: energy)
                #expect(menu.suggestions.count <= DailyMenuRules.menuSize)
                #expect(Set(menu.suggestions.map(\.activity.id)).count == menu.suggestions.count)
                for suggestion in menu.suggestions {
                    let activity = suggestion.activity
                    #expect(!hidden.contains(activity.id))
                    #expect(!excluded.contains(activity.category))
                    #expect(activity.pack.map(unlocked.contains) ?? true, "\(activity.id) is locked")
                    #expect(energy.map { $0 == activity.energy } ?? true)
                    #expect(suggestion.weight > 0)
                }
                let again = try store.menu(date: date, energy: energy)
                #expect(again.suggestions.map(\.activity.id) == menu.suggestions.map(\.activity.id))
            }
        }
    }

    /// The property above must see packs open: some random history reaches
    /// Spring Bloom, and then the Slow Mornings pack does come up on the menu.
    @Test func openPacksDoComeUp() throws {
        var found = false
        for seed in 1...24 as ClosedRange<UInt64> {
            let (_, store) = try Self.randomHistory(seed: seed)
            let unlocked = Set(try store.journey().season.unlockedPacks)
            guard !unlocked.isEmpty else { continue }
            found = true
            let start = try History.date("2026-11-22")
            let suggested = try (0..<60).flatMap { try store.menu(date: start.adding(days: $0)).suggestions }
            #expect(suggested.contains { $0.activity.pack != nil }, "seed \(seed): no pack activity in 60 days")
            break
        }
        #expect(found, "no random history opened a pack")
    }

    /// Only the history (the completions, and the days the menu was asked
    /// for low energy) is copied into a new database: the profile computed
    /// there is the same, number for number.
    @Test(arguments: [3, 11, 19] as [UInt64])
    func theProfileIsRecomputedFromCompletionsAlone(seed: UInt64) throws {
        let (fixture, store) = try Self.randomHistory(seed: seed)
        let fresh = try DailyMenuFixture()
        for row in try fixture.db.fetchAll(
            """
            SELECT id, activity_id, completed_at, local_day, local_time, time_zone, before_mood, after_mood, feedback
            FROM dailymenu_completions
            """)
        {
            try fresh.db.execute(
                """
                INSERT INTO dailymenu_completions (id, activity_id, completed_at, local_day, local_time, time_zone,
                    before_mood, after_mood, feedback) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, StatementArguments(row.values))
        }
        for row in try fixture.db.fetchAll("SELECT local_day, asked_at FROM dailymenu_low_energy_days") {
            try fresh.db.execute(
                "INSERT INTO dailymenu_low_energy_days (local_day, asked_at) VALUES (?, ?)",
                StatementArguments(row.values))
        }
        let copy = try fresh.store(at: "2026-11-22T12:00:00Z")
        let a = try store.journey()
        let b = try copy.journey()
        #expect(a.moments == b.moments)
        #expect(
            try store.day(try #require(a.totals.lastDay)).rituals.map(\.moments.total)
                == (try copy.day(try #require(b.totals.lastDay)).rituals.map(\.moments.total)))
        #expect(a.season == b.season)
        #expect(a.warmth == b.warmth)
        #expect(a.stamps == b.stamps)
        #expect(a.totals == b.totals)
    }

    @Test func favouritesWeighMoreAndNotForMeLess() throws {
        let activity = Activity(id: "x", title: "X", category: "move", energy: .low, minutes: 1, howTo: "x")
        #expect(MenuPlanner.weight(of: activity, favorite: false, history: nil).weight == 1)
        #expect(MenuPlanner.weight(of: activity, favorite: true, history: nil).weight == 3)
        let loved = ActivityHistory(latestFeedback: .lovedIt, moodDeltaSum: 2, ratedCount: 2)
        // 3 × 2 × (1 + 0.5 × 1).
        #expect(MenuPlanner.weight(of: activity, favorite: true, history: loved).weight == 9)
        let disliked = ActivityHistory(latestFeedback: .notForMe, moodDeltaSum: -1, ratedCount: 2)
        // 0.25 × (1 + 0.5 × −0.5).
        #expect(MenuPlanner.weight(of: activity, favorite: false, history: disliked).weight == 0.1875)
    }
}
