import Foundation
import LifeKitTestSupport
import Testing

/// SPEC CORE-8: a newline or tab in stored text cannot make a row of its own
/// or shift a column in single-line output (tables, one-line fields, errors):
/// it is shown as \u{A} / \u{9}. Multi-line text blocks (a Hereafter message
/// read in full) keep their lines.
@Suite(.tags(.endToEnd)) struct OneLineOutputTests {
    static let forged = "Dinghy course\n2026-11-23T10:00:00Z  mallory  Sailed around the world"
    static let forgedShown = "Dinghy course\\u{A}2026-11-23T10:00:00Z  mallory  Sailed around the world"

    @Test func aMilestoneTitleCannotForgeAFeedRow() throws {
        let cli = try Lifectl(now: "2026-11-23T10:00:00Z")
        #expect(try cli.run("lifetimer", "account", "create", "ada").status == 0)
        #expect(try cli.run("lifetimer", "account", "create", "bob", "--visibility", "public").status == 0)
        #expect(try cli.run("lifetimer", "goal", "add", "Sail\tthe sea", "--as", "bob").status == 0)
        #expect(
            try cli.run("lifetimer", "milestone", "add", "1", Self.forged, "--visibility", "public", "--as", "bob")
                .status == 0)
        #expect(try cli.run("lifetimer", "milestone", "complete", "1.1", "--as", "bob").status == 0)
        #expect(try cli.run("lifetimer", "follow", "bob").status == 0)

        let feed = try cli.run("lifetimer", "feed")
        #expect(
            feed.stdout == """
                completed       who  goal              milestone
                today at 10:00  bob  Sail\\u{9}the sea  \(Self.forgedShown)

                """, "\(feed.stdout)")
        let recent = try cli.run("lifetimer", "leaderboard", "recent")
        #expect(recent.stdout.split(separator: "\n").count == 3, "\(recent.stdout)")
        // Completed at 10:00 UTC today, read on the reader's zone (UTC) and clock.
        #expect(recent.stdout.contains("1  bob  \(Self.forgedShown) (today at 10:00)\n"), "\(recent.stdout)")
        let list = try cli.run("lifetimer", "goal", "list", "--as", "bob")
        #expect(
            list.stdout == "1. [ ] Sail\\u{9}the sea  100.0 %\n   1.1 [✓] \(Self.forgedShown) (public)\n",
            "\(list.stdout)")
        let profile = try cli.run("lifetimer", "profile", "bob")
        #expect(profile.stdout.contains("\n1. [ ] Sail\\u{9}the sea  100.0 %  ("), "\(profile.stdout)")
        #expect(!profile.stdout.contains("\n2026-11-23T10:00:00Z  mallory"))
        // JSON keeps the text exactly.
        let json = try cli.run("lifetimer", "feed", "--json")
        #expect(json.stdout.contains("Dinghy course\\n2026-11-23T10:00:00Z  mallory"), "\(json.stdout)")
    }

    @Test func anInvalidValueIsEchoedOnOneLine() throws {
        let cli = try Lifectl()
        let result = try cli.run("lifetimer", "account", "create", "abc\n")
        #expect(result.status == 64)
        #expect(
            result.stderr == "error: username is 'abc\\u{A}'; it must be 3–30 of letters, digits, _ and . (ASCII)\n",
            "\(result.stderr)")
    }

    @Test func otherProductsCellsAreOneLineAndMessagesKeepTheirLines() throws {
        let cli = try Lifectl()
        #expect(try cli.run("dailymenu", "settings", "--name", "Ada\tLovelace").status == 0)
        let settings = try cli.run("dailymenu", "settings")
        #expect(settings.stdout.contains("Ada\\u{9}Lovelace"), "\(settings.stdout)")
        #expect(try cli.run("dailymenu", "profile").stdout.hasPrefix("Hello, Ada\\u{9}Lovelace.\n"))

        let file = try WalksCommandTests.write(WalksCommandTests.morning, "morning.gpx", in: cli)
        #expect(try cli.run("walks", "import", file).status == 0)
        _ = try cli.sqlite("UPDATE walks SET name = 'Canal' || char(10) || 'loop'")
        let walks = try cli.run("walks", "list")
        #expect(walks.stdout.contains("Canal\\u{A}loop"), "\(walks.stdout)")
        #expect(walks.stdout.split(separator: "\n").count == 2, "\(walks.stdout)")

        #expect(try cli.run("finite", "setup", "--birthday", "1990-05-01").status == 0)
        #expect(try cli.run("finite", "mark", "--rating", "4", "--phrase", "sun\tand rain").status == 0)
        #expect(try cli.run("finite", "show").stdout.contains("sun\\u{9}and rain"))

        // A Hereafter message is a text block: its newline and tab stay.
        #expect(try cli.run("hereafter", "onboard", "--name", "Ada").status == 0)
        #expect(
            try cli.run(
                "hereafter", "plant", "--text", "Dear you,\n\thello", "--at", "52.5,13.4", "--place", "Gate",
                "--unlock",
                "tomorrow"
            ).status == 0)
        let id = try cli.sqlite("SELECT id FROM hereafter_messages")
        let later = ["LIFECTL_NOW": "2026-11-25T10:00:00Z"]
        #expect(try cli.run(["hereafter", "visit", "--at", "52.5,13.4"], extraEnvironment: later).status == 0)
        let read = try cli.run(["hereafter", "read", id], extraEnvironment: later)
        #expect(read.stdout.hasPrefix("Dear you,\n\thello\n"), "\(read.stdout)")
    }
}
