import DailyMenu
import Foundation
import LifeCore
import LifeDB
import LifeKitTestSupport
import Testing

/// Issue 32: a person's own rituals behave like the catalogue's on the
/// menu, when started and completed, in Moments, stamps and the calendar;
/// their rules hold for a command, an import and `db check`.
@Suite struct OwnRitualsTests {
    static func added(_ fixture: DailyMenuFixture, at iso: String = "2026-11-02T07:00:00Z") throws -> Activity {
        try fixture.store(at: iso).addActivity(
            title: "Evening pages", category: "Create", energy: .low, minutes: 10, howTo: "Three pages, longhand.")
    }

    @Test func anOwnRitualIsDoneLikeTheCataloguesAndCounts() throws {
        let fixture = try DailyMenuFixture()
        let mine = try Self.added(fixture)
        #expect(mine.own && !mine.removed)
        #expect(mine.id.hasPrefix("own-") && mine.id.count == 40)
        #expect(mine.category == "create" && mine.minutes == 10 && mine.howTo == "Three pages, longhand.")
        // Listed with the catalogue, and eligible for the menu.
        let store = try fixture.store(at: "2026-11-02T08:00:00Z")
        #expect(try store.listing(category: "create").contains { $0.activity == mine })
        let eligible = MenuPlanner.eligible(
            try store.activities(), hidden: [], excludedCategories: [], unlockedPacks: [])
        #expect(eligible.contains(mine))
        // Started Low, completed Better: 10 + 5 + 3 + 8 + 2 = 28, the first ritual's stamps.
        try store.start("evening pages", before: .low)
        let result = try fixture.store(at: "2026-11-02T08:20:00Z").complete("Evening pages", after: .better)
        #expect(result.moments.total == 28)
        #expect(result.newStamps.map(\.kind) == [.firstRitual, .morningRitual])
        let profile = try store.profile().journey
        #expect(profile.totals.minutes == 10 && profile.totals.categoriesTried == 1)
        let day = try store.day(try History.date("2026-11-02"))
        #expect(day.rituals.map(\.title) == ["Evening pages"])
        let month = try store.calendar(year: 2026, month: 11)
        #expect(month.days.first { $0.date.iso == "2026-11-02" }?.rituals == 1)
        // Hidden and favourite like any other.
        try store.setFavorite("Evening pages", true)
        #expect(try store.favorites() == [mine.id])
        #expect(try store.invariantViolations() == [])
    }

    @Test func itsTitleIsItsOwnAndFollowsTheRules() throws {
        let fixture = try DailyMenuFixture()
        _ = try Self.added(fixture)
        let store = try fixture.store(at: "2026-11-02T08:00:00Z")
        let before = try fixture.db.fetchAll("SELECT * FROM dailymenu_own_activities")
        let refused: [(String, String, Int, String)] = [
            ("box breathing", "move", 5, "title"),  // the catalogue's, in any case
            ("EVENING PAGES", "move", 5, "title"),  // one's own
            ("box-breath", "move", 5, "title"),  // an id
            ("\u{202E}", "move", 5, "title"),  // nothing visible (CORE-9)
            (String(repeating: "x", count: 61), "move", 5, "title"),
            ("Two\nlines", "move", 5, "title"),
            ("Fine title", "move", 0, "minutes"),
            ("Fine title", "move", 61, "minutes"),
            ("Fine title", "sleep", 5, "category"),
        ]
        for (title, category, minutes, field) in refused {
            do {
                try store.addActivity(title: title, category: category, energy: .low, minutes: minutes)
                Issue.record("'\(title)' \(minutes) \(category) was accepted")
            } catch let error as LifeError {
                #expect(error.field == field, "\(title): \(error.message)")
                #expect(error.exitCode == 64)
            }
        }
        #expect(try fixture.db.fetchAll("SELECT * FROM dailymenu_own_activities") == before)
        // 60 characters, one of them an emoji of several scalars.
        let long = String(repeating: "a", count: 59) + "👩‍👩‍👧"
        #expect(try store.addActivity(title: long, category: "move", energy: .high, minutes: 60).title == long)
    }

