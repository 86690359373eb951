import Foundation
@testable import Hereafter
import LifeCore
import Testing

/// HA-7: the chat's order and words, from hand-made messages (`@testable`: a
/// message is built only by the store outside tests, HA-3).
@Suite struct HereafterChatTests {
    static func instant(_ iso: String) throws -> Date { try #require(Timestamp.parseISO8601(iso)) }
    static let thread = UUID()
    static let creator = UUID()
    static let utc = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0)!

    static func message(
        planted: String, at iso: String, unlock: String?, discovered: String? = nil, parent: UUID? = nil,
        text: String = "words", nudged: String? = nil
    ) throws -> HereafterMessage {
        let discoveredAt = try discovered.map(instant)
        return HereafterMessage(
            id: UUID(), threadID: thread, parentID: parent,
            coordinate: try Coordinate(latitude: 48.8584, longitude: 2.2945), placeName: nil,
            plantedOn: try #require(CivilDate(iso: planted)),
            unlockDate: try unlock.map { try #require(CivilDate(iso: $0)) },
            unlockAt: try unlock.map { try instant($0 + "T00:00:00Z") },
            createdAt: try instant(iso), discoveredAt: discoveredAt, readAt: nil,
            content: discoveredAt == nil ? .locked : .readable(text: text, photo: nil), creatorID: creator,
            anniversaryNudgedAt: try nudged.map(instant))
    }

    /// HA-8: two notes found together at one place, their anniversary told
    /// once by the visit of 2028-03-02 (a year after 2027-03-01): the chat
    /// says it once, after both "just unlocked" lines.
    @Test func anAnniversaryToldOnceForAPlaceIsSaidOnce() throws {
        let profile = HereafterProfile(
            firstName: "Noor", onboardingCompleted: true, createdAt: try Self.instant("2026-11-22T09:00:00Z"),
            creatorID: Self.creator)
        let notes = try ["a", "b"].map {
            try Self.message(
                planted: "2026-11-22", at: "2026-11-22T10:00:00Z", unlock: "2027-03-01",
                discovered: "2027-03-01T08:00:00Z", text: $0, nudged: "2028-03-02T08:00:00Z")
        }
        let chat = HereafterChat.build(profile: profile, messages: notes, zone: Self.utc)
        #expect(chat.filter { $0.kind == .unlocked }.count == 2)
        let anniversaries = chat.filter { $0.kind == .anniversary }
        #expect(anniversaries.count == 1)
        #expect(chat.last?.kind == .anniversary)
        #expect(
            anniversaries.first?.sentence
                == "It's been a year since you found what you left at 48.8584° N, 2.2945° E. Want to read it again?")
    }

    @Test func theStoryInOrder() throws {
        let profile = HereafterProfile(
            firstName: "Noor", onboardingCompleted: true, createdAt: try Self.instant("2026-11-22T09:00:00Z"),
            creatorID: Self.creator)
        let first = try Self.message(
            planted: "2026-11-22", at: "2026-11-22T10:00:00Z", unlock: "2027-03-01",
            discovered: "2027-03-05T08:00:00Z", text: "hello future")
        let second = try Self.message(planted: "2026-12-01", at: "2026-12-01T10:00:00Z", unlock: "2030-01-01")
        let reply = try Self.message(
            planted: "2029-03-06", at: "2029-03-06T10:00:00Z", unlock: nil, discovered: "2029-03-06T10:00:00Z",
            parent: first.id, text: "hello past")
        let chat = HereafterChat.build(profile: profile, messages: [reply, second, first], zone: Self.utc)
        #expect(
            chat.map(\.kind) == [
                .greeting, .askLocation, .message, .askNotifications, .planted, .message, .planted, .unlocked, .reply,
            ])
        #expect(chat.map(\.speaker) == [.host, .host, .owner, .host, .host, .owner, .host, .host, .owner])
        #expect(
            chat[0].sentence
                == "Hi Noor. I'm Hereafter. Leave a few words somewhere that matters, and I'll keep them until you come back."
        )
        #expect(chat[4].sentence == "You left something here. It opens on 1 March 2027.")
        #expect(chat[6].sentence == "You left something here. It opens on 1 January 2030.")
        #expect(
            chat[7].sentence == "Something you left at 48.8584° N, 2.2945° E on 22 November 2026 just unlocked.")
        #expect(chat[8].later == .years(2))
        let text = ChatTranscript.render(chat)
        #expect(text.contains("🔒 locked until 1 January 2030"))
        #expect(text.contains("hello future") && text.contains("hello past"))
        #expect(text.contains("↩ reply, 2 years later"))
        // The host on the left, the owner on the right (ending at column 78).
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.hasPrefix("Hereafter  ") }.count == 6)
        let owner = try #require(lines.first { $0.hasSuffix("hello future") })
        #expect(owner.count == 78 && owner.hasPrefix("    "))
        #expect(!text.contains("\u{1B}["))
        // On a terminal the locked bubble is dimmed (SGR 2), and only it.
        let coloured = ChatTranscript.render(chat, ansiColor: true)
        let dimmed = coloured.split(separator: "\n").filter { $0.hasPrefix("\u{1B}[2m") }
        #expect(dimmed.count == 2)
        #expect(dimmed.first?.hasSuffix("🔒 locked until 1 January 2030\u{1B}[0m") == true)
    }

    @Test func shortCoordinatesAndDates() throws {
        #expect(
            HereafterHost.shortCoordinate(try Coordinate(latitude: -33.85678, longitude: 151.21530))
                == "33.8568° S, 151.2153° E")
        #expect(
            HereafterHost.shortCoordinate(try Coordinate(latitude: 40.7, longitude: -74)) == "40.7000° N, 74.0000° W")
        #expect(HereafterHost.longDate(try #require(CivilDate(iso: "2027-03-01"))) == "1 March 2027")
    }
}
