import DailyMenu
import Foundation
import LifeCore
import LifeDB
import LifeKitTestSupport
import Testing

/// The store on a fresh database each (DM-1, DM-3, DM-9, DM-10).
@Suite struct DailyMenuStoreTests {
    @Test func theCatalogueIsLoadedByTheMigration() throws {
        let store = try DailyMenuFixture().store(at: "2026-11-01T12:00:00Z")
        let activities = try store.activities()
        let base = activities.filter { $0.pack == nil }
        #expect(base.count == 64)
        #expect(Set(base.map(\.category)).count == 8)
        #expect(try store.categories().count == 8)
        let packs = Dictionary(grouping: activities.filter { $0.pack != nil }, by: { $0.pack ?? "" })
        #expect(packs.mapValues(\.count) == ["slow-mornings": 10, "kitchen-garden": 10, "starlight": 10])
        #expect(activities.allSatisfy { !$0.howTo.isEmpty && $0.minutes > 0 })
    }

    @Test func eachPacksSeasonUnlocksThatPack() throws {
        let store = try DailyMenuFixture().store(at: "2026-11-01T12:00:00Z")
        for pack in try store.packs() {
            let season = try #require(DailyMenuRules.seasons.first { $0.number == pack.unlockSeason })
            #expect(season.unlock == .pack(pack.id), "\(pack.id)")
        }
    }

