import Finite
import Foundation
import LifeCore
import LifeDB
import LifeKernel
import LifeKitTestSupport
import Testing

/// FiniteStore on a fresh temporary database each: rules, rows read back, and
/// "a refused command changes nothing" (SPEC FIN-1, FIN-4, FIN-5, FIN-10, CORE-7).
@Suite struct FiniteStoreTests {
    /// A store at `now` in `zone`, on its own database file.
    static func makeStore(now: String = "2026-11-22T12:00:00Z", zone: String = "UTC", inMemory: Bool = false) throws
        -> (FiniteStore, DatabaseQueue)
    {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("finite-\(UUID().uuidString)")
        let instant = try #require(Timestamp.parseISO8601(now))
        let db = try TestDatabase.queue(
            path: inMemory ? ":memory:" : folder.appendingPathComponent("life.db").path, now: instant)
        let clock = Clock.fixed(instant)
        try TestDatabase.setTimeZone(zone, in: db)
        return (FiniteStore(db, clock: clock), db)
    }

    static func date(_ text: String) throws -> CivilDate { try #require(CivilDate(iso: text)) }

    /// Everything a person saved, as `sqlite3 .dump` would show it, for "unchanged" checks.
    static func content(_ db: DatabaseQueue) throws -> [Row] {
        try db.fetchAll("SELECT * FROM finite_profile") + db.fetchAll("SELECT * FROM finite_marks ORDER BY week_index")
            + db.fetchAll("SELECT * FROM owner")
    }

    @Test func theIssueExample() throws {
        // Birthday 1990-05-14, 2026-11-22 in UTC: the 36th birthday was 2026-05-14, 192 days
        // earlier (17 + 30 + 31 + 31 + 30 + 31 + 22); 192 / 7 = 27 → index 52·36 + 27 = 1,899.
        let (store, db) = try Self.makeStore()
        try store.setup(birthday: try Self.date("1990-05-14"))
        let status = try store.status()
        #expect(status.currentWeekNumber == 1_900)
        #expect(status.weeksLived == 1_899)
        #expect(status.weeksRemaining == 2_260)
        #expect(status.currentWeek.start.iso == "2026-11-19")
        #expect(status.currentWeek.end.iso == "2026-11-25")
        let row = try #require(try db.fetchOne("SELECT birthday, life_expectancy_years, view_mode FROM finite_profile"))
        #expect(try row.get(String.self, at: 0) == "1990-05-14")
        #expect(try row.get(Int.self, at: 1) == 80)
        #expect(try row.get(String.self, at: 2) == "color")
    }

    @Test func setupRules() throws {
        let (store, db) = try Self.makeStore()
        #expect(throws: LifeError.self) { try store.setup(birthday: try Self.date("2026-11-22")) }  // today: not past
        #expect(throws: LifeError.self) { try store.setup(birthday: try Self.date("2030-01-01")) }
        #expect(throws: LifeError.self) { try store.setup(birthday: try Self.date("1876-11-21")) }  // 150 years + 1 day
        try store.setup(birthday: try Self.date("1876-11-22"))  // exactly 150 years ago
        for years in [0, 121, -5] {
            let error = try #require(throws: LifeError.self) {
                try store.setup(birthday: try Self.date("1990-05-14"), lifeExpectancyYears: years)
            }
            #expect(error.message == "life expectancy is \(years); it must be a whole number of years from 1 to 120")
        }
        #expect(try db.fetchOne(String.self, "SELECT birthday FROM finite_profile") == "1876-11-22")
    }

    @Test func markingRulesAndRowsReadBack() throws {
        let (store, db) = try Self.makeStore()
        try store.setup(birthday: try Self.date("1990-05-14"))
        let result = try store.mark(rating: 4, category: "Work", phrase: "  Shipped it.  ")
        #expect(result.week.number == 1_900)
        #expect(!result.replaced)
        let row = try #require(
            try db.fetchOne("SELECT week_index, rating, category, phrase, marked_at FROM finite_marks"))
        #expect(try row.get(Int.self, at: 0) == 1_899)
        #expect(try row.get(Int.self, at: 1) == 4)
        #expect(try row.get(String.self, at: 2) == "work")
        #expect(try row.get(String.self, at: 3) == "Shipped it.")
        #expect(try row.get(String.self, at: 4) == "2026-11-22 12:00:00.000")

        // Marking again replaces: one row, same id, new values.
        let id = try db.fetchOne(String.self, "SELECT id FROM finite_marks")
        let again = try store.mark(.number(1_900), rating: 2)
        #expect(again.replaced)
        #expect(try db.fetchOne(Int.self, "SELECT count(*) FROM finite_marks") == 1)
        #expect(try db.fetchOne(String.self, "SELECT id FROM finite_marks") == id)
        #expect(try db.fetchOne(Int.self, "SELECT rating FROM finite_marks") == 2)
        #expect(try db.fetchOne(String.self, "SELECT category FROM finite_marks") == nil)

