import Foundation
import Hereafter
import LifeCore
import LifeDB
import LifeKernel
import LifeKit
import LifeKitTestSupport
import Testing
import Walks

/// What the tests of other products' tables need from their stores.
enum WalksStoreAccess {
    /// Imports a GPX file; answers the walk's id.
    static func importGPX(_ writer: any DatabaseWriter, clock: Clock, path: String) throws -> String {
        let result = try WalksStore(writer, clock: clock).importGPX(path: path)
        return try #require(result.walks.first).id
    }
}

/// The multi-column CHECKs whose columns merge in different units hold
/// after any merge (SPEC SYNC-2; SyncCatalogTests lists them).
@Suite struct SyncPolicyTests {
    static let gpx = SyncCatalogTests.sourceRoot.appendingPathComponent("examples/walks/ridge-loop.gpx").path

    /// walks: `(points IS NULL) = (pruned_at IS NOT NULL)` spans the walk's
    /// track (@created) and pruned_at (earliest). A prune rewrites the track
    /// after it was finished, so the rewrite wins with its pruned_at, and
    /// pruned_at never goes back to null: the pair moves together.
    @Test func prunedWalkStaysPruned() throws {
        let a = try SyncDevice("2026-11-22T09:00:00Z")
        let b = try SyncDevice("2026-11-22T09:00:00Z")
        let id = try WalksStoreAccess.importGPX(a.writer, clock: a.clock, path: Self.gpx)
        try SyncDevice.converge([a, b])
        let later = try a.at("2030-01-01T09:00:00Z")
        _ = try WalksStore(later.writer, clock: later.clock).prune(before: CivilDate(year: 2029, month: 1, day: 1)!)
        // B renames nothing, but applies A's prune, and an older full bundle of its own.
        let older = try b.fullBundle()
        try b.at("2030-01-01T10:00:00Z").apply(try a.bundle())
        try a.apply(older)
        for device in [a, b] {
            let row = try #require(
                try device.queue.fetchOne("SELECT points IS NULL, pruned_at IS NOT NULL FROM walks WHERE id = ?", [id]))
            #expect(row.values == [.integer(1), .integer(1)])
            #expect(try device.count("SELECT count(*) FROM pragma_integrity_check WHERE integrity_check <> 'ok'") == 0)
        }
        #expect(try a.exportForSync() == b.exportForSync())
    }

    /// hereafter_messages: read implies discovered, and a reply born
    /// without a lock is born discovered. discovered_at and read_at are
    /// both earliest: a device that read a note had discovered it, so the
    /// earliest non-null read comes with a non-null discovery; neither goes
    /// back to null.
    @Test func readImpliesDiscovered() throws {
        let a = try SyncDevice("2026-11-22T09:00:00Z")
        let b = try SyncDevice("2026-11-22T09:00:00Z")
        let place = try Coordinate(latitude: 52.5, longitude: 13.4)
        _ = try a.hereafter { try $0.onboard(firstName: "Ada") }
        let note = try a.hereafter {
            try $0.plant(text: "Open me later", at: place, unlock: CivilDate(year: 2026, month: 11, day: 25)!)
        }
        try SyncDevice.converge([a, b])
        // A discovers it on the 26th; B, offline, discovers and reads it on the 27th.
        _ = try a.at("2026-11-26T09:00:00Z").hereafter { try $0.visit(at: place) }
        _ = try b.at("2026-11-27T09:00:00Z").hereafter { try $0.visit(at: place) }
        _ = try b.hereafter { try $0.read(note.id) }
        _ = try b.hereafter { try $0.reply(to: note.id, text: "I came back") }
        try SyncDevice.converge([a, b])
        for device in [a, b] {
            let row = try #require(
                try device.queue.fetchOne(
                    "SELECT discovered_at, read_at FROM hereafter_messages WHERE id = ?", [note.id]))
            #expect(
                row.values == [
                    DatabaseValue.text("2026-11-26 09:00:00.000"), DatabaseValue.text("2026-11-27 09:00:00.000"),
                ])
            #expect(
                try device.count(
                    "SELECT count(*) FROM hereafter_messages WHERE unlock_date IS NULL AND discovered_at IS NULL") == 0)
            #expect(try device.count("SELECT count(*) FROM hereafter_messages") == 2)
        }
        #expect(try a.exportForSync() == b.exportForSync())
    }
}
