import DailyMenu
import Foundation
import LifeCore
import LifeDB
import LifeKernel
import LifeKitTestSupport
import Testing

/// A fresh database per test (a queue, as a command or an app opens it),
/// and stores over it at any instant.
struct DailyMenuFixture {
    let db: DatabaseQueue

    init(zone: String? = "UTC", at iso: String = "2026-11-01T12:00:00Z", inMemory: Bool = false) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dailymenu-\(UUID().uuidString)")
        let instant = try #require(Timestamp.parseISO8601(iso))
        db = try TestDatabase.queue(
            path: inMemory ? ":memory:" : folder.appendingPathComponent("life.db").path, now: instant)
        if let zone { try TestDatabase.setTimeZone(zone, in: db) }
    }

    /// The store with its clock at `iso` (an ISO 8601 instant).
    func store(at iso: String) throws -> DailyMenuStore {
        DailyMenuStore(db, clock: .fixed(try #require(Timestamp.parseISO8601(iso))))
    }

    func store(at instant: Date) -> DailyMenuStore {
        DailyMenuStore(db, clock: .fixed(instant))
    }

    /// Ten rituals, each said Low and lifting the mood, one a day at 09:00
    /// from 2026-11-01 (as `DailyMenuImportTests.tenRituals`): eight, one per
    /// category, earn 10 + 5 + 3 + 8 + 2 = 28 each (224); box breathing on
    /// the 9th and three sighs on the 10th earn 10 + 5 + 3 + 2 = 20 each:
    /// 264 Moments by 2026-11-10 09:00, 244 before it.
    func completeTenLowRituals() throws {
        let firsts = ["neck-rolls", "sigh", "doodle", "text-friend", "sky-look", "glass-water", "make-bed", "poem"]
        for (offset, name) in firsts.enumerated() {
            try store(at: "2026-11-0\(offset + 1)T09:00:00Z").complete(name, before: .low, after: .better)
        }
        try store(at: "2026-11-09T09:00:00Z").complete("box-breath", before: .low, after: .better)
        try store(at: "2026-11-10T09:00:00Z").complete("sigh", before: .low, after: .better)
    }

    /// Every row of DailyMenu's own tables, for "unchanged" checks.
    func content() throws -> [Row] {
        try db.fetchAll("SELECT * FROM dailymenu_profile")
            + db.fetchAll("SELECT * FROM dailymenu_favorites ORDER BY activity_id")
            + db.fetchAll("SELECT * FROM dailymenu_hidden_activities ORDER BY activity_id")
            + db.fetchAll("SELECT * FROM dailymenu_excluded_categories ORDER BY category")
            + db.fetchAll("SELECT * FROM dailymenu_starts ORDER BY id")
            + db.fetchAll("SELECT * FROM dailymenu_completions ORDER BY id")
    }
}

/// Completions made by hand for the pure rules, in UTC unless told.
enum History {
    static func date(_ text: String) throws -> CivilDate { try #require(CivilDate(iso: text)) }

    /// A completion on `day` at `time` UTC.
    static func completion(
        _ day: CivilDate, _ time: String = "12:00", category: String = "move", energy: Energy = .medium,
        before: BeforeMood? = nil, after: AfterMood? = nil, feedback: Feedback? = nil, activity: String? = nil
    ) throws -> Completion {
        let local = try #require(LocalTime(text: time))
        let instant = day.instant(at: local, in: try #require(TimeZone(identifier: "UTC")))
        return Completion(
            id: UUID(), activityID: activity ?? "\(category)-activity", category: category, energy: energy, minutes: 5,
            completedAt: instant, localDay: day, localTime: local, timeZone: "UTC", beforeMood: before,
            afterMood: after, feedback: feedback)
    }

    static let categories: Set<String> = [
        "move", "breathe", "create", "connect", "outdoors", "nourish", "tidy", "learn",
    ]
}
