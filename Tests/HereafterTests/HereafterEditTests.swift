import Foundation
import Hereafter
import LifeCore
import LifeDB
import Testing

/// Issue 32: editing and deleting a note, and the exact lock (HA-2, HA-3).
/// An edit is allowed only while the note is locked and replaces its words;
/// a delete removes the note, its photo and, when asked, its replies; no
/// refusal and no answer holds a word of a locked note.
@Suite struct HereafterEditTests {
    static let gate = (52.5163, 13.3777)
    static let marker = "quokka lantern"

    static func at(_ p: (Double, Double)) throws -> Coordinate { try Coordinate(latitude: p.0, longitude: p.1) }

    /// A note planted 2026-11-22 12:00 UTC at the gate, opening 2027-03-01.
    static func planted(zone: String = "UTC") throws -> (HereafterFixture, HereafterStore, HereafterMessage) {
        let fixture = try HereafterFixture(zone: zone)
        let store = try fixture.store(at: "2026-11-22T12:00:00Z")
        let note = try store.plant(
            text: "Old words \(marker)", at: try Self.at(Self.gate), placeName: "Brandenbrug Gate",
            unlock: try HereafterFixture.date("2027-03-01"))
        return (fixture, store, note)
    }

    func stored(_ fixture: HereafterFixture, _ id: UUID) throws -> [DatabaseValue]? {
        try fixture.db.fetchOne("SELECT text, place_name FROM hereafter_messages WHERE id = ?", [id])?.values
    }

