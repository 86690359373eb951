import DailyMenu
import Foundation
import LifeCore
import LifeDB
import LifeExchange
import LifeKernel
import LifeKit
import LifeKitTestSupport
import Testing

/// DM-11 on the store: the low-energy day, undo, deleting everything, the
/// calendar's filters, the share line, and the profile's cache (issue 21).
@Suite struct DailyMenuDepthTests {
    // MARK: The low-energy day

    /// A medium ritual started Low earns the bonus, and so does a later one
    /// that day; a one-minute ritual in a Good mood earns none; asking the
    /// menu for low energy makes the rest of that day low, not its morning.
    /// Worked out by hand from the constants table.
    @Test func theBonusGoesToTheDayThePersonSaidWasLow() throws {
        let fixture = try DailyMenuFixture()
        // 2026-11-02: sun-salute (move, medium) said Low, then kitchen-dance (move, high).
        try fixture.store(at: "2026-11-02T08:00:00Z").start("sun-salute", before: .low)
        let low = try fixture.store(at: "2026-11-02T08:10:00Z").complete("sun-salute")
        let after = try fixture.store(at: "2026-11-02T09:00:00Z").complete("kitchen-dance")
        // 2026-11-03: glass-water (nourish, low, 1 minute) in a Good mood.
        let good = try fixture.store(at: "2026-11-03T08:00:00Z").complete("glass-water", before: .good)
        // 2026-11-04: sigh at 08:00; the menu asked for low energy at 09:00; two more.
        let morning = try fixture.store(at: "2026-11-04T08:00:00Z").complete("sigh")
        _ = try fixture.store(at: "2026-11-04T09:00:00Z").menu(energy: .low)
        // Tomorrow's menu asked for low energy is planning, not saying: nothing kept.
        _ = try fixture.store(at: "2026-11-04T09:05:00Z").menu(date: try History.date("2026-11-05"), energy: .low)
        let asked1 = try fixture.store(at: "2026-11-04T10:00:00Z").complete("text-friend")
        let asked2 = try fixture.store(at: "2026-11-04T11:00:00Z").complete("desk-clear", before: .good)
        // 10 + 3 + 8 + 2; 10 + 2; 10 + 3 + 8; 10 + 3 + 8; 10 + 8 + 2; 10 + 8 + 2.
        #expect(low.moments.total == 23)
        #expect(after.moments.bonuses == [.lowEnergy])
        #expect(after.moments.total == 12)
        #expect(good.moments.total == 21)
        #expect(!good.moments.bonuses.contains(.lowEnergy))
        #expect(morning.moments.total == 21)
        #expect(asked1.moments.total == 20)
        #expect(asked2.moments.total == 20)
        let store = try fixture.store(at: "2026-11-05T12:00:00Z")
        #expect(
            try store.lowEnergyAsks()
                == [try History.date("2026-11-04"): try #require(Timestamp.parseISO8601("2026-11-04T09:00:00Z"))])
        // The day view, the journey and the SQL count agree: 117.
        #expect(try store.day(try History.date("2026-11-04")).rituals.map(\.moments.total) == [21, 20, 20])
        #expect(try store.journey().moments == 117)
        #expect(try store.moments(before: try #require(Timestamp.parseISO8601("2026-11-05T00:00:00Z"))) == 117)
    }

    // MARK: Undo

    /// Seven days of one ritual each earn Seven Days on the seventh; undoing
    /// it takes the stamp, the Moments and the calendar mark back, and the
    /// profile is what a database holding only the other completions gives.
    @Test func undoingTheLatestRecomputesEverything() throws {
        let fixture = try DailyMenuFixture()
        let names = ["neck-rolls", "sigh", "doodle", "text-friend", "sky-look", "glass-water", "make-bed"]
        for (offset, name) in names.enumerated() {
            try fixture.store(at: "2026-11-0\(offset + 1)T09:00:00Z").complete(name, after: .better)
        }
        let store = try fixture.store(at: "2026-11-08T12:00:00Z")
        #expect(try store.journey().stamps.map(\.kind).contains(.sevenDays))
        let lastID = try #require(
            try fixture.db.fetchOne(String.self, "SELECT id FROM dailymenu_completions WHERE activity_id = 'make-bed'"))
        let undone = try store.undo(nil)
        #expect(undone.completion.id.uuidString.lowercased() == lastID)
        // make-bed (tidy): 10 + 5 + 3 + 8.
        #expect(undone.moments.total == 26)
        #expect(undone.lostStamps.map(\.kind) == [.sevenDays])
        #expect(try fixture.db.fetchOne(Int.self, "SELECT count(*) FROM dailymenu_completions") == 6)
        #expect(
            try fixture.db.fetchOne(
                String.self, "SELECT activity_id || ' ' || local_day FROM dailymenu_undone_completions")
                == "make-bed 2026-11-07")
        // Six rituals of 26 Moments each.
        #expect(try store.journey().moments == 156)
        #expect(try store.calendar(year: 2026, month: 11).days[6].mark == nil)
        // From scratch: only the six completions copied into a new database.
        let fresh = try DailyMenuFixture()
        for row in try fixture.db.fetchAll(
            "SELECT id, activity_id, completed_at, local_day, local_time, time_zone, after_mood FROM dailymenu_completions"
        ) {
            try fresh.db.execute(
                """
                INSERT INTO dailymenu_completions (id, activity_id, completed_at, local_day, local_time, time_zone,
                    after_mood) VALUES (?, ?, ?, ?, ?, ?, ?)
                """, StatementArguments(row.values))
        }
        let copy = try fresh.store(at: "2026-11-08T12:00:00Z")
        let (a, b) = (try store.profile().journey, try copy.profile().journey)
        #expect(a.moments == b.moments)
        #expect(a.totals == b.totals)
        #expect(a.stamps == b.stamps)
        #expect(a.warmth == b.warmth)
        #expect(a.season == b.season)
        #expect(try store.calendar(year: 2026, month: 11).days == (try copy.calendar(year: 2026, month: 11).days))
        #expect(try store.invariantViolations() == [])
    }

    /// By a prefix of its id; its start opens again; unknown ids and an
    /// empty history are refused naming the field, changing nothing.
    @Test func undoByIdAndRefusals() throws {
        let fixture = try DailyMenuFixture()
        #expect(throws: LifeError.self) { try fixture.store(at: "2026-11-02T08:00:00Z").undo(nil) }
        try fixture.store(at: "2026-11-02T08:00:00Z").start("box-breath", before: .low)
        let done = try fixture.store(at: "2026-11-02T08:05:00Z").complete("box-breath")
        try fixture.store(at: "2026-11-02T09:00:00Z").complete("sigh")
        let before = try fixture.content()
        let store = try fixture.store(at: "2026-11-02T09:30:00Z")
        let unknown = try #require(throws: LifeError.self) { try store.undo("ffff") }
        #expect(unknown.field == "completion")
        #expect(unknown.message == "completion is 'ffff'; no ritual has that id")
        #expect(try fixture.content() == before)
        let prefix = String(done.completion.id.uuidString.lowercased().prefix(6))
        let undone = try store.undo(prefix)
        #expect(undone.completion.id == done.completion.id)
        // Its start is open again within its 12 hours: completing takes its Low.
        let again = try fixture.store(at: "2026-11-02T09:40:00Z").complete("box-breath")
        #expect(again.completion.startID == done.completion.startID)
        #expect(again.completion.beforeMood == .low)
        // Done again after the undo: it stands.
        #expect(try fixture.db.fetchOne(Int.self, "SELECT count(*) FROM dailymenu_completions") == 2)
        #expect(try store.invariantViolations() == [])
    }

    /// An undo that would take the Moments before a pack's ritual below its
    /// season is refused (undo that one first), and changes nothing.
    @Test func anUndoThatWouldCloseAPackIsRefused() throws {
        let fixture = try DailyMenuFixture(at: "2026-10-30T12:00:00Z")
        try fixture.completeTenLowRituals()
        // 264 Moments: slow coffee (Slow Mornings, 250) is open at 09:30.
        try fixture.store(at: "2026-11-10T09:30:00Z").complete("slow-coffee")
        let before = try fixture.content()
        let first = try #require(
            try fixture.db.fetchOne(
                String.self, "SELECT id FROM dailymenu_completions WHERE activity_id = 'neck-rolls'"))
        let error = try #require(throws: LifeError.self) {
            try fixture.store(at: "2026-11-10T10:00:00Z").undo(first)
        }
        #expect(error.field == "completion")
        #expect(
            error.message.hasPrefix(
                "completion: Neck rolls on 2026-11-01 cannot be undone, because without it completion "))
        #expect(error.message.contains("slow-coffee is in the Slow Mornings pack"))
        #expect(try fixture.content() == before)
        // The pack's ritual first, then the other: both go.
        try fixture.store(at: "2026-11-10T10:00:00Z").undo(nil)
        try fixture.store(at: "2026-11-10T10:01:00Z").undo(first)
        #expect(try fixture.store(at: "2026-11-10T10:02:00Z").invariantViolations() == [])
    }

    /// DM-11 through an import: an export taken before the undo does not
    /// bring the ritual back (it is skipped, not refused), nor give its
    /// moods to the same ritual done again; an undo mark in a file deletes
    /// the ritual here.
    @Test func anUndoneRitualNeverComesBackFromAFile() throws {
        let fixture = try DailyMenuFixture()
        try fixture.store(at: "2026-11-02T08:00:00Z").complete("sigh", before: .low, after: .better, feedback: .lovedIt)
        let exchange = { (iso: String) in
            Exchange(fixture.db, registry: LifeKit.registry, clock: .fixed(try #require(Timestamp.parseISO8601(iso))))
        }
        let old = try exchange("2026-11-02T08:30:00Z").export()
        try fixture.store(at: "2026-11-02T09:00:00Z").undo(nil)
        // Done again, without moods.
        let redo = try fixture.store(at: "2026-11-02T09:30:00Z").complete("sigh")
        let report = try exchange("2026-11-02T10:00:00Z").importDocument(old)
        #expect(report.skipped.map(\.table) == ["dailymenu_completions"])
        #expect(report.skipped.first?.reason.hasPrefix("the ritual was undone here") == true)
        let rows = try fixture.db.fetchAll("SELECT id, before_mood, after_mood, feedback FROM dailymenu_completions")
        #expect(rows.count == 1)
        #expect(try rows[0].get(UUID.self, at: 0) == redo.completion.id)
        #expect(rows[0][1].isNull && rows[0][2].isNull && rows[0][3].isNull)

        // Another device holds the first ritual; this one's export (with the
        // mark) deletes it there.
        let other = try DailyMenuFixture()
        try Exchange(
            other.db, registry: LifeKit.registry,
            clock: .fixed(try #require(Timestamp.parseISO8601("2026-11-02T08:30:00Z")))
        )
        .importDocument(old)
        #expect(try other.db.fetchOne(Int.self, "SELECT count(*) FROM dailymenu_completions") == 1)
        let now = try exchange("2026-11-02T10:00:00Z").export()
        try Exchange(
            other.db, registry: LifeKit.registry,
            clock: .fixed(try #require(Timestamp.parseISO8601("2026-11-02T10:00:00Z")))
        )
        .importDocument(now)
        let there = try other.db.fetchAll("SELECT id FROM dailymenu_completions")
        #expect(try there.map { try $0.get(UUID.self, at: 0) } == [redo.completion.id])
        #expect(try other.store(at: "2026-11-02T10:00:00Z").invariantViolations() == [])
    }

    // MARK: Deleting everything

    /// Everything goes but the catalogue and the instant; an older export
    /// brings nothing back; a ritual after it stands, dated after it even
    /// with the clock set back.
    @Test func deleteAllLeavesNothingAndNothingComesBack() throws {
        let fixture = try DailyMenuFixture()
        try fixture.store(at: "2026-11-02T08:00:00Z").updateSettings(DailyMenuSettingsChange(displayName: "Robin"))
        try fixture.store(at: "2026-11-02T08:01:00Z").setFavorite("sigh", true)
        try fixture.store(at: "2026-11-02T08:02:00Z").setHidden("doodle", true)
        try fixture.store(at: "2026-11-02T08:03:00Z").start("haiku", before: .low)
        try fixture.store(at: "2026-11-02T08:04:00Z").complete("sigh", before: .low, after: .better)
        _ = try fixture.store(at: "2026-11-02T08:05:00Z").menu(energy: .low)
        try fixture.store(at: "2026-11-02T08:06:00Z").complete("box-breath")
        try fixture.store(at: "2026-11-02T08:07:00Z").undo(nil)
        let exchange = Exchange(
            fixture.db, registry: LifeKit.registry,
            clock: .fixed(try #require(Timestamp.parseISO8601("2026-11-02T08:30:00Z"))))
        let old = try exchange.export()
        let store = try fixture.store(at: "2026-11-02T09:00:00Z")
        #expect(
            try store.historySize()
                == DailyMenuHistorySize(
                    rituals: 1, starts: 1, lowEnergyDays: 1, undoneRituals: 1, preferences: 2, hasProfile: true))
        let deletion = try store.deleteAll()
        #expect(deletion.erasedAt == (try #require(Timestamp.parseISO8601("2026-11-02T09:00:00Z"))))
        for table in [
            "dailymenu_completions", "dailymenu_starts", "dailymenu_low_energy_days", "dailymenu_undone_completions",
            "dailymenu_favorites", "dailymenu_hidden_activities", "dailymenu_excluded_categories", "dailymenu_profile",
            "dailymenu_journey_cache",
        ] {
            #expect(try fixture.db.fetchOne(Int.self, "SELECT count(*) FROM \(table)") == 0, "\(table)")
        }
        #expect(try fixture.db.fetchOne(Int.self, "SELECT count(*) FROM dailymenu_activities") == 94)
        #expect(try store.journey().moments == 0)
        let report = try Exchange(
            fixture.db, registry: LifeKit.registry,
            clock: .fixed(try #require(Timestamp.parseISO8601("2026-11-02T09:30:00Z")))
        )
        .importDocument(old)
        #expect(report.rowsChanged == 0)
        #expect(Set(report.skipped.map(\.table)).isSuperset(of: ["dailymenu_completions", "dailymenu_profile"]))
        #expect(
            try store.historySize()
                == DailyMenuHistorySize(
                    rituals: 0, starts: 0, lowEnergyDays: 0, undoneRituals: 0, preferences: 0, hasProfile: false))
        // The clock set back an hour: the new ritual is dated 1 ms after the deletion.
        try fixture.store(at: "2026-11-02T08:00:00Z").complete("doodle")
        #expect(
            try fixture.db.fetchOne(String.self, "SELECT completed_at FROM dailymenu_completions")
                == "2026-11-02 09:00:00.001")
        #expect(try fixture.store(at: "2026-11-02T10:00:00Z").invariantViolations() == [])
    }

    /// Another device's deletion, arriving in a file, deletes here what is
    /// dated at or before it, and keeps what came after.
    @Test func aDeletionInAFileDeletesHere() throws {
        let here = try DailyMenuFixture()
        let there = try DailyMenuFixture()
        try here.store(at: "2026-11-02T08:00:00Z").complete("sigh")
        try there.store(at: "2026-11-02T09:00:00Z").deleteAll()
        try here.store(at: "2026-11-02T10:00:00Z").complete("doodle")
        let file = try Exchange(
            there.db, registry: LifeKit.registry,
            clock: .fixed(try #require(Timestamp.parseISO8601("2026-11-02T11:00:00Z")))
        ).export()
        try Exchange(
            here.db, registry: LifeKit.registry,
            clock: .fixed(try #require(Timestamp.parseISO8601("2026-11-02T11:00:00Z")))
        )
        .importDocument(file)
        #expect(
            try here.db.fetchAll("SELECT activity_id FROM dailymenu_completions").map { try $0.get(String.self, at: 0) }
                == ["doodle"])
        #expect(
            try here.db.fetchOne(String.self, "SELECT erased_at FROM dailymenu_erasures") == "2026-11-02 09:00:00.000")
        #expect(try here.store(at: "2026-11-02T11:00:00Z").invariantViolations() == [])
    }

    // MARK: The calendar's filters and the share line

    /// Hand-made: the 2nd breathe (Better, Loved it), the 3rd move (Same,
    /// Loved it) and breathe (Better), the 4th tidy (Better, Nice).
    @Test func theCalendarFiltersByCategoryMoodAndFeedback() throws {
        let fixture = try DailyMenuFixture()
        try fixture.store(at: "2026-11-02T09:00:00Z").complete("sigh", after: .better, feedback: .lovedIt)
        try fixture.store(at: "2026-11-03T09:00:00Z").complete("neck-rolls", after: .same, feedback: .lovedIt)
        try fixture.store(at: "2026-11-03T10:00:00Z").complete("box-breath", after: .better)
        try fixture.store(at: "2026-11-04T09:00:00Z").complete("desk-clear", after: .better, feedback: .nice)
        let store = try fixture.store(at: "2026-11-05T12:00:00Z")
        func marks(_ filter: CalendarFilter) throws -> [Int: CalendarMark] {
            var marks: [Int: CalendarMark] = [:]
            for day in try store.calendar(year: 2026, month: 11, filter: filter).days {
                if let mark = day.mark { marks[day.date.day] = mark }
            }
            return marks
        }
        #expect(try marks(.none) == [2: .moodImproved, 3: .several, 4: .moodImproved])
        #expect(try marks(CalendarFilter(category: "Breathe")) == [2: .moodImproved, 3: .moodImproved])
        #expect(try marks(CalendarFilter(moodLifted: true)) == [2: .moodImproved, 3: .moodImproved, 4: .moodImproved])
        #expect(try marks(CalendarFilter(feedback: .lovedIt)) == [2: .moodImproved, 3: .completed])
        #expect(
            try marks(CalendarFilter(category: "breathe", moodLifted: true, feedback: .lovedIt)) == [2: .moodImproved])
        let month = try store.calendar(
            year: 2026, month: 11, filter: CalendarFilter(category: "breathe", moodLifted: true))
        #expect(month.filterLine == "Only Breathe rituals that lifted your mood.")
        #expect(month.filter.category == "breathe")
        #expect(throws: LifeError.self) {
            try store.calendar(year: 2026, month: 11, filter: CalendarFilter(category: "naps"))
        }
    }

    @Test func theShareLineSaysWhatHowLongWhenAndHowItLeftYou() throws {
        let fixture = try DailyMenuFixture()
        let first = try fixture.store(at: "2026-11-01T09:00:00Z").complete(
            "box-breath", after: .better, feedback: .lovedIt)
        try fixture.store(at: "2026-11-02T09:00:00Z").complete("sigh", after: .lower, feedback: .notForMe)
        let sunday = try fixture.store(at: "2026-11-02T12:00:00Z")
        #expect(try sunday.share(nil).text == "Today I took 1 minute for Three long sighs. (DailyMenu)")
        #expect(
            try sunday.share(first.completion.id.uuidString.lowercased()).text
                == "Yesterday I took 3 minutes for Box breathing, and it lifted my mood. I loved it. (DailyMenu)")
        #expect(
            try fixture.store(at: "2026-11-05T12:00:00Z").share(first.completion.id.uuidString).text
                == "On Sunday, 1 November 2026 I took 3 minutes for Box breathing, and it lifted my mood. I loved it. (DailyMenu)"
        )
        // Moods kept out of what is shared while mood sharing is off (DM-10).
        try sunday.updateSettings(DailyMenuSettingsChange(shareMood: false))
        #expect(
            try sunday.share(first.completion.id.uuidString).text
                == "Yesterday I took 3 minutes for Box breathing. (DailyMenu)")
    }

    // MARK: The profile's cache (issue 21)

    /// Over random histories, the profile read from the cache, the one
    /// worked out by the store's walk and `Journey(history:)` agree; a row
    /// written by hand deletes the cache, and a cache changed by hand is
    /// what `db check` reports.
    @Test(arguments: [4, 9, 17] as [UInt64])
    func theCacheIsTheHistoryWorkedOut(seed: UInt64) throws {
        let (fixture, store) = try MenuPropertyTests.randomHistory(seed: seed)
        let pure = Journey(
            history: try store.completions(), lowEnergyAsks: try store.lowEnergyAsks(),
            categories: Set(try store.categories().map(\.id)), today: try History.date("2026-11-22"))
        let worked = try store.journey()
        #expect(try fixture.db.fetchOne(Int.self, "SELECT count(*) FROM dailymenu_journey_cache") == 1)
        let cached = try store.journey()
        for journey in [worked, cached] {
            #expect(journey.moments == pure.moments)
            #expect(journey.totals == pure.totals)
            #expect(journey.stamps == pure.stamps)
            #expect(abs(journey.warmth - pure.warmth) < 1e-12)
        }
        #expect(try store.invariantViolations() == [])
        // A ritual written by hand (as sqlite3 would): the cache goes, the next read has it.
        try fixture.db.execute(
            """
            INSERT INTO dailymenu_completions (id, activity_id, completed_at, local_day, local_time, time_zone)
            VALUES ('00000000-0000-4000-8000-000000000001', 'poem', '2026-11-22 11:00:00.000', '2026-11-22', '11:00', 'UTC')
            """)
        #expect(try fixture.db.fetchOne(Int.self, "SELECT count(*) FROM dailymenu_journey_cache") == 0)
        #expect(try store.journey().totals.rituals == pure.totals.rituals + 1)
        try fixture.db.execute("UPDATE dailymenu_journey_cache SET moments = moments + 1")
        #expect(try store.invariantViolations().contains { $0.hasPrefix("the profile's cache") })
    }
}
