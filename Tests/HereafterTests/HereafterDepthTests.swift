import Foundation
import Hereafter
import LifeCore
import LifeDB
import LifeKernel
import Testing

/// SPEC HA-8 on a fresh database each: the creator of every message, a
/// thread's oldest unlock date and unread-unlocked flag, the thread's place
/// name for a note planted there without one, and the anniversary nudge
/// (muted like the others). Dates are worked out by hand in the comments.
@Suite struct HereafterDepthTests {
    static let gate = (52.5163, 13.3777)
    /// 100 m and 200 m north-east of the gate (geographiclib, as HereafterStoreTests).
    static let northeast100 = (52.5169354420, 13.3787416377)
    static let northeast200 = (52.5175708747, 13.3797833055)

    static func at(_ p: (Double, Double)) throws -> Coordinate { try Coordinate(latitude: p.0, longitude: p.1) }

    @Test func everyMessageRecordsTheProfilesCreator() throws {
        let fixture = try HereafterFixture()
        let store = try fixture.store(at: "2026-11-22T12:00:00Z")
        let creator = try store.requireProfile().creatorID
        // A second onboarding (a new name) keeps the id made the first time.
        #expect(try store.onboard(firstName: "Ada L.").creatorID == creator)
        let planted = try store.plant(
            text: "hello", at: try Self.at(Self.gate), unlock: try HereafterFixture.date("2026-11-23"))
        _ = try fixture.store(at: "2026-11-23T08:00:00Z").visit(at: try Self.at(Self.gate))
        let reply = try fixture.store(at: "2026-11-23T09:00:00Z").reply(to: planted.id, text: "hi back")
        #expect(planted.creatorID == creator)
        #expect(reply.creatorID == creator)
        #expect(try fixture.db.fetchOne(Int.self, "SELECT count(DISTINCT creator_id) FROM hereafter_messages") == 1)
        #expect(
            try fixture.db.fetchOne(String.self, "SELECT creator_id FROM hereafter_messages LIMIT 1")
                == creator.uuidString.lowercased())
        // The column refuses a message without one (the trigger of 0020).
        #expect(throws: (any Error).self) {
            try fixture.db.execute("UPDATE hereafter_messages SET creator_id = NULL")
        }
    }

    /// Two notes at the gate unlocking 2027-03-01 and 2027-01-01: the
    /// oldest unlock date is 2027-01-01 whatever the order of planting;
    /// nothing is unread-unlocked before it, something is from then until
    /// both unlocked notes are read.
    @Test func aThreadSaysItsOldestUnlockDateAndWhetherSomethingUnlockedIsUnread() throws {
        let fixture = try HereafterFixture()
        let store = try fixture.store(at: "2026-11-22T12:00:00Z")
        let march = try store.plant(
            text: "march", at: try Self.at(Self.gate), unlock: try HereafterFixture.date("2027-03-01"))
        let january = try store.plant(
            text: "january", at: try Self.at(Self.gate), unlock: try HereafterFixture.date("2027-01-01"))
        #expect(march.threadID == january.threadID)
        let thread = try store.thread(march.threadID)
        #expect(thread.oldestUnlockDate?.iso == "2027-01-01")
        #expect(!thread.hasUnreadUnlocked(at: try #require(Timestamp.parseISO8601("2026-12-31T23:59:00Z"))))
        // Unlocked and not yet found there: unread.
        #expect(thread.hasUnreadUnlocked(at: try #require(Timestamp.parseISO8601("2027-01-01T00:00:00Z"))))
        _ = try fixture.store(at: "2027-01-02T08:00:00Z").visit(at: try Self.at(Self.gate))
        _ = try fixture.store(at: "2027-01-02T09:00:00Z").read(january.id)
        let read = try fixture.store(at: "2027-01-02T09:00:00Z").thread(march.threadID)
        #expect(!read.hasUnreadUnlocked(at: try #require(Timestamp.parseISO8601("2027-02-28T12:00:00Z"))))
        // March unlocks: unread again until read.
        #expect(read.hasUnreadUnlocked(at: try #require(Timestamp.parseISO8601("2027-03-01T00:00:00Z"))))
    }

    @Test func aNoteInsideANamedPlaceTakesItsName() throws {
        let fixture = try HereafterFixture()
        let store = try fixture.store(at: "2026-11-22T12:00:00Z")
        let unlock = try HereafterFixture.date("2027-01-01")
        let first = try store.plant(text: "one", at: try Self.at(Self.gate), placeName: "Gate", unlock: unlock)
        // 100 m away: the same thread (within 150 m of its centre), no --place.
        let second = try store.plant(text: "two", at: try Self.at(Self.northeast100), unlock: unlock)
        #expect(second.threadID == first.threadID)
        #expect(second.placeName == "Gate")
        #expect(second.placeLabel == "Gate")
        // 200 m away: a thread of its own, still without a name.
        let third = try store.plant(text: "three", at: try Self.at(Self.northeast200), unlock: unlock)
        #expect(third.threadID != first.threadID)
        #expect(third.placeName == nil)
    }

    /// Found on 2027-03-01 (UTC). The first anniversary is 2028-03-01: a
    /// visit on 2028-02-29 hears nothing; one on 2028-03-01 hears it once;
    /// the second anniversary comes on 2029-03-01 and is still due on the
    /// 2nd. A visit 200 m away (out of the 150 m reach) hears nothing.
    @Test func theAnniversaryOfADiscoveryIsToldOnceAYearWhenNear() throws {
        let fixture = try HereafterFixture()
        let note = try fixture.store(at: "2026-11-22T12:00:00Z").plant(
            text: "remember", at: try Self.at(Self.gate), placeName: "Gate",
            unlock: try HereafterFixture.date("2027-03-01"))
        let found = try fixture.store(at: "2027-03-01T08:00:00Z").visit(at: try Self.at(Self.gate))
        #expect(found.discovered.map(\.id) == [note.id])
        #expect(found.nudges.isEmpty)
        #expect(try fixture.store(at: "2028-02-29T12:00:00Z").visit(at: try Self.at(Self.gate)).nudges.isEmpty)
        #expect(
            try fixture.store(at: "2028-03-01T12:00:00Z").visit(at: try Self.at(Self.northeast200)).nudges.isEmpty)
        // Before the visit the geofences watch the place for it.
        let plan = try fixture.store(at: "2028-03-01T12:00:00Z").geofences(at: try Self.at(Self.northeast200))
        #expect(plan.regions.map(\.reason) == [.anniversary])
        #expect(plan.regions.first?.anniversary?.iso == "2028-03-01")
        let first = try fixture.store(at: "2028-03-01T12:00:00Z").visit(at: try Self.at(Self.gate))
        #expect(first.nudges.count == 1)
        #expect(first.nudges.first?.messageID == note.id)
        #expect(first.nudges.first?.years == 1)
        #expect(first.nudges.first?.anniversary.iso == "2028-03-01")
        #expect(
            first.nudges.first?.body == "It's been a year since you found what you left at Gate. Want to read it again?"
        )
        #expect(first.nudges.first?.actions == ["Read", "Later"])
        #expect(
            try fixture.db.fetchOne(String.self, "SELECT anniversary_nudged_at FROM hereafter_messages")
                == "2028-03-01 12:00:00.000")
        // Told: not again that year, and no longer among the geofences.
        #expect(try fixture.store(at: "2028-06-01T12:00:00Z").visit(at: try Self.at(Self.gate)).nudges.isEmpty)
        #expect(try fixture.store(at: "2028-06-01T12:00:00Z").geofences(at: try Self.at(Self.gate)).regions.isEmpty)
        let second = try fixture.store(at: "2029-03-02T12:00:00Z").visit(at: try Self.at(Self.gate))
        #expect(second.nudges.map(\.years) == [2])
        #expect(
            second.nudges.first?.body
                == "It's been 2 years since you found what you left at Gate. Want to read it again?"
        )
    }

    /// The calendar (`lifectl calendar --ics`) lists the first anniversary of
    /// a discovery on 2027-03-01 at the start of 2028-03-01 (UTC) in a window
    /// from 2028-02-25 for 14 days; not once it was told, nor while muted.
    @Test func theCalendarListsAnniversariesToCome() throws {
        let fixture = try HereafterFixture()
        let note = try fixture.store(at: "2026-11-22T12:00:00Z").plant(
            text: "remember", at: try Self.at(Self.gate), placeName: "Gate",
            unlock: try HereafterFixture.date("2027-03-01"))
        _ = try fixture.store(at: "2027-03-01T08:00:00Z").visit(at: try Self.at(Self.gate))
        let utc = try #require(TimeZone(identifier: "UTC"))
        func events(now: String, today: String) throws -> [CalendarEvent] {
            let window = CalendarWindow(
                today: try HereafterFixture.date(today), days: 14, zone: utc,
                now: try #require(Timestamp.parseISO8601(now)))
            return try fixture.db.read { try HereafterProduct().calendarEvents($0, window: window) }
        }
        let before = try events(now: "2028-02-25T12:00:00Z", today: "2028-02-25")
        #expect(before.map(\.uid) == ["hereafter-anniversary-\(note.id.uuidString.lowercased())-1@lifectl"])
        #expect(before.first?.start == Timestamp.parseISO8601("2028-03-01T00:00:00Z"))
        #expect(before.first?.summary == "A year since you found a Hereafter note")
        #expect(before.first?.location == "Gate")
        try fixture.store(at: "2028-02-25T12:00:00Z").notifications(mute: [.anniversaries])
        #expect(try events(now: "2028-02-25T12:00:00Z", today: "2028-02-25").isEmpty)
        try fixture.store(at: "2028-02-25T12:00:00Z").notifications(unmute: [.anniversaries])
        _ = try fixture.store(at: "2028-03-01T09:00:00Z").visit(at: try Self.at(Self.gate))
        #expect(try events(now: "2028-03-01T10:00:00Z", today: "2028-03-01").isEmpty)
    }

    @Test func mutedKindsStayQuietAndTheNotesStillOpen() throws {
        let fixture = try HereafterFixture()
        let store = try fixture.store(at: "2026-11-22T12:00:00Z")
        let note = try store.plant(
            text: "quiet", at: try Self.at(Self.gate), unlock: try HereafterFixture.date("2027-03-01"))
        #expect(try store.notifications(mute: [.unlocks, .anniversaries]).muted == [.unlocks, .anniversaries])
        let found = try fixture.store(at: "2027-03-01T08:00:00Z").visit(at: try Self.at(Self.gate))
        // Discovered all the same; only the notification is not given.
        #expect(found.discovered.map(\.id) == [note.id])
        #expect(found.notifications.isEmpty)
        let later = try fixture.store(at: "2028-03-01T12:00:00Z")
        #expect(try later.geofences(at: try Self.at(Self.gate)).regions.isEmpty)
        #expect(try later.visit(at: try Self.at(Self.gate)).nudges.isEmpty)
        // Unmuted, the anniversary not told while muted is told at the next visit.
        #expect(try later.notifications(unmute: [.anniversaries]).muted == [.unlocks])
        #expect(try later.visit(at: try Self.at(Self.gate)).nudges.map(\.years) == [1])
    }
}
