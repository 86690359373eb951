import Foundation
import Hereafter
import LifeCore
import LifeDB
import Testing

/// HereafterStore on a fresh database each: the edges of the issue (HA-2,
/// HA-3, HA-4, HA-5), rows read back, and "a refused call changes nothing".
/// Positions at 149 m, 151 m, 100 m and 200 m were computed with Python
/// geographiclib's Direct problem on WGS-84 from the Brandenburg Gate
/// (52.5163, 13.3777), independently of the code.
@Suite struct HereafterStoreTests {
    static let gate = (52.5163, 13.3777)
    static let north149 = (52.5176389990, 13.3777)
    static let north151 = (52.5176569722, 13.3777)
    static let east149 = (52.5162999796, 13.3798948847)
    static let east151 = (52.5162999791, 13.3799243462)
    static let northeast100 = (52.5169354420, 13.3787416377)
    static let northeast200 = (52.5175708747, 13.3797833055)

    static func at(_ p: (Double, Double)) throws -> Coordinate { try Coordinate(latitude: p.0, longitude: p.1) }

    @Test func fiveHundredCharactersAcceptedFiveHundredOneRefused() throws {
        let fixture = try HereafterFixture()
        let store = try fixture.store(at: "2026-11-22T12:00:00Z")
        let unlock = try HereafterFixture.date("2027-01-01")
        // 500 characters, one of them an emoji of several scalars (CORE-9 counts characters).
        let text = String(repeating: "a", count: 499) + "👩‍👩‍👧"
        let planted = try store.plant(text: text, at: try Self.at(Self.gate), unlock: unlock)
        #expect(try fixture.db.fetchOne(String.self, "SELECT text FROM hereafter_messages") == text)
        #expect(planted.content == .locked)
        let before = try fixture.content()
        #expect(throws: LifeError.invalid(field: "text", "text is 501 characters; the limit is 500")) {
            try store.plant(text: text + "b", at: try Self.at(Self.gate), unlock: unlock)
        }
        #expect(try fixture.content() == before)
    }

    /// 2026-11-22T12:00Z is already 23 November (01:00) in Auckland: "today"
    /// is the 23rd there, so the 23rd is refused and the 24th accepted.
    @Test func unlockTodayRefusedTomorrowAcceptedInTheOwnersZone() throws {
        let fixture = try HereafterFixture(zone: "Pacific/Auckland")
        let store = try fixture.store(at: "2026-11-22T12:00:00Z")
        #expect(throws: LifeError.self) {
            try store.plant(text: "x", at: try Self.at(Self.gate), unlock: try HereafterFixture.date("2026-11-23"))
        }
        do {
            try store.plant(text: "x", at: try Self.at(Self.gate), unlock: try HereafterFixture.date("2026-11-23"))
        } catch let error as LifeError {
            #expect(error.field == "unlock date")
            #expect(
                error.message
                    == "unlock date is 2026-11-23; it must be tomorrow (2026-11-24) or later in the owner's time zone (Pacific/Auckland)"
            )
        }
        let message = try store.plant(
            text: "x", at: try Self.at(Self.gate), unlock: try HereafterFixture.date("2026-11-24"))
        #expect(message.plantedOn.iso == "2026-11-23")
        #expect(
            try fixture.db.fetchOne(String.self, "SELECT planted_on || ' ' || unlock_date FROM hereafter_messages")
                == "2026-11-23 2026-11-24")
    }

    @Test(arguments: [(north149, true), (north151, false), (east149, true), (east151, false)])
    func aVisitDiscoversWithin150Meters(visit: (Double, Double), discovers: Bool) throws {
        let fixture = try HereafterFixture()
        let planted = try fixture.store(at: "2026-11-22T12:00:00Z").plant(
            text: "the words", at: try Self.at(Self.gate), placeName: "Brandenburg Gate",
            unlock: try HereafterFixture.date("2027-03-01"))
        let result = try fixture.store(at: "2027-03-01T09:00:00Z").visit(at: try Self.at(visit))
        #expect(result.discovered.map(\.id) == (discovers ? [planted.id] : []))
        let discoveredAt = try fixture.db.fetchOne(String?.self, "SELECT discovered_at FROM hereafter_messages") ?? nil
        #expect(discoveredAt == (discovers ? "2027-03-01 09:00:00.000" : nil))
        if discovers {
            #expect(result.discovered.first?.content == .readable(text: "the words", photo: nil))
            #expect(
                result.notifications == [
                    UnlockNotification(
                        messageID: planted.id, title: "Hereafter",
                        body: "Something you left at Brandenburg Gate on 22 November 2026 just unlocked.",
                        actions: ["Read", "Later"])
                ])
        }
    }

    @Test func aVisitBeforeTheUnlockDateDiscoversAndRevealsNothing() throws {
        let fixture = try HereafterFixture()
        let planted = try fixture.store(at: "2026-11-22T12:00:00Z").plant(
            text: "not yet", at: try Self.at(Self.gate), unlock: try HereafterFixture.date("2027-03-01"))
        let early = try fixture.store(at: "2027-02-28T23:59:00Z")
        let before = try fixture.content()
        let result = try early.visit(at: try Self.at(Self.gate))
        #expect(result.discovered.isEmpty && result.notifications.isEmpty)
        #expect(result.stillLockedCount == 1)
        #expect(result.nextUnlockDate?.iso == "2027-03-01")
        #expect(try fixture.content() == before)
        #expect(try early.message(planted.id)?.content == .locked)
        #expect(try early.messages().allSatisfy { $0.content == .locked })
        #expect(try early.thread(planted.threadID).messages.map(\.content) == [.locked])
        #expect(try early.messages(search: "not yet").isEmpty)
        // Reading and replying are refused, and the refusal holds no word of the text.
        for attempt in [{ _ = try early.read(planted.id) }, { _ = try early.reply(to: planted.id, text: "hi") }] {
            do {
                try attempt()
                Issue.record("a locked message was opened")
            } catch let error as LifeError {
                #expect(!error.message.contains("not yet"))
                #expect(error.message.contains("is locked until 2027-03-01"))
            }
        }
        // The day after, the same visit discovers it; from then it is readable anywhere.
        let result2 = try fixture.store(at: "2027-03-01T08:00:00Z").visit(at: try Self.at(Self.gate))
        #expect(result2.discovered.map(\.id) == [planted.id])
        let far = try fixture.store(at: "2027-03-05T08:00:00Z")
        #expect(try far.read(planted.id).content.text == "not yet")
        #expect(
            try fixture.db.fetchOne(String.self, "SELECT read_at FROM hereafter_messages") == "2027-03-05 08:00:00.000")
    }

    @Test func notesHundredMetersApartShareAThreadTwoHundredDoNot() throws {
        let fixture = try HereafterFixture()
        let store = try fixture.store(at: "2026-11-22T12:00:00Z")
        let unlock = try HereafterFixture.date("2027-01-01")
        let first = try store.plant(text: "one", at: try Self.at(Self.gate), unlock: unlock)
        let near = try store.plant(text: "two", at: try Self.at(Self.northeast100), unlock: unlock)
        let far = try store.plant(text: "three", at: try Self.at(Self.northeast200), unlock: unlock)
        #expect(near.threadID == first.threadID)
        #expect(far.threadID != first.threadID)
        #expect(try fixture.db.fetchOne(Int.self, "SELECT count(*) FROM hereafter_threads") == 2)
        // The R*Tree holds one entry per thread, at its centre (the first message's position).
        let entries = try fixture.db.fetchAll(
            """
            SELECT t.latitude, r.min_latitude, r.max_latitude FROM hereafter_threads t
            JOIN hereafter_thread_locations r ON r.location_key = t.location_key ORDER BY t.created_at, t.id
            """)
        #expect(entries.count == 2)
        for entry in entries {
            let latitude: Double = try entry.get(at: 0)
            #expect(try entry.get(Double.self, at: 1) <= latitude && latitude <= entry.get(Double.self, at: 2))
        }
    }

    /// 111.694 m across the North Pole and 111.319 m across ±180° (geographiclib).
    @Test func threadsAndVisitsWorkAtThePoleAndAcrossTheAntimeridian() throws {
        let fixture = try HereafterFixture()
        let store = try fixture.store(at: "2026-11-22T12:00:00Z")
        let unlock = try HereafterFixture.date("2027-01-01")
        let polar = try store.plant(text: "pole", at: try Coordinate(latitude: 89.9995, longitude: 0), unlock: unlock)
        let joined = try store.plant(
            text: "pole 2", at: try Coordinate(latitude: 89.9995, longitude: 180), unlock: unlock)
        #expect(joined.threadID == polar.threadID)
        let fiji = try store.plant(text: "fiji", at: try Coordinate(latitude: 0, longitude: 179.9995), unlock: unlock)
        let later = try fixture.store(at: "2027-01-02T12:00:00Z")
        let result = try later.visit(at: try Coordinate(latitude: 0, longitude: -179.9995))
        #expect(result.discovered.map(\.id) == [fiji.id])
        let polarVisit = try later.visit(at: try Coordinate(latitude: 89.9995, longitude: 90))
        #expect(Set(polarVisit.discovered.map(\.id)) == [polar.id, joined.id])
    }

    @Test func photosAreCheckedByContentAndSizeAndNeverListed() throws {
        let fixture = try HereafterFixture()
        let store = try fixture.store(at: "2026-11-22T12:00:00Z")
        let unlock = try HereafterFixture.date("2027-01-01")
        let before = try fixture.content()
        do {
            try store.plant(
                text: "t", at: try Self.at(Self.gate), unlock: unlock, photo: Data("hello, I am text\n".utf8))
            Issue.record("a text file was accepted as a photo")
        } catch let error as LifeError {
            #expect(error.field == "photo")
        }
        var big = PhotoKindTests.png
        big.append(Data(count: 10_000_001 - big.count))
        #expect(big.count == 10_000_001)
        #expect(
            throws: LifeError.invalid(field: "photo", "photo is 10,000,001 bytes; the limit is 10,000,000 (10 MB)")
        ) {
            try store.plant(text: "t", at: try Self.at(Self.gate), unlock: unlock, photo: big)
        }
        #expect(try fixture.content() == before)
        big.removeLast()
        let message = try store.plant(text: "t", at: try Self.at(Self.gate), unlock: unlock, photo: big)
        #expect(
            try fixture.db.fetchOne(String.self, "SELECT media_type || ' ' || length(bytes) FROM hereafter_photos")
                == "image/png 10000000")
        #expect(throws: LifeError.self) { try store.photo(of: message.id) }
        _ = try fixture.store(at: "2027-01-01T12:00:00Z").visit(at: try Self.at(Self.gate))
        let photo = try #require(try store.photo(of: message.id))
        #expect(photo.kind == .png && photo.bytes == big)
        #expect(try store.message(message.id)?.content.photo == PhotoInfo(mediaType: .png, byteCount: 10_000_000))
    }

    @Test func aReplyJoinsTheThreadWithItsParentAndTheTimeSince() throws {
        let fixture = try HereafterFixture()
        let original = try fixture.store(at: "2026-11-22T12:00:00Z").plant(
            text: "first", at: try Self.at(Self.gate), unlock: try HereafterFixture.date("2027-03-01"))
        _ = try fixture.store(at: "2027-03-01T12:00:00Z").visit(at: try Self.at(Self.gate))
        let later = try fixture.store(at: "2029-03-02T12:00:00Z")
        let open = try later.reply(to: original.id, text: "still here")
        #expect(open.threadID == original.threadID && open.parentID == original.id)
        #expect(open.content.text == "still here")
        let locked = try fixture.store(at: "2029-03-02T12:05:00Z").reply(
            to: original.id, text: "see you", unlock: try HereafterFixture.date("2030-01-01"))
        #expect(locked.content == .locked)
        let thread = try later.thread(original.threadID)
        #expect(thread.messages.map(\.id) == [original.id, open.id, locked.id])
        #expect(TimeLater.between(original.plantedOn, open.plantedOn).phrase == "2 years later")
        let chat = try later.chat()
        #expect(
            chat.first?.sentence
                == "Hi Ada. I'm Hereafter. Leave a few words somewhere that matters, and I'll keep them until you come back."
        )
        #expect(chat.contains { $0.kind == .reply && $0.later == .years(2) && $0.message?.id == open.id })
        #expect(!ChatTranscript.render(chat).contains("see you"))
        #expect(ChatTranscript.render(chat).contains("still here"))
    }

    @Test func theIndexAndAFullScanGiveTheSameActiveSet() throws {
        let fixture = try HereafterFixture()
        var generator = SplitMix64(state: 6)
        let store = try fixture.store(at: "2026-11-22T12:00:00Z")
        // 400 notes in a 30 km square around the antimeridian at Fiji, unlocking over a year.
        for i in 0..<400 {
            let latitude = -17 + Double.random(in: -0.15...0.15, using: &generator)
            var longitude = 180 + Double.random(in: -0.15...0.15, using: &generator)
            if longitude > 180 { longitude -= 360 }
            try store.plant(
                text: "note \(i)", at: try Coordinate(latitude: latitude, longitude: longitude),
                unlock: try HereafterFixture.date("2026-11-23").adding(days: Int.random(in: 0..<365, using: &generator))
            )
        }
        let later = try fixture.store(at: "2027-02-01T12:00:00Z")
        for _ in 0..<30 {
            var longitude = 180 + Double.random(in: -0.2...0.2, using: &generator)
            if longitude > 180 { longitude -= 360 }
            let here = try Coordinate(
                latitude: -17 + Double.random(in: -0.2...0.2, using: &generator), longitude: longitude)
            let indexed = try later.geofences(at: here)
            let scanned = try later.geofences(at: here, method: .fullScan)
            #expect(indexed == scanned)
            #expect(indexed.regions.count <= 20)
        }
    }

    /// `db check`'s Hereafter invariants find what SQLite's CHECKs cannot, and
    /// name ids only, never the words (HA-3).
    @Test func invariantsCatchOverlongTextAndAStaleIndexWithoutQuotingTheText() throws {
        let fixture = try HereafterFixture()
        let store = try fixture.store(at: "2026-11-22T12:00:00Z")
        let message = try store.plant(
            text: "fine", at: try Self.at(Self.gate), unlock: try HereafterFixture.date("2027-01-01"))
        #expect(try store.invariantViolations() == [])
        let long = "secret " + String(repeating: "y", count: 500)
        try fixture.db.execute("UPDATE hereafter_messages SET text = ? WHERE id = ?", [long, message.id])
        try fixture.db.execute("DELETE FROM hereafter_thread_locations")
        let id = message.id.uuidString.lowercased()
        #expect(
            try store.invariantViolations() == [
                "message \(id): text is 507 characters; the limit is 500",
                "the spatial index holds 0 entries for 1 threads (1 missing)",
            ])
    }

    /// `db check` finds a parent cycle and a lock that contradicts itself,
    /// naming ids only (HA-2, HA-5). A reply to a note not discovered here
    /// is no fault: another device discovered and answered it, and its
    /// discovery may arrive after the reply (docs/hereafter.md).
    @Test func invariantsCatchACycleOfParentsAndALockApartFromItsDate() throws {
        let fixture = try HereafterFixture()
        let store = try fixture.store(at: "2026-11-22T12:00:00Z")
        let a = try store.plant(text: "a", at: try Self.at(Self.gate), unlock: try HereafterFixture.date("2027-01-01"))
        let b = try store.plant(text: "b", at: try Self.at(Self.gate), unlock: try HereafterFixture.date("2027-01-01"))
        try fixture.db.execute("UPDATE hereafter_messages SET parent_id = ? WHERE id = ?", [b.id, a.id])
        try fixture.db.execute("UPDATE hereafter_messages SET parent_id = ? WHERE id = ?", [a.id, b.id])
        try fixture.db.execute(
            "UPDATE hereafter_messages SET unlock_at = '2026-11-01 00:00:00.000' WHERE id = ?", [a.id])
        let (ia, ib) = (a.id.uuidString.lowercased(), b.id.uuidString.lowercased())
        let problems = try store.invariantViolations()
        #expect(
            Set(problems) == [
                "message \(ia): unlock_at is 2026-11-01 00:00:00.000 UTC, which is not the start of the unlock date 2027-01-01 in any time zone",
                "message \(ia): its parents lead back to it (a reply cannot answer a later reply)",
                "message \(ib): its parents lead back to it (a reply cannot answer a later reply)",
            ])
        #expect(problems.count == 3)
    }

    /// A note is never read before it was discovered: discovered by a
    /// device whose clock ran ahead (its stamp synced here) and read here
    /// earlier by this device's clock, it is read at its discovery, so the
    /// row stays one that every device accepts (`read_at` before
    /// `discovered_at` is refused by an import and held back by a sync).
    @Test func aNoteIsReadNoEarlierThanItWasDiscovered() throws {
        let fixture = try HereafterFixture()
        let planted = try fixture.store(at: "2026-11-22T12:00:00Z").plant(
            text: "later", at: try Self.at(Self.gate), unlock: try HereafterFixture.date("2026-11-23"))
        _ = try fixture.store(at: "2026-11-25T22:00:00Z").visit(at: try Self.at(Self.gate))
        #expect(try fixture.store(at: "2026-11-25T09:00:00Z").read(planted.id).content.text == "later")
        #expect(
            try fixture.db.fetchOne(String.self, "SELECT read_at FROM hereafter_messages") == "2026-11-25 22:00:00.000")
    }

    /// A rename's instant only moves forward: a clock set back renames, but
    /// leaves `updated_at` (which decides a merge) where it was.
    @Test func aRenameNeverMovesUpdatedAtBack() throws {
        let fixture = try HereafterFixture(onboardAt: "2026-11-22T12:00:00Z")
        try fixture.store(at: "2026-11-20T12:00:00Z").onboard(firstName: "Ada L")
        #expect(
            try fixture.db.fetchOne(String.self, "SELECT first_name || ' ' || updated_at FROM hereafter_profile")
                == "Ada L 2026-11-22 12:00:00.000")
    }
}