    @Test func anEditReplacesTheWordsAndThePlaceAndKeepsTheLock() throws {
        let (fixture, _, note) = try Self.planted()
        let store = try fixture.store(at: "2026-12-01T09:00:00Z")
        let edit = try store.edit(note.id, change: NoteChange(text: "  New words  ", placeName: "Brandenburg Gate"))
        #expect(edit.changed == [.text, .place])
        #expect(edit.message.content == .locked)
        #expect(edit.message.placeName == "Brandenburg Gate")
        #expect(try stored(fixture, note.id) == [.text("New words"), .text("Brandenburg Gate")])
        // The lock, the dates and the position are as planted.
        let row = try #require(
            try fixture.db.fetchOne(
                "SELECT planted_on, unlock_date, unlock_at, created_at, time_zone FROM hereafter_messages"))
        #expect(
            row.values == [
                .text("2026-11-22"), .text("2027-03-01"), .text("2027-03-01 00:00:00.000"),
                .text("2026-11-22 12:00:00.000"), .text("UTC"),
            ])
        // Nothing of the old words is anywhere in the file's tables.
        let everything = try fixture.db.fetchAll(
            "SELECT group_concat(text, ' ') FROM hereafter_messages UNION ALL SELECT group_concat(body, ' ') FROM search_documents"
        )
        #expect(!"\(everything)".contains(Self.marker))
        // The same words again change nothing.
        let again = try store.edit(note.id, change: NoteChange(text: "New words", placeName: "Brandenburg Gate"))
        #expect(again.changed == [])
        // Without a place the note is shown by its coordinate.
        let cleared = try store.edit(note.id, change: NoteChange(placeName: .some(nil)))
        #expect(cleared.changed == [.place])
        #expect(cleared.message.placeLabel == "52.5163° N, 13.3777° E")
    }

    @Test func aNoteIsEditableOnlyWhileLocked() throws {
        let (fixture, _, note) = try Self.planted()
        let before = try fixture.content()
        // 2027-03-01 00:00 UTC: the lock has opened; the words are what was left.
        let opened = try fixture.store(at: "2027-03-01T00:00:00Z")
        do {
            try opened.edit(note.id, change: NoteChange(text: "Too late"))
            Issue.record("an unlocked note was edited")
        } catch let error as LifeError {
            #expect(error.exitCode == 64)
            #expect(
                error.message
                    == "message \(note.id.uuidString.lowercased()) at Brandenbrug Gate unlocked on 2027-03-01; a note can be edited only while it is locked, and its words are now what you left (it can still be deleted)"
            )
            #expect(!error.message.contains(Self.marker))
        }
        #expect(try fixture.content() == before)
        // One second before, it could still be edited.
        let last = try fixture.store(at: "2027-02-28T23:59:59Z")
        #expect(try last.edit(note.id, change: NoteChange(text: "Just in time")).changed == [.text])
    }

    @Test func aReplyWrittenOpenIsNotEditable() throws {
        let fixture = try HereafterFixture()
        let store = try fixture.store(at: "2026-11-22T12:00:00Z")
        let note = try store.plant(
            text: "Soon", at: try Self.at(Self.gate), unlock: try HereafterFixture.date("2026-11-23"))
        let later = try fixture.store(at: "2026-11-24T08:00:00Z")
        _ = try later.visit(at: try Self.at(Self.gate))
        let reply = try later.reply(to: note.id, text: "Read at once")
        #expect(throws: LifeError.self) { try later.edit(reply.id, change: NoteChange(text: "changed")) }
        #expect(throws: LifeError.self) { try later.edit(note.id, change: NoteChange(text: "changed")) }
        #expect(
            try fixture.db.fetchOne(String.self, "SELECT text FROM hereafter_messages WHERE id = ?", [reply.id])
                == "Read at once")
    }

    @Test func anEditHoldsThePlantingRules() throws {
        let (fixture, store, note) = try Self.planted()
        let before = try fixture.content()
        #expect(throws: LifeError.invalid(field: "text", "text is 501 characters; the limit is 500")) {
            try store.edit(note.id, change: NoteChange(text: String(repeating: "x", count: 501)))
        }
        #expect(throws: LifeError.self) { try store.edit(note.id, change: NoteChange(text: "\u{202E}")) }
        #expect(throws: LifeError.self) { try store.edit(note.id, change: NoteChange(placeName: "two\nlines")) }
        #expect(throws: LifeError.self) { try store.edit(note.id, change: NoteChange()) }
        #expect(try fixture.content() == before)
    }

    @Test func aDeleteTakesTheNoteAndItsPhotoAndLeavesThePlace() throws {
        let (fixture, store, note) = try Self.planted()
        let other = try store.plant(
            text: "Stays", at: try Self.at(Self.gate), unlock: try HereafterFixture.date("2027-04-01"))
        let deletion = try store.delete(note.id)
        #expect(deletion.message.id == note.id)
        #expect(deletion.message.content == .locked)
        #expect(deletion.replies.isEmpty)
        #expect(
            try fixture.db.fetchAll("SELECT id FROM hereafter_messages").map { try $0.get(String.self, at: 0) }
                == [other.id.uuidString.lowercased()])
        #expect(try fixture.db.fetchOne(Int.self, "SELECT count(*) FROM hereafter_threads") == 1)
        // A note planted there later joins the place.
        let later = try store.plant(
            text: "Back", at: try Self.at(Self.gate), unlock: try HereafterFixture.date("2027-05-01"))
        #expect(later.threadID == note.threadID)
        #expect(try store.invariantViolations() == [])
    }

    @Test func aNoteWithRepliesGoesOnlyWithThem() throws {
        let fixture = try HereafterFixture()
        let store = try fixture.store(at: "2026-11-22T12:00:00Z")
        let note = try store.plant(
            text: "Soon", at: try Self.at(Self.gate), unlock: try HereafterFixture.date("2026-11-23"))
        let later = try fixture.store(at: "2026-11-24T08:00:00Z")
        _ = try later.visit(at: try Self.at(Self.gate))
        let reply = try later.reply(to: note.id, text: "First reply")
        let replyToReply = try later.reply(to: reply.id, text: "Second reply")
        let before = try fixture.content()
        #expect(
            throws: LifeError.invalid(
                field: "replies",
                "message \(note.id.uuidString.lowercased()) has 2 replies; give --with-replies to delete it with them, or delete the replies first"
            )
        ) { try later.delete(note.id) }
        #expect(try fixture.content() == before)
        let deletion = try later.delete(note.id, withReplies: true)
        // Deepest first.
        #expect(deletion.replies.map(\.id) == [replyToReply.id, reply.id])
        #expect(try fixture.db.fetchOne(Int.self, "SELECT count(*) FROM hereafter_messages") == 0)
        #expect(
            try fixture.db.fetchOne(Int.self, "SELECT count(*) FROM search_documents WHERE kind = 'hereafter_message'")
                == 0)
    }

    // MARK: The exact lock (HA-2)

    /// A Berlin note's lock is Berlin's midnight: the start of the date at
    /// Kiritimati, 13 hours earlier, is refused by `db check`, as any
    /// instant but the one.
    @Test func dbCheckHoldsTheLockToTheNotesOwnZone() throws {
        let (fixture, store, note) = try Self.planted(zone: "Europe/Berlin")
        #expect(
            try fixture.db.fetchOne(String.self, "SELECT unlock_at || ' ' || time_zone FROM hereafter_messages")
                == "2027-02-28 23:00:00.000 Europe/Berlin")
        #expect(try store.invariantViolations() == [])
        try fixture.db.execute("UPDATE hereafter_messages SET unlock_at = '2027-02-28 10:00:00.000'")
        #expect(
            try store.invariantViolations() == [
                "message \(note.id.uuidString.lowercased()): unlock_at is 2027-02-28 10:00:00.000 UTC, which is not the start of the unlock date 2027-03-01 in the note's time zone (Europe/Berlin): that is 2027-02-28 23:00:00.000 UTC"
            ])
        try fixture.db.execute(
            "UPDATE hereafter_messages SET unlock_at = '2027-02-28 23:00:00.000', time_zone = 'Mars/Olympus'")
        #expect(try store.invariantViolations().count == 1)
    }

    @Test func theZoneOfALockIsTheOwnersWhenItStartsThere() throws {
        let date = try HereafterFixture.date("2027-03-01")
        let berlin = try #require(Timestamp.parseISO8601("2027-02-28T23:00:00Z"))
        #expect(
            HereafterRules.zoneOfLock(unlockDate: date, unlockAt: berlin, preferred: "Europe/Paris") == "Europe/Paris")
        // Not Berlin's own name: the first zone by name whose midnight it is (UTC+1 in March).
        #expect(HereafterRules.zoneOfLock(unlockDate: date, unlockAt: berlin, preferred: "UTC") == "Africa/Algiers")
        // 23:10 UTC starts the day in no zone.
        let odd = try #require(Timestamp.parseISO8601("2027-02-28T23:10:00Z"))
        #expect(HereafterRules.zoneOfLock(unlockDate: date, unlockAt: odd, preferred: "UTC") == nil)
        #expect(HereafterRules.zoneOfLock(unlockDate: nil, unlockAt: nil, preferred: "Asia/Tokyo") == "Asia/Tokyo")
    }
}
