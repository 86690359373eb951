import Foundation
import Hereafter
import LifeCore
import LifeDB
import LifeKit
import LifeKernel
import LifeKitTestSupport
import Testing

/// HA-2, HA-3: the lock is the instant fixed at planting, and rows planted
/// before 0005 get theirs from the backfill.
@Suite struct HereafterUnlockInstantTests {
    static let gate = (52.5163, 13.3777)

    /// Planted "tomorrow" (2026-11-23) at UTC-12 at 12:00 UTC, when it is
    /// 00:00 there: the lock opens at 2026-11-23 00:00 -12:00 = 12:00 UTC,
    /// whatever the zone is later.
    @Test func aZoneChangeAfterPlantingMovesNoLock() throws {
        let fixture = try HereafterFixture(zone: "Etc/GMT+12")
        let planted = try fixture.store(at: "2026-11-22T12:00:00Z").plant(
            text: "Hello later.", at: try HereafterFixture.point(Self.gate.0, Self.gate.1),
            unlock: try HereafterFixture.date("2026-11-23"))
        #expect(planted.unlockAt == Timestamp.parseISO8601("2026-11-23T12:00:00Z"))
        try TestDatabase.setTimeZone("Pacific/Kiritimati", in: fixture.db)
        let here = try HereafterFixture.point(Self.gate.0, Self.gate.1)
        for now in ["2026-11-22T12:00:00Z", "2026-11-23T11:59:59.999Z"] {
            let store = try fixture.store(at: now)
            // In Kiritimati it is already the 23rd: a date compared with today would open.
            #expect(try store.today() >= HereafterFixture.date("2026-11-23"), "\(now)")
            let visit = try store.visit(at: here)
            #expect(visit.discovered.isEmpty, "\(now)")
            #expect(visit.stillLockedCount == 1)
            #expect(try store.message(planted.id)?.state(at: store.clock.now()) == .locked)
            #expect(throws: LifeError.self) { try store.read(planted.id) }
        }
        let open = try fixture.store(at: "2026-11-23T12:00:00Z").visit(at: here)
        #expect(open.discovered.map(\.id) == [planted.id])
        #expect(
            try fixture.db.fetchOne(String.self, "SELECT discovered_at FROM hereafter_messages")
                == "2026-11-23 12:00:00.000")
    }

    /// A reply with an unlock date fixes its instant the same way.
    @Test func aLockedReplyFixesItsInstant() throws {
        let fixture = try HereafterFixture(zone: "Asia/Tokyo")
        let here = try HereafterFixture.point(Self.gate.0, Self.gate.1)
        let first = try fixture.store(at: "2026-11-22T12:00:00Z").plant(
            text: "First.", at: here, unlock: try HereafterFixture.date("2026-11-24"))
        _ = try fixture.store(at: "2026-11-24T00:00:00Z").visit(at: here)
        let reply = try fixture.store(at: "2026-11-24T00:00:00Z").reply(
            to: first.id, text: "Back.", unlock: try HereafterFixture.date("2026-12-01"))
        // 2026-12-01 00:00 in Tokyo (UTC+9) is 2026-11-30 15:00 UTC.
        #expect(reply.unlockAt == Timestamp.parseISO8601("2026-11-30T15:00:00Z"))
        #expect(first.unlockAt == Timestamp.parseISO8601("2026-11-23T15:00:00Z"))
    }

    /// A message planted before 0005 (no unlock_at) gets the start of its
    /// unlock date in the owner's stored zone when the database is opened.
    @Test(arguments: [
        ("Pacific/Auckland", "2026-11-30 11:00:00.000"),  // NZDT, UTC+13
        ("Europe/Berlin", "2026-11-30 23:00:00.000"),  // CET, UTC+1
        ("Mars/Olympus_Mons", "2026-12-01 12:00:00.000"),  // not a zone: the latest start anywhere, UTC-12
    ])
    func theBackfillUsesTheOwnersZone(zone: String, expected: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("unlock-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("life.db").path
        let now = try #require(Timestamp.parseISO8601("2026-11-22T12:00:00Z"))
        let id = UUID()
        do {
            let old = try Database(path: path)
            try old.configureJournal()
            try Migrator(migrations: LifeSchema.migrations.filter { $0.version <= 4 }).migrate(old, now: now)
            try old.execute(
                "INSERT INTO owner (id, time_zone, units, created_at, updated_at) VALUES (1, ?, 'metric', ?, ?)",
                [zone, now, now])
            try old.execute(
                "INSERT INTO hereafter_threads (id, location_key, latitude, longitude, created_at) VALUES (?, 1, 52.5, 13.4, ?)",
                [id, now])
            try old.execute(
                """
                INSERT INTO hereafter_messages (id, thread_id, latitude, longitude, text, planted_on, unlock_date, created_at)
                VALUES (?, ?, 52.5, 13.4, 'old words', '2026-11-22', '2026-12-01', ?)
                """, [id, id, now])
            old.close()
        }
        let opened = try LifeDatabase.openReporting(path: path, now: now, registry: LifeKit.registry)
        #expect(opened.applied.map(\.version).first == 5)
        let instants = try opened.queue.read { db in
            try db.fetchAll("SELECT unlock_at FROM hereafter_messages").map { try $0.get(String?.self, at: 0) }
        }
        #expect(instants == [expected])
    }

    /// CORE-12: the step is migration 0005's own, run inside its
    /// transaction, so an app that migrates through a pool (docs/lifedb.md)
    /// fills the instants too (it used to run only when the CLI opened a file).
    @Test func aPoolMigratingTheFileRunsTheStep() throws {
        let path = TestDatabase.temporaryPath("unlock-pool")
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let now = try #require(Timestamp.parseISO8601("2026-11-22T12:00:00Z"))
        let id = UUID()
        do {
            let old = try Database(path: path)
            try old.configureJournal()
            try Migrator(migrations: LifeSchema.migrations.filter { $0.version <= 4 }).migrate(old, now: now)
            try old.execute(
                "INSERT INTO owner (id, time_zone, units, created_at, updated_at) VALUES (1, 'Europe/Berlin', 'metric', ?, ?)",
                [now, now])
            try old.execute(
                "INSERT INTO hereafter_threads (id, location_key, latitude, longitude, created_at) VALUES (?, 1, 52.5, 13.4, ?)",
                [id, now])
            try old.execute(
                """
                INSERT INTO hereafter_messages (id, thread_id, latitude, longitude, text, planted_on, unlock_date, created_at)
                VALUES (?, ?, 52.5, 13.4, 'old words', '2026-11-22', '2026-12-01', ?)
                """, [id, id, now])
            old.close()
        }
        let pool = try DatabasePool(path: path)
        try LifeKit.registry.migrator.migrate(pool, now: now)
        #expect(
            try pool.read { try $0.fetchOne(String.self, "SELECT unlock_at FROM hereafter_messages") }
                == "2026-11-30 23:00:00.000")
        try pool.close()
    }

    /// The schema refuses a locked message without its instant, whoever writes it.
    @Test func aRowWithoutItsInstantIsRefused() throws {
        let fixture = try HereafterFixture()
        let id = UUID()
        try fixture.db.execute(
            "INSERT INTO hereafter_threads (id, location_key, latitude, longitude, created_at) VALUES (?, 1, 52.5, 13.4, '2026-11-22 12:00:00.000')",
            [id])
        #expect(throws: DatabaseError.self) {
            try fixture.db.execute(
                """
                INSERT INTO hereafter_messages (id, thread_id, latitude, longitude, text, planted_on, unlock_date, created_at)
                VALUES (?, ?, 52.5, 13.4, 'x', '2026-11-22', '2026-12-01', '2026-11-22 12:00:00.000')
                """, [id, id])
        }
    }
}