    @Test func startThenCompleteCarriesTheBeforeMood() throws {
        let fixture = try DailyMenuFixture()
        try fixture.store(at: "2026-11-02T08:00:00Z").start("box-breath", before: .low)
        let result = try fixture.store(at: "2026-11-02T08:05:00Z").complete(
            "Box breathing", after: .better, feedback: .lovedIt)
        let row = try #require(
            try fixture.db.fetchOne(
                "SELECT before_mood, after_mood, feedback, local_day, local_time, start_id IS NOT NULL FROM dailymenu_completions"
            ))
        #expect(try row.get(String.self, at: 0) == "Low")
        #expect(try row.get(String.self, at: 1) == "Better")
        #expect(try row.get(String.self, at: 2) == "Loved it")
        #expect(try row.get(String.self, at: 3) == "2026-11-02")
        #expect(try row.get(String.self, at: 4) == "08:05")
        #expect(try row.get(Bool.self, at: 5))
        // First ever, first of day, new category, a low-energy day (said Low), mood better.
        #expect(result.moments.total == 28)
        #expect(result.newStamps.map(\.kind) == [.firstRitual, .morningRitual])
    }

    @Test func skippedPromptsAreStoredAsAbsent() throws {
        let fixture = try DailyMenuFixture()
        try fixture.store(at: "2026-11-02T12:00:00Z").complete("sigh")
        let row = try #require(
            try fixture.db.fetchOne("SELECT before_mood, after_mood, feedback, start_id FROM dailymenu_completions"))
        #expect(row.values.allSatisfy { $0.isNull })
    }

    @Test func aStartOpenPastMidnightCountsOnTheDayItIsCompleted() throws {
        let fixture = try DailyMenuFixture(zone: "Europe/Berlin")
        // 23:30 Berlin on the 2nd; completed 00:20 Berlin on the 3rd.
        try fixture.store(at: "2026-11-02T22:30:00Z").start("read-page", before: .okay)
        try fixture.store(at: "2026-11-02T23:20:00Z").complete("read-page", after: .same)
        let row = try #require(
            try fixture.db.fetchOne("SELECT local_day, local_time, before_mood, start_id FROM dailymenu_completions"))
        #expect(try row.get(String.self, at: 0) == "2026-11-03")
        #expect(try row.get(String.self, at: 1) == "00:20")
        #expect(try row.get(String.self, at: 2) == "Okay")
        #expect(!row[3].isNull)
    }

    @Test func aStartOlderThanTwelveHoursHasExpired() throws {
        let fixture = try DailyMenuFixture()
        try fixture.store(at: "2026-11-02T07:00:00Z").start("read-page", before: .good)
        try fixture.store(at: "2026-11-02T19:00:01Z").complete("read-page")
        let row = try #require(try fixture.db.fetchOne("SELECT before_mood, start_id FROM dailymenu_completions"))
        #expect(row[0].isNull)
        #expect(row[1].isNull)
        // And an expired start no longer blocks a new one.
        try fixture.store(at: "2026-11-02T19:30:00Z").start("read-page")
        #expect(try fixture.db.fetchOne(Int.self, "SELECT count(*) FROM dailymenu_starts") == 2)
    }

    @Test func refusalsChangeNothing() throws {
        let fixture = try DailyMenuFixture()
        let store = try fixture.store(at: "2026-11-02T12:00:00Z")
        try store.complete("sigh", after: .better)
        try store.start("haiku")
        let before = try fixture.content()
        let attempts: [(String, () throws -> Void)] = [
            ("activity", { try store.complete("sigh") }),
            ("activity", { try store.complete("no-such-thing") }),
            ("activity", { try store.start("haiku") }),
            ("activity", { try store.start("slow-coffee") }),
            ("category", { try store.setExcluded("gardening", true) }),
            ("theme", { try store.updateSettings(DailyMenuSettingsChange(theme: .sunsetBistro)) }),
            ("display name", { try store.updateSettings(DailyMenuSettingsChange(displayName: "a\u{0}b")) }),
        ]
        for (field, attempt) in attempts {
            #expect(throws: LifeError.self) { try attempt() }
            do {
                try attempt()
            } catch let error as LifeError {
                #expect(error.field == field)
                #expect(error.exitCode == 64)
            }
        }
        #expect(try fixture.content() == before)
    }

    @Test func completingTwiceOnOneLocalDayIsRefusedButTheNextDayIsFine() throws {
        let fixture = try DailyMenuFixture(zone: "America/New_York")
        try fixture.store(at: "2026-11-02T12:00:00Z").complete("sigh")
        // 03:00Z on the 3rd is still the 2nd in New York.
        #expect(throws: LifeError.self) { try fixture.store(at: "2026-11-03T03:00:00Z").complete("sigh") }
        try fixture.store(at: "2026-11-03T06:00:00Z").complete("sigh")
        #expect(try fixture.db.fetchOne(Int.self, "SELECT count(*) FROM dailymenu_completions") == 2)
    }

    /// DM-4 through the store: first of the day and a new category on the
    /// owner's local day, across midnight and a move to another zone.
    @Test func momentsAcrossMidnightAndAZoneChange() throws {
        let fixture = try DailyMenuFixture(zone: "Pacific/Auckland")
        // 09:00Z is 22:00 on the 2nd in Auckland (UTC+13).
        let first = try fixture.store(at: "2026-11-02T09:00:00Z").complete("sigh", before: .low)
        // 11:30Z is 00:30 on the 3rd in Auckland: a new day, same category.
        let second = try fixture.store(at: "2026-11-02T11:30:00Z").complete("box-breath")
        // The owner flies to Los Angeles (UTC-8): 20:00Z is 12:00 on the 2nd
        // there, a day already counted; move is a new category.
        try TestDatabase.setTimeZone("America/Los_Angeles", in: fixture.db)
        let third = try fixture.store(at: "2026-11-02T20:00:00Z").complete("neck-rolls")
        // 2026-11-03T09:00Z is 01:00 on the 3rd in Los Angeles, also counted; create is new.
        let fourth = try fixture.store(at: "2026-11-03T09:00:00Z").complete("haiku")
        // 2026-11-04T09:00Z is 01:00 on the 4th: a new day.
        let fifth = try fixture.store(at: "2026-11-04T09:00:00Z").complete("doodle")
        // The low-energy day is the stored local day too: the 2nd was said
        // Low in Auckland, and the 12:00 ritual of the 2nd in Los Angeles
        // (later) is on it; the 3rd and the 4th were not said Low.
        #expect(first.moments.bonuses == [.firstOfDay, .newCategory, .lowEnergy])
        #expect(second.moments.bonuses == [.firstOfDay])
        #expect(third.moments.bonuses == [.newCategory, .lowEnergy])
        #expect(fourth.moments.bonuses == [.newCategory])
        #expect(fifth.moments.bonuses == [.firstOfDay])
        let days = try fixture.db.fetchAll(
            "SELECT local_day, time_zone FROM dailymenu_completions ORDER BY completed_at"
        )
        .map { "\(try $0.get(String.self, at: 0)) \(try $0.get(String.self, at: 1))" }
        #expect(
            days == [
                "2026-11-02 Pacific/Auckland", "2026-11-03 Pacific/Auckland", "2026-11-02 America/Los_Angeles",
                "2026-11-03 America/Los_Angeles", "2026-11-04 America/Los_Angeles",
            ])
    }

    @Test func packsAndThemesOpenWithTheSeasons() throws {
        let fixture = try DailyMenuFixture()
        #expect(throws: LifeError.self) { try fixture.store(at: "2026-11-02T12:00:00Z").start("slow-coffee") }
        // Eight categories on day one, said Low at the first: 8 × (10 + 8) + 3 + low-energy bonuses.
        let firsts = ["neck-rolls", "sigh", "doodle", "text-friend", "sky-look", "glass-water", "make-bed", "poem"]
        var last: CompletionResult?
        for (offset, name) in firsts.enumerated() {
            let at = Date(timeIntervalSince1970: 1_793_000_000 + Double(offset) * 60)
            last = try fixture.store(at: at).complete(name, before: offset == 0 ? .low : nil, after: .better)
        }
        // Each: 10 + 5 (better) + 8 (new category) + 2 (a low-energy day) = 25; one +3 first of day: 203.
        let journey = try #require(last?.journey)
        #expect(journey.moments == 203)
        #expect(journey.season.season.name == "Morning Dew")
        #expect(throws: LifeError.self) {
            try fixture.store(at: Date(timeIntervalSince1970: 1_793_000_600)).complete("slow-coffee")
        }
        try fixture.store(at: Date(timeIntervalSince1970: 1_793_000_600)).updateSettings(
            DailyMenuSettingsChange(theme: .morningCafe))
        #expect(try fixture.store(at: Date(timeIntervalSince1970: 1_793_000_600)).settings().theme == .morningCafe)
    }

    @Test func shareMoodOffLeavesMoodsOutOfWhatSyncs() throws {
        let fixture = try DailyMenuFixture()
        let store = try fixture.store(at: "2026-11-02T12:00:00Z")
        try store.complete("sigh", before: .low, after: .better, feedback: .nice)
        #expect(try store.shareableCompletions().first?.afterMood == .better)
        try store.updateSettings(DailyMenuSettingsChange(shareMood: false))
        let shared = try #require(try store.shareableCompletions().first)
        #expect(shared.beforeMood == nil && shared.afterMood == nil && shared.feedback == nil)
        #expect(shared.activityID == "sigh")
        // Local views still see the moods.
        #expect(try store.completions().first?.afterMood == .better)
        #expect(try fixture.db.fetchOne(Int.self, "SELECT share_mood FROM dailymenu_profile") == 0)
    }

    @Test func theProfileMakesItselfOnTheFirstWrite() throws {
        let fixture = try DailyMenuFixture(zone: "Asia/Tokyo")
        let store = try fixture.store(at: "2026-11-02T20:00:00Z")
        #expect(try store.settings().memberSince == nil)
        try store.setFavorite("haiku", true)
        // 20:00Z is 05:00 on the 3rd in Tokyo.
        #expect(try store.settings().memberSince == (try History.date("2026-11-03")))
        try store.updateSettings(DailyMenuSettingsChange(displayName: "  Mika  "))
        #expect(try store.settings().displayName == "Mika")
        try store.updateSettings(DailyMenuSettingsChange(displayName: ""))
        #expect(try store.settings().displayName == nil)
    }

    /// SYNC-4: a preference switched off stays as a row (is_on 0) whose
    /// updated_at moves, so an older file that still holds it on cannot
    /// switch it back on; switching on what is on writes nothing; the
    /// version only grows, even with the clock set back.
    @Test func aPreferenceSwitchedOffStaysAsANewerRow() throws {
        let fixture = try DailyMenuFixture()
        let tables = [
            ("dailymenu_favorites", "activity_id", "haiku"),
            ("dailymenu_hidden_activities", "activity_id", "haiku"),
            ("dailymenu_excluded_categories", "category", "create"),
        ]
        func set(_ at: String, _ on: Bool) throws {
            let store = try fixture.store(at: at)
            try store.setFavorite("haiku", on)
            try store.setHidden("Write a haiku", on)
            try store.setExcluded("Create", on)
        }
        func rows() throws -> [String] {
            try tables.map { table, key, value in
                try fixture.db.fetchOne(
                    String.self,
                    "SELECT is_on || ' ' || created_at || ' ' || updated_at FROM \(table) WHERE \(key) = ?",
                    [value]) ?? "none"
            }
        }
        try set("2026-11-02T08:00:00Z", true)
        try set("2026-11-03T08:00:00Z", true)
        #expect(try rows() == Array(repeating: "1 2026-11-02 08:00:00.000 2026-11-02 08:00:00.000", count: 3))
        try set("2026-11-04T08:00:00Z", false)
        #expect(try rows() == Array(repeating: "0 2026-11-02 08:00:00.000 2026-11-04 08:00:00.000", count: 3))
        let store = try fixture.store(at: "2026-11-04T09:00:00Z")
        #expect(try store.favorites().isEmpty && store.hiddenActivities().isEmpty && store.excludedCategories().isEmpty)
        try set("2026-11-05T08:00:00Z", false)
        #expect(try rows() == Array(repeating: "0 2026-11-02 08:00:00.000 2026-11-04 08:00:00.000", count: 3))
        try set("2026-11-06T08:00:00Z", true)
        #expect(try rows() == Array(repeating: "1 2026-11-02 08:00:00.000 2026-11-06 08:00:00.000", count: 3))
        #expect(try store.favorites() == ["haiku"] && store.hiddenActivities() == ["haiku"])
        #expect(try store.excludedCategories() == ["create"])
        // A clock set back: the change is made, the version never goes back.
        try set("2026-11-01T08:00:00Z", false)
        #expect(try rows() == Array(repeating: "0 2026-11-02 08:00:00.000 2026-11-06 08:00:00.000", count: 3))
        // Never set: switching it off writes nothing.
        try fixture.store(at: "2026-11-06T09:00:00Z").setFavorite("doodle", false)
        #expect(try fixture.db.fetchOne(Int.self, "SELECT count(*) FROM dailymenu_favorites") == 1)
    }

    /// A setting given again as it is moves nothing; a change moves
    /// updated_at (the version an import compares).
    @Test func aSettingMovesItsVersionOnlyWhenItChanges() throws {
        let fixture = try DailyMenuFixture()
        func version() throws -> String? {
            try fixture.db.fetchOne(String.self, "SELECT updated_at FROM dailymenu_profile")
        }
        try fixture.store(at: "2026-11-02T08:00:00Z").updateSettings(
            DailyMenuSettingsChange(displayName: "Ada", shareMood: true))
        #expect(try version() == "2026-11-02 08:00:00.000")
        try fixture.store(at: "2026-11-03T08:00:00Z").updateSettings(
            DailyMenuSettingsChange(displayName: " Ada ", shareMood: true, theme: .some(nil)))
        #expect(try version() == "2026-11-02 08:00:00.000")
        try fixture.store(at: "2026-11-04T08:00:00Z").updateSettings(DailyMenuSettingsChange(shareMood: false))
        #expect(try version() == "2026-11-04 08:00:00.000")
        try fixture.store(at: "2026-11-05T08:00:00Z").updateSettings(DailyMenuSettingsChange(displayName: ""))
        #expect(try version() == "2026-11-05 08:00:00.000")
        #expect(try fixture.store(at: "2026-11-05T09:00:00Z").settings().displayName == nil)
    }

    /// `db check` and every read never trap on a stored value: minutes far
    /// outside the catalogue's 1–60 (four of them would overflow the
    /// profile's total) make the activity unreadable, named by its row.
    @Test func anActivityOfHugeMinutesIsNamedNotSummed() throws {
        let fixture = try DailyMenuFixture()
        for day in 2...5 { try fixture.store(at: "2026-11-0\(day)T08:00:00Z").complete("sigh") }
        try fixture.db.force("UPDATE dailymenu_activities SET minutes = 4611686018427387904 WHERE id = 'sigh'")
        let store = try fixture.store(at: "2026-11-06T08:00:00Z")
        let error = try #require(throws: LifeError.self) { try store.profile() }
        #expect(error.kind == .malformedInput)
        let expected =
            "dailymenu_activities row 'sigh' cannot be read: dailymenu_activities.minutes holds 4611686018427387904; an activity takes 1 to 60 minutes; the file was changed outside lifectl or is damaged"
        #expect(error.message == expected)
        #expect(try store.invariantViolations().first == expected)
    }

    /// A completion tied to a start of another activity, a later one, or
    /// one begun more than 12 hours before (no command makes one) is named.
    @Test func aCompletionOfAStartNoLongerOpenIsNamed() throws {
        let fixture = try DailyMenuFixture()
        try fixture.store(at: "2026-11-02T07:00:00Z").start("read-page")
        let done = try fixture.store(at: "2026-11-02T19:00:01Z").complete("read-page")
        let store = try fixture.store(at: "2026-11-03T08:00:00Z")
        #expect(done.completion.startID == nil)
        #expect(try store.invariantViolations() == [])
        try fixture.db.execute("UPDATE dailymenu_completions SET start_id = (SELECT id FROM dailymenu_starts)")
        #expect(
            try store.invariantViolations() == [
                "completion \(done.completion.id.uuidString.lowercased()): its start is of another activity, later, or more than 12 hours earlier"
            ])
    }

    @Test func invariantsHoldAndCatchABrokenLocalDay() throws {
        let fixture = try DailyMenuFixture(zone: "Europe/Berlin")
        let store = try fixture.store(at: "2026-11-02T23:30:00Z")
        try store.complete("sigh")
        #expect(try store.invariantViolations() == [])
        try fixture.db.execute("UPDATE dailymenu_completions SET local_day = '2026-11-02'")
        #expect(try store.invariantViolations().count == 1)
    }
}
