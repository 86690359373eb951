import Foundation
import Hereafter
import LifeCore
import LifeDB
import LifeKernel
import LifeKit
import LifeKitTestSupport
import LifeSync
import Testing

/// Issue 32: a note edited or deleted on one device is edited or deleted on
/// the others (docs/sync.md, sections 3–5): an edit of the note's words or
/// place is a change of its `@created` unit after the creation, which beats
/// the creation everywhere; a delete is a tombstone, which no older copy of
/// the note brings back. Locked words stay sealed in every bundle.
@Suite struct HereafterEditSyncTests {
    static let gate = try! Coordinate(latitude: 52.5163, longitude: 13.3777)
    static let unlock = CivilDate(year: 2027, month: 3, day: 1)!

    /// Two devices that share one planted note (A planted it at 10:00).
    func pair(text: String = "First words") throws -> (SyncDevice, SyncDevice, HereafterMessage) {
        let a = try SyncDevice("2026-11-22T10:00:00Z")
        let b = try SyncDevice("2026-11-22T10:00:00Z")
        _ = try a.hereafter { try $0.onboard(firstName: "Ada") }
        // Planted in Berlin: the lock is Berlin's midnight, 23:00 UTC the day before.
        try OwnerStore(a.writer, clock: a.clock).update(timeZone: .some("Europe/Berlin"))
        let note = try a.hereafter { try $0.plant(text: text, at: Self.gate, placeName: "Gaet", unlock: Self.unlock) }
        try SyncDevice.converge([a, b])
        #expect(try b.count("SELECT count(*) FROM hereafter_messages") == 1)
        return (a, b, note)
    }

    func stored(_ device: SyncDevice, _ id: UUID) throws -> [DatabaseValue]? {
        try device.queue.fetchOne(
            "SELECT text, place_name, unlock_at, time_zone FROM hereafter_messages WHERE id = ?", [id])?.values
    }

    @Test func anEditTravelsAsAChangeAfterTheCreation() throws {
        let (a, b, note) = try pair()
        let marker = "Kq9Edited\(UUID().uuidString.prefix(6))"
        let edit = try a.at("2026-11-23T09:00:00Z").hereafter {
            try $0.edit(note.id, change: NoteChange(text: "Second words \(marker)", placeName: "Gate"))
        }
        #expect(edit.changed == [.text, .place])
        #expect(edit.message.content == .locked)
        // Captured as a change of the @created unit, after the creation.
        let cells = try a.count(
            """
            SELECT count(*) FROM sync_cell c JOIN sync_table t ON t.ordinal = c.t
            WHERE t.name = 'hereafter_messages' AND c.k = ?
            """, [note.id.uuidString.lowercased()])
        #expect(cells == 1)
        let bundle = try a.bundle()
        let plaintext = try SyncDevice.plaintext(bundle)
        // The new words travel sealed, never as they are.
        #expect(!plaintext.contains(marker))
        #expect(plaintext.contains("\"text\":{\"sealed\":"))
        try b.at("2026-11-23T10:00:00Z").apply(bundle)
        let expected: [DatabaseValue] = [
            .text("Second words \(marker)"), .text("Gate"), .text("2027-02-28 23:00:00.000"), .text("Europe/Berlin"),
        ]
        #expect(try stored(b, note.id) == expected)
        // An older copy of the note (a device that never heard of the edit)
        // does not bring the old words back, in either order.
        let stale = try SyncDevice("2026-11-22T10:00:00Z")
        try stale.apply(try b.fullBundle())
        #expect(try stored(stale, note.id) == expected)
        try SyncDevice.converge([a, b, stale])
        for device in [a, b, stale] { #expect(try stored(device, note.id) == expected) }
        #expect(try a.exportForSync() == b.exportForSync())
        #expect(try a.exportForSync() == stale.exportForSync())
    }

    @Test func twoEditsKeepTheLaterOne() throws {
        let (a, b, note) = try pair()
        try a.at("2026-11-23T09:00:00Z").hereafter { _ = try $0.edit(note.id, change: NoteChange(text: "From A")) }
        try b.at("2026-11-23T11:00:00Z").hereafter { _ = try $0.edit(note.id, change: NoteChange(text: "From B")) }
        try SyncDevice.converge([a, b])
        for device in [a, b] {
            #expect(
                try device.queue.fetchOne(String.self, "SELECT text FROM hereafter_messages WHERE id = ?", [note.id])
                    == "From B")
        }
        #expect(try a.exportForSync() == b.exportForSync())
    }

