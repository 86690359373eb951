import Foundation
import Hereafter
import LifeCore
import LifeDB
import LifeKernel
import LifeKitTestSupport
import Testing

/// REL-5 for 0004_hereafter: a database made before it, with Finite data,
/// migrates forward with that data intact, and Hereafter works on it.
@Suite struct HereafterUpgradeTests {
    @Test func aVersionTwoDatabaseGainsHereafterAndKeepsItsData() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hereafter-up-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("life.db").path
        let now = try #require(Timestamp.parseISO8601("2026-11-22T12:00:00Z"))
        do {
            let old = try Database(path: path)
            try old.configureJournal()
            let before = Migrator(migrations: LifeSchema.migrations.filter { $0.version <= 2 })
            #expect(try before.migrate(old, now: now).map(\.version) == [1, 2])
            try old.execute(
                "INSERT INTO owner (id, time_zone, units, created_at, updated_at) VALUES (1, 'Europe/Berlin', 'metric', ?, ?)",
                [now, now])
            try old.execute(
                "INSERT INTO finite_profile (id, birthday, created_at, updated_at) VALUES (1, '1990-05-14', ?, ?)",
                [now, now])
            try old.execute(
                "INSERT INTO finite_marks (id, week_index, rating, marked_at, updated_at) VALUES (?, 3, 4, ?, ?)",
                [UUID(), now, now])
            old.close()
        }
        let db = try TestDatabase.queue(path: path, now: now)
        // Every later migration applied too (0005 onward change no Finite data).
        #expect(try db.fetchOne(Int.self, "PRAGMA user_version") == LifeSchema.migrations.last?.version)
        #expect(try db.fetchOne(Int.self, "PRAGMA user_version") ?? 0 >= 5)
        #expect(try db.fetchOne(String.self, "SELECT time_zone FROM owner") == "Europe/Berlin")
        #expect(
            try db.fetchOne(
                String.self, "SELECT birthday || ' ' || (SELECT rating FROM finite_marks) FROM finite_profile")
                == "1990-05-14 4")
        let store = HereafterStore(db, clock: .fixed(now))
        try store.onboard(firstName: "Ada")
        let message = try store.plant(
            text: "after the upgrade", at: try Coordinate(latitude: 52.52, longitude: 13.405),
            unlock: try #require(CivilDate(iso: "2026-11-24")))
        #expect(message.plantedOn.iso == "2026-11-22")
        #expect(try db.fetchOne(Int.self, "SELECT count(*) FROM hereafter_thread_locations") == 1)
    }

    /// Migration 0023 records no zone for the notes written before it (it
    /// was never known): each keeps NULL, and `db check` holds its lock to
    /// the start of its date in some zone, exactly (HA-2, issue 32).
    @Test func notesWrittenBeforeZonesKeepNoneAndTheirLockIsChecked() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "hereafter-zone-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("life.db").path
        let now = try #require(Timestamp.parseISO8601("2026-11-22T12:00:00Z"))
        let creator = "c7ea7000-0000-4000-8000-000000000001"
        let thread = "7a1e0000-0000-4000-8000-000000000001"
        let (berlin, kiritimati, odd, reply) = (
            "3c0f0000-0000-4000-8000-000000000001", "3c0f0000-0000-4000-8000-000000000002",
            "3c0f0000-0000-4000-8000-000000000003", "3c0f0000-0000-4000-8000-000000000004"
        )
        do {
            let old = try Database(path: path)
            try old.configureJournal()
            let before = Migrator(migrations: LifeSchema.migrations.filter { $0.version <= 22 })
            try before.migrate(old, now: now)
            try old.executeScript(
                """
                INSERT INTO owner (id, time_zone, units, created_at, updated_at)
                VALUES (1, 'Europe/Berlin', 'metric', '2026-01-01 00:00:00.000', '2026-01-01 00:00:00.000');
                INSERT INTO hereafter_profile (id, first_name, created_at, updated_at, creator_id)
                VALUES (1, 'Ada', '2026-01-01 00:00:00.000', '2026-01-01 00:00:00.000', '\(creator)');
                INSERT INTO hereafter_threads (id, location_key, latitude, longitude, created_at)
                VALUES ('\(thread)', 1, 52.52, 13.405, '2026-02-01 10:00:00.000');
                INSERT INTO hereafter_messages (id, thread_id, parent_id, latitude, longitude, text, planted_on,
                    unlock_date, unlock_at, created_at, discovered_at, read_at, creator_id) VALUES
                    ('\(berlin)', '\(thread)', NULL, 52.52, 13.405, 'a', '2026-02-01', '2026-03-01',
                     '2026-02-28 23:00:00.000', '2026-02-01 10:00:00.000', '2026-03-05 09:00:00.000', NULL,
                     '\(creator)'),
                    ('\(kiritimati)', '\(thread)', NULL, 52.52, 13.405, 'b', '2026-02-01', '2027-03-01',
                     '2027-02-28 10:00:00.000', '2026-02-01 10:00:00.000', NULL, NULL, '\(creator)'),
                    ('\(odd)', '\(thread)', NULL, 52.52, 13.405, 'c', '2026-02-01', '2027-03-01',
                     '2027-02-28 23:10:00.000', '2026-02-01 10:00:00.000', NULL, NULL, '\(creator)'),
                    ('\(reply)', '\(thread)', '\(berlin)', 52.52, 13.405, 'd', '2026-03-05', NULL, NULL,
                     '2026-03-05 09:10:00.000', '2026-03-05 09:10:00.000', NULL, '\(creator)');
                """)
            old.close()
        }
        let db = try TestDatabase.queue(path: path, now: now)
        #expect(try db.fetchOne(Int.self, "PRAGMA user_version") == LifeSchema.migrations.last?.version)
        #expect(try db.fetchOne(Int.self, "SELECT count(*) FROM hereafter_messages WHERE time_zone IS NULL") == 4)
        let problems = try HereafterStore(db, clock: .fixed(now)).invariantViolations()
        #expect(
            problems == [
                "message \(odd): unlock_at is 2027-02-28 23:10:00.000 UTC, which is not the start of the unlock date 2027-03-01 in any time zone this system knows (the note records no zone of its own)"
            ])
        // Notes written now record their zone.
        let store = HereafterStore(db, clock: .fixed(now))
        let note = try store.plant(
            text: "now", at: try Coordinate(latitude: 52.52, longitude: 13.405),
            unlock: try #require(CivilDate(iso: "2027-03-01")))
        #expect(note.timeZone == "Europe/Berlin")
        #expect(note.unlockAt == Timestamp.parseISO8601("2027-02-28T23:00:00Z"))
    }
}