        // Backfilling the past by number and by date; the first week is allowed.
        try store.mark(.number(1), rating: 5)
        try store.mark(.date(try Self.date("2000-01-01")), rating: 3)
        // 2000-01-01: the 9th birthday was 1999-05-14, 232 days earlier → week 33 of the row → index 52·9 + 33 = 501.
        #expect(try db.fetchOne(Int.self, "SELECT rating FROM finite_marks WHERE week_index = 501") == 3)
    }

    @Test func refusedMarksChangeNothing() throws {
        let (store, db) = try Self.makeStore()
        try store.setup(birthday: try Self.date("1990-05-14"))
        try store.mark(.number(1_000), rating: 3, phrase: "kept")
        let before = try Self.content(db)
        let cases: [(String, () throws -> Void)] = [
            (
                "week 1,901 is in the future (it starts 2026-11-26); only weeks up to the current one, week 1,900, can be marked",
                { try store.mark(.number(1_901), rating: 4) }
            ),
            (
                "phrase is 141 characters; the limit is 140",
                { try store.mark(rating: 4, phrase: String(repeating: "x", count: 141)) }
            ),
            ("rating is 0; it must be a whole number from 1 (Awful) to 5 (Great)", { try store.mark(rating: 0) }),
            ("rating is 6; it must be a whole number from 1 (Awful) to 5 (Great)", { try store.mark(rating: 6) }),
            (
                "category is 'fun'; it must be one of work, health, growth, relationships, rest, adventure",
                { try store.mark(rating: 3, category: "fun") }
            ),
            ("week is 0; weeks are numbered from 1", { try store.mark(.number(0), rating: 3) }),
            (
                "date is 1990-05-13; it is before the birthday 1990-05-14",
                { try store.mark(.date(try Self.date("1990-05-13")), rating: 3) }
            ),
            (
                "phrase contains the control character U+0007 at character 2; only newline and tab are allowed",
                { try store.mark(rating: 3, phrase: "a\u{7}b") }
            ),
        ]
        for (message, attempt) in cases {
            let error = try #require(throws: LifeError.self) { try attempt() }
            #expect(error.message == message)
            #expect(error.exitCode == 64)
            #expect(try Self.content(db) == before)
        }
        // 140 emoji are 140 characters: accepted.
        let emoji = String(repeating: "🏔️", count: 140)
        try store.mark(rating: 5, phrase: emoji)
        #expect(try db.fetchOne(String.self, "SELECT phrase FROM finite_marks WHERE week_index = 1899") == emoji)
    }

    @Test func birthdayCannotMoveUnderMarks() throws {
        let (store, db) = try Self.makeStore()
        try store.setup(birthday: try Self.date("1990-05-14"))
        try store.setup(birthday: try Self.date("1990-05-15"))  // nothing marked yet: allowed
        try store.mark(rating: 3)
        let error = try #require(throws: LifeError.self) { try store.setup(birthday: try Self.date("1991-01-01")) }
        #expect(error.message.hasPrefix("birthday is already 1990-05-15 and 1 week is marked against it"))
        // The same birthday again: only the expectancy changes.
        try store.setup(birthday: try Self.date("1990-05-15"), lifeExpectancyYears: 90)
        #expect(try db.fetchOne(Int.self, "SELECT life_expectancy_years FROM finite_profile") == 90)
        #expect(try db.fetchOne(String.self, "SELECT birthday FROM finite_profile") == "1990-05-15")
    }

    @Test func unmarkAndShow() throws {
        let (store, db) = try Self.makeStore()
        try store.setup(birthday: try Self.date("1990-05-14"))
        try store.mark(.number(10), rating: 1, category: "rest")
        let detail = try store.week(.number(10))
        #expect(detail.tense == .past)
        #expect(detail.mark?.rating == .awful)
        // Week 10 = index 9: 1990-05-14 + 63 days = 1990-07-16 … 1990-07-22.
        #expect(detail.week.start.iso == "1990-07-16")
        #expect(detail.week.end.iso == "1990-07-22")
        #expect(try store.week(.number(1_901)).tense == .future)
        let unmarked = try store.unmark(.number(10))
        #expect(unmarked.removed?.rating == .awful)
        #expect(unmarked.week.start.iso == "1990-07-16")
        #expect(try db.fetchOne(Int.self, "SELECT count(*) FROM finite_marks") == 0)
        #expect(try store.unmark(.number(10)).removed == nil)
    }

    @Test func settingsPersistAllOrNothing() throws {
        let (store, db) = try Self.makeStore()
        try store.setup(birthday: try Self.date("1990-05-14"))
        let defaults = try store.settings()
        #expect(defaults.viewMode == .color)
        #expect(defaults.biometricLock)
        #expect(defaults.dailyNotification)
        #expect(defaults.dailyNotificationTime.description == "08:00")
        #expect(defaults.lifeExpectancyYears == 80)
        try store.updateSettings(
            FiniteSettingsChange(
                viewMode: .bw, biometricLock: false, dailyNotification: false,
                dailyNotificationTime: LocalTime(hour: 7, minute: 30), timeZone: "Europe/Berlin"))
        let row = try #require(
            try db.fetchOne(
                "SELECT view_mode, biometric_lock, daily_notification, daily_notification_time FROM finite_profile"))
        #expect(try row.get(String.self, at: 0) == "bw")
        #expect(try row.get(Int.self, at: 1) == 0)
        #expect(try row.get(Int.self, at: 2) == 0)
        #expect(try row.get(String.self, at: 3) == "07:30")
        #expect(try db.fetchOne(String.self, "SELECT time_zone FROM owner") == "Europe/Berlin")
        // A bad zone together with a good change: neither is saved.
        let before = try Self.content(db)
        #expect(throws: LifeError.self) {
            try store.updateSettings(FiniteSettingsChange(lifeExpectancyYears: 90, timeZone: "Mars/Olympus"))
        }
        #expect(throws: LifeError.self) { try store.updateSettings(FiniteSettingsChange(lifeExpectancyYears: 121)) }
        #expect(try Self.content(db) == before)
    }

    @Test func todayIsTheOwnersLocalDate() throws {
        // 2026-05-13T12:30Z: already 14 May in Auckland (UTC+12), the 36th birthday → week 1,873 (index 52·36).
        let (auckland, _) = try Self.makeStore(now: "2026-05-13T12:30:00Z", zone: "Pacific/Auckland")
        try auckland.setup(birthday: try Self.date("1990-05-14"))
        #expect(try auckland.status().currentWeekNumber == 1_873)
        // The same instant in UTC is still 13 May: the last week of age 35, index 52·35 + 51 = 1,871.
        let (utc, _) = try Self.makeStore(now: "2026-05-13T12:30:00Z", zone: "UTC")
        try utc.setup(birthday: try Self.date("1990-05-14"))
        #expect(try utc.status().currentWeekNumber == 1_872)
    }

    @Test func streakMilestoneIsReportedByTheMarkThatReachesIt() throws {
        let (store, _) = try Self.makeStore()
        try store.setup(birthday: try Self.date("1990-05-14"))
        for number in [1_897, 1_898, 1_899] {
            #expect(try store.mark(.number(number), rating: 3).milestones.isEmpty)
        }
        let fourth = try store.mark(.number(1_900), rating: 4)
        #expect(fourth.milestones.map(\.body) == ["You've marked 4 weeks in a row."])
        // Re-marking a week of the run reaches nothing new.
        #expect(try store.mark(.number(1_898), rating: 5).milestones.isEmpty)
        // Nor does a week of no run, though the clock (pinned) gives it the
        // very instant the milestone fired at.
        #expect(try store.mark(.number(1_000), rating: 3).milestones.isEmpty)
        #expect(try store.mark(.number(1_001), rating: 3).milestones.isEmpty)
    }

    /// FIN-10: the SQL view and the Swift grid are two implementations of FIN-2;
    /// they must agree on every week of whole lives, including 29 February birthdays.
    @Test(arguments: ["1990-05-14", "2000-02-29", "1904-02-29", "1999-12-31", "1980-01-01"])
    func finiteWeeksViewMatchesLifeGrid(birthday: String) throws {
        let (store, db) = try Self.makeStore()
        try store.setup(birthday: try Self.date(birthday))
        let grid = try store.grid()
        let current = try store.status().currentWeek.index
        let indexes = Array(stride(from: 0, through: current, by: 1))
        try db.write { db in
            for index in indexes {
                try db.execute(
                    "INSERT INTO finite_marks (id, week_index, rating, marked_at, updated_at) VALUES (?, ?, 3, ?, ?)",
                    [UUID(), index, Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 0)])
            }
        }
        var checked = 0
        try db.read { db in
            try db.forEachRow(
                "SELECT week_index, start_date, end_date, week_number, age_years, week_of_year FROM finite_weeks"
            ) { row in
                let index: Int = try row.column(at: 0)
                let range = grid.weekRange(index: index)
                #expect(try row.column(String.self, at: 1) == range.start.iso, "week index \(index)")
                #expect(try row.column(String.self, at: 2) == range.end.iso, "week index \(index)")
                #expect(try row.column(Int.self, at: 3) == index + 1)
                #expect(try row.column(Int.self, at: 4) == range.year)
                #expect(try row.column(Int.self, at: 5) == range.weekOfYear + 1)
                checked += 1
            }
        }
        #expect(checked == indexes.count)
    }
}

extension FiniteStoreTests {
    @Test func weekNumbersEndWithTheGrid() throws {
        let (store, _) = try Self.makeStore()
        try store.setup(birthday: try Self.date("1990-05-14"))
        // 150 rows × 52 = 7,800 weeks: the last is week 7,800, then the grid ends.
        #expect(try store.week(.number(7_800)).tense == .future)
        for number in [7_801, Int.max] {
            let error = try #require(throws: LifeError.self) { try store.week(.number(number)) }
            #expect(error.message == "week is \(Format.grouped(number)); the grid ends at week 7,800")
            #expect(throws: LifeError.self) { try store.mark(.number(number), rating: 3) }
        }
    }
}