    @Test func aDeleteIsATombstoneNoOlderCopyUndoes() throws {
        let (a, b, note) = try pair()
        // An old copy of A's database, taken before the delete.
        let before = try a.fullBundle()
        let deletion = try a.at("2026-11-23T09:00:00Z").hereafter { try $0.delete(note.id) }
        #expect(deletion.message.id == note.id && deletion.replies.isEmpty)
        try b.at("2026-11-23T10:00:00Z").apply(try a.bundle())
        #expect(try b.count("SELECT count(*) FROM hereafter_messages") == 0)
        // The thread, a place, stays on both.
        #expect(try b.count("SELECT count(*) FROM hereafter_threads") == 1)
        // Applying the bundle from before the delete again changes nothing.
        try b.apply(before)
        #expect(try b.count("SELECT count(*) FROM hereafter_messages") == 0)
        let stale = try SyncDevice("2026-11-22T10:00:00Z")
        try stale.apply(before)
        #expect(try stale.count("SELECT count(*) FROM hereafter_messages") == 1)
        try SyncDevice.converge([a, b, stale])
        for device in [a, b, stale] { #expect(try device.count("SELECT count(*) FROM hereafter_messages") == 0) }
        #expect(try a.exportForSync() == stale.exportForSync())
    }

    @Test func aDeletedNoteWithItsPhotoAndRepliesGoesEverywhere() throws {
        let a = try SyncDevice("2026-11-22T10:00:00Z")
        let b = try SyncDevice("2026-11-22T10:00:00Z")
        _ = try a.hereafter { try $0.onboard(firstName: "Ada") }
        let png = Data(
            base64Encoded:
                "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==")!
        let note = try a.hereafter {
            try $0.plant(
                text: "With a photo", at: Self.gate, unlock: CivilDate(year: 2026, month: 11, day: 25)!, photo: png)
        }
        _ = try a.at("2026-11-26T09:00:00Z").hereafter { try $0.visit(at: Self.gate) }
        let reply = try a.hereafter { try $0.reply(to: note.id, text: "Came back") }
        _ = try b.at("2026-11-26T09:00:00Z")
        try SyncDevice.converge([a, b])
        #expect(try b.count("SELECT count(*) FROM hereafter_photos") == 1)
        #expect(try b.count("SELECT count(*) FROM hereafter_messages") == 2)
        #expect(throws: LifeError.self) { try a.hereafter { try $0.delete(note.id) } }
        let deletion = try a.at("2026-11-27T09:00:00Z").hereafter { try $0.delete(note.id, withReplies: true) }
        _ = try b.at("2026-11-27T09:00:00Z")
        #expect(deletion.replies.map(\.id) == [reply.id])
        try SyncDevice.converge([a, b])
        for device in [a, b] {
            #expect(try device.count("SELECT count(*) FROM hereafter_messages") == 0)
            #expect(try device.count("SELECT count(*) FROM hereafter_photos") == 0)
            #expect(try device.count("SELECT count(*) FROM search_documents WHERE kind = 'hereafter_message'") == 0)
        }
        #expect(try a.exportForSync() == b.exportForSync())
    }

    /// A reply written on a device whose clock is behind the one that wrote
    /// the message it answers reads earlier than that message. Sync judges
    /// a row by itself and its parent being shown (docs/sync.md, section 7),
    /// so a third device shows the reply rather than hold it back for good
    /// ("a reply comes after the message it answers" is the import's rule).
    @Test func aReplyThatReadsEarlierThanItsParentIsShown() throws {
        let (a, b, note) = try pair()
        let c = try SyncDevice("2026-11-22T10:00:00Z")
        // A's clock runs two hours ahead: it finds the note and answers at once.
        let ahead = try a.at("2027-03-02T12:00:00Z")
        _ = try ahead.hereafter { try $0.visit(at: Self.gate) }
        let first = try ahead.hereafter { try $0.reply(to: note.id, text: "From A") }
        try b.at("2027-03-02T10:00:00Z").apply(try a.bundle(), acceptSkew: true)
        let second = try b.at("2027-03-02T10:05:00Z").hereafter { try $0.reply(to: first.id, text: "From B") }
        #expect(second.createdAt < first.createdAt)
        let report = try c.at("2027-03-02T10:10:00Z").apply(try b.fullBundle(), acceptSkew: true)
        #expect(report.heldBack.isEmpty, "\(report.heldBack)")
        #expect(try c.count("SELECT count(*) FROM hereafter_messages WHERE id = ?", [second.id]) == 1)
        try SyncDevice.converge([a, b, c])
        #expect(try a.exportForSync() == c.exportForSync())
    }
}
