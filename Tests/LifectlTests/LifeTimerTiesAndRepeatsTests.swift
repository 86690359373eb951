import Foundation
import LifeKitTestSupport
import Testing

/// LifeTimer's social outputs: ties listed by username (lifetimer.md,
/// Leaderboards), a grant or suspension repeated changes nothing and says
/// so (json.md: `changed`), and a reminder counts one day in the singular.
@Suite(.tags(.endToEnd)) struct LifeTimerTiesAndRepeatsTests {
    static func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// Three milestones completed at the same instant: by username, in the
    /// recent leaderboard and in the feed, whatever their random ids.
    @Test func tiesAreListedByUsername() throws {
        let cli = try Lifectl(now: "2027-01-01T00:00:00Z")
        let names = ["own", "kiwi", "lax", "bee"]
        for name in names {
            #expect(try cli.run("lifetimer", "account", "create", name, "--visibility", "public").status == 0)
            #expect(try cli.run("lifetimer", "goal", "add", "g", "--as", name).status == 0)
            #expect(
                try cli.run("lifetimer", "milestone", "add", "1", "m", "--visibility", "public", "--as", name).status
                    == 0)
        }
        var later = cli
        later.environment["LIFECTL_NOW"] = "2027-01-02T12:00:00Z"
        for name in names {
            #expect(try later.run("lifetimer", "milestone", "complete", "1.1", "--as", name).status == 0)
            if name != "own" { #expect(try later.run("lifetimer", "follow", name).status == 0) }
        }
        later.environment["LIFECTL_NOW"] = "2027-01-03T00:00:00Z"
        let board = try Self.object(later.run("lifetimer", "leaderboard", "recent", "--json").stdout)
        let usernames = (board["entries"] as? [[String: Any]])?.compactMap {
            ($0["account"] as? [String: Any])?["username"] as? String
        }
        #expect(usernames == ["bee", "kiwi", "lax", "own"])
        let feed = try later.run("lifetimer", "feed", "--json")
        let items = try #require(
            (try JSONSerialization.jsonObject(with: Data(feed.stdout.utf8)) as? [String: Any])?["feed"]
                as? [[String: Any]])
        let feedNames = items.compactMap {
            ($0["account"] as? [String: Any])?["username"] as? String
        }
        #expect(feedNames == ["bee", "kiwi", "lax"], "\(feed.stdout)")
    }

    @Test func aRepeatedGrantOrSuspensionChangesNothing() throws {
        let cli = try Lifectl()
        #expect(try cli.run("lifetimer", "account", "create", "ada").status == 0)
        #expect(try cli.run("lifetimer", "account", "create", "eve", "--visibility", "public").status == 0)
        #expect(try cli.run("lifetimer", "account", "create", "bob", "--visibility", "public").status == 0)
        #expect(
            try Self.object(cli.run("lifetimer", "admin", "grant", "eve", "--json").stdout)["changed"] as? Bool == true)
        let before = try cli.dump()
        let again = try cli.run("lifetimer", "admin", "grant", "eve", "--json")
        #expect(try Self.object(again.stdout)["changed"] as? Bool == false)
        #expect(try cli.run("lifetimer", "admin", "grant", "ada").stdout == "ada was already an admin.\n")
        #expect(try cli.dump() == before)

        #expect(try cli.run("lifetimer", "admin", "suspend", "bob", "--reason", "spam").status == 0)
        let suspended = try cli.dump()
        let twice = try cli.run("lifetimer", "admin", "suspend", "bob", "--reason", "again", "--as", "eve")
        #expect(twice.stdout == "bob was already suspended; the first suspension stands.\n")
        #expect(try cli.sqlite("SELECT reason FROM lifetimer_suspensions") == "spam")
        #expect(try cli.dump() == suspended)
    }

    @Test func aReminderOfOneDayIsSingular() throws {
        let cli = try Lifectl(now: "2026-11-22T17:00:00Z")
        #expect(try cli.run("lifetimer", "account", "create", "own").status == 0)
        #expect(try cli.run("lifetimer", "account", "create", "ny1", "--time-zone", "America/New_York").status == 0)
        #expect(try cli.run("lifetimer", "goal", "add", "g", "--as", "ny1").status == 0)
        #expect(try cli.run("lifetimer", "start", "--as", "ny1").status == 0)
        let text = try cli.run("lifetimer", "notifications", "--as", "ny1", "--from", "2030-08-07", "--days", "3")
            .stdout
        #expect(text.contains("1 day left of your 1,356."), "\(text)")
        #expect(!text.contains("1 days"))
    }
}
