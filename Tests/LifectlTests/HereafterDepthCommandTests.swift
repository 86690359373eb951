import Foundation
import LifeKitTestSupport
import Testing

/// SPEC HA-8 through the built lifectl: `creatorId` on the profile and the
/// messages, a thread's `oldestUnlockDate` and `hasUnreadUnlocked`, the
/// thread's place name for a note without one, the anniversary nudge and
/// `hereafter notifications`.
@Suite(.tags(.endToEnd)) struct HereafterDepthCommandTests {
    typealias T = HereafterCommandTests

    @Test func theSeedsFieldsAndTheAnniversary() throws {
        let cli = try T.onboarded()
        let profile = try #require(
            try T.json(try cli.run("hereafter", "onboard", "--name", "Ada", "--json").stdout) as? [String: Any])
        let creator = try #require(profile["creatorId"] as? String)
        #expect(creator.count == 36 && creator == creator.lowercased())
        #expect(profile["muted"] as? [String] == [])
        #expect(
            try cli.run(
                "hereafter", "plant", "--text", "a", "--at", T.gate, "--place", "Gate", "--unlock", "2027-03-01"
            )
            .status == 0)
        // 149 m north: the same thread, without --place: announced at the thread's place.
        let second = try cli.run("hereafter", "plant", "--text", "b", "--at", T.north149, "--unlock", "2027-01-01")
        #expect(second.stdout.contains(" at Gate (thread "), "\(second.stdout)")
        let list = try #require(
            (try T.json(try cli.run("hereafter", "list", "--json").stdout) as? [String: Any])?["messages"]
                as? [[String: Any]])
        #expect(list.map { $0["creatorId"] as? String } == [creator, creator])
        #expect(list.map { $0["placeName"] as? String } == ["Gate", "Gate"])
        let threadID = try #require(list.first?["threadId"] as? String)
        let thread = try #require(
            try T.json(try cli.run("hereafter", "thread", threadID, "--json").stdout) as? [String: Any])
        #expect(thread["oldestUnlockDate"] as? String == "2027-01-01")
        #expect(thread["hasUnreadUnlocked"] as? Bool == false)
        let january = try #require(
            try T.json(try T.at(cli, "2027-01-05T12:00:00Z").run("hereafter", "thread", threadID, "--json").stdout)
                as? [String: Any])
        #expect(january["hasUnreadUnlocked"] as? Bool == true)
        // Found on 2027-03-01; the first anniversary is 2028-03-01.
        #expect(try T.at(cli, "2027-03-01T08:00:00Z").run("hereafter", "visit", "--at", T.gate).status == 0)
        let muted = try T.at(cli, "2028-03-01T08:00:00Z").run("hereafter", "notifications", "--anniversaries", "off")
        #expect(muted.stdout == "I'll tell you about unlocks only; anniversaries are muted.\n")
        let quiet = try T.at(cli, "2028-03-01T08:00:00Z").run("hereafter", "visit", "--at", T.gate)
        #expect(!quiet.stdout.contains("It's been a year"))
        let bad = try cli.run("hereafter", "notifications", "--loud", "off")
        #expect(bad.status == 64)
        let unmuted = try T.at(cli, "2028-03-01T08:00:00Z").run(
            "hereafter", "notifications", "--anniversaries", "on")
        #expect(unmuted.stdout == "I'll tell you about unlocks and anniversaries.\n")
        let nudged = try T.at(cli, "2028-03-01T09:00:00Z").run("hereafter", "visit", "--at", T.gate, "--json")
        let visit = try #require(try T.json(nudged.stdout) as? [String: Any])
        let nudges = try #require(visit["anniversaries"] as? [[String: Any]])
        #expect(nudges.count == 1)
        #expect(nudges.first?["years"] as? Int == 1)
        #expect(nudges.first?["anniversary"] as? String == "2028-03-01")
        #expect(
            nudges.first?["body"] as? String
                == "It's been a year since you found what you left at Gate. Want to read it again?")
        let check = try T.at(cli, "2028-03-01T10:00:00Z").run("db", "check")
        #expect(check.status == 0, "\(check.stdout)")
    }
}
