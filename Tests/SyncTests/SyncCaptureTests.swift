import Finite
import Foundation
import LifeCore
import LifeDB
import LifeKernel
import LifeKit
import LifeKitTestSupport
import Testing

/// What the triggers record (SYNC-1; docs/sync.md, sections 2 and 3).
@Suite struct SyncCaptureTests {
    /// 2026-11-22T10:00:00Z in milliseconds, times 32.
    static let tenOClock: Int64 = 1_795_341_600_000 * 32

    /// A record's creation (v, s), deletion (d; 0 none) and base (b).
    func row(_ device: SyncDevice, _ table: Int, _ key: DatabaseValue) throws -> (
        v: Int64, s: Int64, d: Int64, b: Int64
    )? {
        guard
            let row = try device.queue.fetchOne(
                "SELECT v, s, d, b FROM sync_row WHERE t = ? AND k = ?", [table, key])
        else { return nil }
        return (try row.get(at: 0), try row.get(at: 1), try row.get(at: 2), try row.get(at: 3))
    }

    @Test func aPinnedClockStampsEveryChangeOfATransactionOnce() throws {
        let device = try SyncDevice("2026-11-22T10:00:00Z")
        try device.finite.setup(birthday: CivilDate(year: 1990, month: 5, day: 14)!)
        // One transaction: the profile (and the owner's row, if any) share one tick.
        #expect(try device.queue.fetchOne(Int64.self, "SELECT hlc FROM sync_site") == Self.tenOClock)
        #expect(try row(device, 2, .integer(1))?.v == Self.tenOClock)
        // A second change at the same millisecond ticks the counter.
        try device.finite.mark(.number(1900), rating: 4)
        #expect(try row(device, 3, .integer(1899))?.v == Self.tenOClock + 1)
        #expect(try row(device, 3, .integer(1899))?.d == 0)
        #expect(try row(device, 3, .integer(1899))?.s == 0)
        // The stamp is taken off before the commit.
        #expect(try device.queue.fetchOne("SELECT mode, clock_ms FROM sync_site")?.values == [.integer(0), .null])
        // A transaction that changes no synced row does not tick.
        _ = try device.writer.write { db in try db.fetchOne(Int.self, "SELECT 1") }
        #expect(try device.queue.fetchOne(Int64.self, "SELECT hlc FROM sync_site") == Self.tenOClock + 1)
    }

    @Test func onlyUnitsChangedAfterCreationHaveCellVersions() throws {
        let device = try SyncDevice()
        try device.finite.setup(birthday: CivilDate(year: 1990, month: 5, day: 14)!)
        try device.finite.mark(.number(1900), rating: 4, phrase: "first")
        #expect(try device.count("SELECT count(*) FROM sync_cell") == 0)
        _ = try device.at("2026-11-22T11:00:00Z")
        try device.finite.mark(.number(1900), rating: 5, phrase: "first")
        // The mark group (unit 1) and updated_at (unit 3) changed; marked_at and @created did not.
        let cells = try device.queue.fetchAll("SELECT u, h FROM sync_cell WHERE t = 3 ORDER BY u").map(\.values)
        let eleven: Int64 = (1_795_341_600_000 + 3_600_000) * 32
        #expect(cells == [[.integer(1), .integer(eleven)], [.integer(3), .integer(eleven)]])
    }

