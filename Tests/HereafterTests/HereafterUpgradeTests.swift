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
}