    @Test func anEditChangesWhatItMayAndNeverTheCategory() throws {
        let fixture = try DailyMenuFixture()
        let mine = try Self.added(fixture)
        let store = try fixture.store(at: "2026-11-02T08:00:00Z")
        try store.complete("Evening pages")
        let (edited, changed) = try store.editActivity(
            "evening pages", change: OwnActivityChange(title: "Evening Pages", minutes: 15, howTo: .some(nil)))
        #expect(changed == ["title", "minutes", "how-to"])
        #expect(edited.title == "Evening Pages" && edited.minutes == 15 && edited.howTo == "")
        // The totals follow the minutes as they are now; the cache too.
        #expect(try store.profile().journey.totals.minutes == 15)
        #expect(try store.invariantViolations() == [])
        #expect(try store.editActivity(mine.shortID, change: OwnActivityChange(minutes: 15)).changed == [])
        // The category is chosen once: the schema refuses a change by hand.
        #expect(throws: DatabaseError.self) {
            try fixture.db.execute("UPDATE dailymenu_own_activities SET category = 'move'")
        }
        // The catalogue's stay as they are.
        #expect(throws: LifeError.self) { try store.editActivity("box-breath", change: OwnActivityChange(minutes: 4)) }
        #expect(throws: LifeError.self) { try store.setActivityOn("box-breath", false) }
    }

    @Test func aRemovedRitualKeepsItsHistoryAndLeavesTheMenu() throws {
        let fixture = try DailyMenuFixture()
        let mine = try Self.added(fixture)
        try fixture.store(at: "2026-11-02T08:00:00Z").complete("Evening pages", after: .better)
        let store = try fixture.store(at: "2026-11-03T08:00:00Z")
        let (removed, changed) = try store.setActivityOn("Evening pages", false)
        #expect(changed && removed.removed)
        #expect(try store.setActivityOn("Evening pages", false).changed == false)
        #expect(try !store.listing().contains { $0.activity.id == mine.id })
        #expect(try store.listing(includingRemoved: true).contains { $0.activity.id == mine.id })
        #expect(
            !MenuPlanner.eligible(try store.activities(), hidden: [], excludedCategories: [], unlockedPacks: [])
                .contains { $0.id == mine.id })
        #expect(throws: LifeError.self) { try store.complete("Evening pages") }
        #expect(throws: LifeError.self) { try store.start("Evening pages") }
        // The history keeps it: the ritual, its Moments, its name.
        #expect(try store.profile().journey.moments == 26)
        #expect(try store.day(try History.date("2026-11-02")).rituals.map(\.title) == ["Evening pages"])
        // Its title stays taken; restored, it can be done again.
        #expect(throws: LifeError.self) {
            try store.addActivity(title: "Evening pages", category: "move", energy: .low, minutes: 5)
        }
        #expect(try store.setActivityOn(mine.shortID, true).changed)
        #expect(try store.complete("Evening pages").moments.total == 13)
    }

    @Test func deletingEverythingTakesOnesOwnRitualsAndTheirAnchors() throws {
        let fixture = try DailyMenuFixture()
        _ = try Self.added(fixture)
        let store = try fixture.store(at: "2026-11-02T08:00:00Z")
        try store.complete("Evening pages")
        #expect(try store.historySize().ownRituals == 1)
        let deletion = try fixture.store(at: "2026-11-03T08:00:00Z").deleteAll()
        #expect(deletion.deleted.ownRituals == 1)
        #expect(try fixture.db.fetchOne(Int.self, "SELECT count(*) FROM dailymenu_own_activities") == 0)
        #expect(
            try fixture.db.fetchOne(Int.self, "SELECT count(*) FROM dailymenu_activities WHERE id GLOB 'own-*'") == 0)
        #expect(try fixture.db.fetchOne(Int.self, "SELECT count(*) FROM dailymenu_activities") == 94)
        #expect(try store.invariantViolations() == [])
    }

    /// `db check`: an anchor that is not the one its ritual's id and
    /// category make, a ritual whose title breaks the rules.
    @Test func dbCheckHoldsTheAnchorAndTheRules() throws {
        let fixture = try DailyMenuFixture()
        let mine = try Self.added(fixture)
        let store = try fixture.store(at: "2026-11-02T08:00:00Z")
        try fixture.db.force("UPDATE dailymenu_activities SET minutes = 9 WHERE id = '\(mine.id)'")
        try fixture.db.force("UPDATE dailymenu_own_activities SET title = 'a' || char(9) || 'b'")
        #expect(
            Set(try store.invariantViolations()) == [
                "ritual of your own \(mine.id): its anchor in dailymenu_activities is missing or not the one its id and category make (title its id, energy low, 1 minute, the fixed how-to)",
                "ritual of your own \(mine.id): title holds a line break or a tab; it is one line",
            ])
    }
}