    /// A deletion keeps the row's values and unit versions (a tombstone a
    /// later change brings back whole); a creation after it supersedes it.
    @Test func deleteLeavesATombstoneWithItsValuesAndRecreatingSupersedesIt() throws {
        let device = try SyncDevice()
        try device.finite.setup(birthday: CivilDate(year: 1990, month: 5, day: 14)!)  // tick 0
        try device.finite.mark(.number(1900), rating: 4, phrase: "kept")  // tick 1: created
        try device.finite.mark(.number(1900), rating: 2, phrase: "kept")  // tick 2: the mark group changed
        try device.finite.unmark(.number(1900))  // tick 3: deleted
        let deleted = try #require(try row(device, 3, .integer(1899)))
        #expect(deleted.v == Self.tenOClock + 1 && deleted.d == Self.tenOClock + 3 && deleted.b == 0)
        // Its unit versions stay, and its values are kept.
        #expect(try device.count("SELECT count(*) FROM sync_cell WHERE t = 3 AND h = ?", [Self.tenOClock + 2]) == 1)
        #expect(
            try device.queue.fetchOne("SELECT v FROM sync_kept WHERE t = 3 AND k = 1899 AND col = 'phrase'")?[0]
                == .text("kept"))
        #expect(
            try device.queue.fetchOne("SELECT v FROM sync_kept WHERE t = 3 AND k = 1899 AND col = 'rating'")?[0]
                == .integer(2))
        try device.finite.mark(.number(1900), rating: 3)  // tick 4: created again, after the deletion
        let again = try #require(try row(device, 3, .integer(1899)))
        #expect(again.v == Self.tenOClock + 4 && again.b == Self.tenOClock + 3 && again.d == Self.tenOClock + 3)
        #expect(try device.count("SELECT count(*) FROM sync_cell WHERE t = 3") == 0)
        #expect(try device.count("SELECT count(*) FROM sync_kept WHERE t = 3") == 0)
        try device.finite.unmark(.number(1900))  // tick 5
        #expect(try row(device, 3, .integer(1899))?.d == Self.tenOClock + 5)
    }

    /// A deletion and a creation of one identity in one transaction (one
    /// version for both): the row exists.
    @Test func aDeletionUndoneInItsOwnTransactionLeavesTheRowAlive() throws {
        let device = try SyncDevice()
        try device.finite.setup(birthday: CivilDate(year: 1990, month: 5, day: 14)!)  // tick 0
        try device.finite.mark(.number(1900), rating: 4)  // tick 1
        try device.writer.write { db in  // tick 2
            try db.execute("DELETE FROM finite_marks WHERE week_index = 1899")
            try db.execute(
                "INSERT INTO finite_marks (id, week_index, rating, marked_at, updated_at) VALUES ('00000000-0000-4000-8000-000000000009', 1899, 5, '2026-11-22 10:00:00.000', '2026-11-22 10:00:00.000')"
            )
        }
        let record = try #require(try row(device, 3, .integer(1899)))
        #expect(record.v == Self.tenOClock + 2 && record.d == 0 && record.b == Self.tenOClock + 2)
    }

    /// SYNC-1: a write made with the sqlite3 shell is recorded too, with
    /// SQLite's own clock (no program set one), one tick per row.
    @Test func aWriteFromTheSqlite3ShellIsRecorded() throws {
        let device = try SyncDevice()
        try device.finite.setup(birthday: CivilDate(year: 1990, month: 5, day: 14)!)
        let before = try #require(try device.queue.fetchOne(Int64.self, "SELECT hlc FROM sync_site"))
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        shell.arguments = [
            device.path,
            """
            INSERT INTO finite_marks (id, week_index, rating, marked_at, updated_at) VALUES
              ('00000000-0000-4000-8000-000000000001', 10, 3, '2026-01-01 00:00:00.000', '2026-01-01 00:00:00.000'),
              ('00000000-0000-4000-8000-000000000002', 11, 4, '2026-01-01 00:00:00.000', '2026-01-01 00:00:00.000');
            UPDATE finite_profile SET view_mode = 'bw';
            """,
        ]
        let wallBefore = HybridClock.milliseconds(Date()) * 32
        try shell.run()
        shell.waitUntilExit()
        #expect(shell.terminationStatus == 0)
        let first = try #require(try row(device, 3, .integer(10)))
        let second = try #require(try row(device, 3, .integer(11)))
        #expect(first.d == 0 && second.d == 0)
        // The shell's clock is the real one; each row ticked once.
        #expect(first.v >= wallBefore && first.v > before)
        #expect(second.v > first.v)
        let viewMode = try #require(
            try device.queue.fetchOne(Int64.self, "SELECT h FROM sync_cell WHERE t = 2 AND u = 2"))
        #expect(viewMode > second.v)
        #expect(try device.queue.fetchOne(Int.self, "SELECT mode FROM sync_site") == 0)
    }

    /// Earliest and latest values only move forward, also when a device's
    /// clock steps back (docs/sync.md, section 3).
    @Test func latticeColumnsAreKeptForward() throws {
        let device = try SyncDevice("2026-11-22T12:00:00Z")
        try device.finite.setup(birthday: CivilDate(year: 1990, month: 5, day: 14)!)
        try device.finite.mark(.number(1900), rating: 4)
        _ = try device.at("2026-11-22T09:00:00Z")  // the clock stepped back
        try device.finite.mark(.number(1900), rating: 5)
        let row = try #require(try device.queue.fetchOne("SELECT rating, marked_at, updated_at FROM finite_marks"))
        #expect(row.values == [.integer(5), .text("2026-11-22 12:00:00.000"), .text("2026-11-22 12:00:00.000")])
        // A program's write cannot move marked_at (earliest) later or updated_at (latest) earlier.
        try device.writer.write { db in
            try db.execute(
                "UPDATE finite_marks SET marked_at = '2030-01-01 00:00:00.000', updated_at = '2000-01-01 00:00:00.000'")
        }
        #expect(
            try device.queue.fetchOne("SELECT marked_at, updated_at FROM finite_marks")?.values
                == [.text("2026-11-22 12:00:00.000"), .text("2026-11-22 12:00:00.000")])
        try device.writer.write { db in try db.execute("UPDATE finite_marks SET marked_at = '2020-01-01 00:00:00.000'")
        }
        #expect(
            try device.queue.fetchOne(String.self, "SELECT marked_at FROM finite_marks") == "2020-01-01 00:00:00.000")
        // A person with sqlite3 may (a repair by hand stays as written).
        try device.queue.execute("UPDATE finite_marks SET marked_at = '2030-01-01 00:00:00.000'")
        #expect(
            try device.queue.fetchOne(String.self, "SELECT marked_at FROM finite_marks") == "2030-01-01 00:00:00.000")
    }

    /// Changing a row's identity by hand is a delete and a creation.
    @Test func changingTheIdentityIsADeleteAndACreation() throws {
        let device = try SyncDevice()
        try device.finite.setup(birthday: CivilDate(year: 1990, month: 5, day: 14)!)
        try device.finite.mark(.number(1900), rating: 4)
        try device.queue.execute("UPDATE finite_marks SET week_index = 1800")
        let old = try #require(try row(device, 3, .integer(1899)))
        let new = try #require(try row(device, 3, .integer(1800)))
        #expect(old.d > old.v)  // deleted after its creation
        #expect(new.d == 0 && new.v == old.d)  // created by the same change
    }
}
