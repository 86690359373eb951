import Foundation
import LifeKitTestSupport
import Testing

/// End-to-end: `lifectl today` and `lifectl week` (issue 13) over the built
/// binary, on one week made through each product's own commands.
@Suite(.tags(.endToEnd)) struct TimelineCommandTests {
    static let secret = "plumtreesecret"

    static func ok(_ cli: Lifectl, _ arguments: String...) throws {
        let result = try cli.run(arguments)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
    }

    /// Wednesday 2026-11-18 12:00 UTC: a marked week, a walk on Thursday
    /// morning, a note planted to open on Saturday, a milestone done and one
    /// due on Friday, two rituals.
    static func week() throws -> Lifectl {
        let cli = try Lifectl(now: "2026-11-18T12:00:00Z")
        try ok(cli, "finite", "setup", "--birthday", "1990-05-01")
        try ok(cli, "finite", "mark", "--rating", "4", "--phrase", "A quiet week")
        try ok(cli, "hereafter", "onboard", "--name", "Ada")
        try ok(
            cli, "hereafter", "plant", "--text", "The \(secret) waits", "--at", "52.5,13.4", "--place", "Gate",
            "--unlock", "2026-11-21")
        try ok(cli, "lifetimer", "account", "create", "ada")
        try ok(cli, "lifetimer", "goal", "add", "Run")
        try ok(cli, "lifetimer", "milestone", "add", "1", "5k", "--due", "2026-11-20")
        try ok(cli, "lifetimer", "milestone", "add", "1", "10k")
        try ok(cli, "lifetimer", "milestone", "complete", "1.2")
        try ok(
            cli, "dailymenu", "complete", "window-gaze", "--mood-before", "low", "--mood-after", "better", "--feedback",
            "loved")
        var earlier = cli
        earlier.environment["LIFECTL_NOW"] = "2026-11-17T07:30:00Z"
        try ok(earlier, "dailymenu", "complete", "box-breath")
        let gpx = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><trk><name>Canal walk</name><trkseg>
            <trkpt lat="52.50" lon="13.4"><time>2026-11-19T08:00:00Z</time></trkpt>
            <trkpt lat="52.51" lon="13.4"><time>2026-11-19T08:15:00Z</time></trkpt>
            </trkseg></trk></gpx>
            """
        try gpx.write(toFile: cli.path("canal.gpx"), atomically: true, encoding: .utf8)
        try ok(cli, "walks", "import", cli.path("canal.gpx"))
        return cli
    }

    /// The whole page, worked out by hand: birthday 1990-05-01, so row 36
    /// starts 2026-05-01 and 2026-11-13 is 196 days (28 weeks) later: index
    /// 36 × 52 + 28 = 1,900, "Week 1,901", 4,160 − 1,901 = 2,259 remaining.
    /// 0.01° of latitude at 52.5° N is 1,112.8 m of meridian.
    @Test func weekIsOnePageAcrossTheProducts() throws {
        let cli = try Self.week()
        let result = try cli.run("week")
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.components(separatedBy: "\n")
        let expectedStart = [
            "Week of 2026-11-16 to 2026-11-22 (UTC)",
            "",
            "Finite",
            "  Week 1,901 (2026-11-13 to 2026-11-19): marked Good, \u{201C}A quiet week\u{201D}",
            "  2,259 weeks remaining",
            "",
            "Walks",
            "  Thu 2026-11-19  Canal walk  1.11 km",
            "",
            "Hereafter",
            "  planted Wed 2026-11-18 at Gate, opens 2026-11-21",
            "  unlocking Sat 2026-11-21 at Gate (locked)",
            "",
            "LifeTimer",
            "  ada: countdown not started",
            "  done Wed 2026-11-18  10k (Run)",
            "  due Fri 2026-11-20  5k (Run)",
            "",
            "DailyMenu",
            "  Tue 2026-11-17 07:30  Box breathing",
            "  Wed 2026-11-18 12:00  Window gazing (Low, after: Better, Loved it)",
        ]
        #expect(Array(lines.prefix(expectedStart.count)) == expectedStart)
        #expect(lines[expectedStart.count].hasPrefix("  warmth "))
        // Another day of the same week and of the same life week: the same page.
        #expect(try cli.run("week", "--date", "2026-11-19").stdout == result.stdout)
        // Two weeks before: nothing happened, and the note opens more than 7 days after it.
        let before = try cli.run("week", "--date", "2026-11-03").stdout
        #expect(before.hasPrefix("Week of 2026-11-02 to 2026-11-08 (UTC)\n"))
        #expect(before.contains("Walks\n  none\n"))
        #expect(before.contains("Hereafter\n  nothing\n"))
        // 2026-10-30 is 182 days (26 weeks) after 2026-05-01: index 1,898.
        #expect(before.contains("  Week 1,899 (2026-10-30 to 2026-11-05): not marked\n"))
    }

    @Test func todayShowsOnlyToday() throws {
        let cli = try Self.week()
        let result = try cli.run("today")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("Wednesday 2026-11-18 (UTC)\n"))
        #expect(result.stdout.contains("Walks\n  none\n"))
        #expect(result.stdout.contains("  done Wed 2026-11-18  10k (Run)\n"))
        #expect(!result.stdout.contains("Box breathing"))
        #expect(!result.stdout.contains("due Fri"))
    }

    /// REL-6: the locked note's words are in no output, text, JSON or SVG;
    /// after a visit on Saturday they are, as discovered.
    @Test func aLockedNoteShowsNoWordUntilDiscovered() throws {
        let cli = try Self.week()
        var outputs: [String] = []
        for arguments in [["today"], ["today", "--json"], ["week"], ["week", "--json"]] {
            let result = try cli.run(arguments)
            #expect(result.status == 0)
            outputs += [result.stdout, result.stderr]
        }
        #expect(try cli.run("week", "--svg", cli.path("week.svg")).status == 0)
        let svg = try String(contentsOfFile: cli.path("week.svg"), encoding: .utf8)
        #expect(svg.hasPrefix("<svg ") && svg.hasSuffix("</svg>\n"))
        outputs.append(svg)
        for output in outputs { #expect(!output.contains(Self.secret)) }
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(try cli.run("week", "--json").stdout.utf8)) as? [String: Any])
        let hereafter = try #require(json["hereafter"] as? [String: Any])
        let soon = try #require(hereafter["unlockingSoon"] as? [[String: Any]])
        #expect(soon.count == 1 && soon[0]["text"] == nil && soon[0]["unlockDate"] as? String == "2026-11-21")
        var saturday = cli
        saturday.environment["LIFECTL_NOW"] = "2026-11-21T09:00:00Z"
        try Self.ok(saturday, "hereafter", "visit", "--at", "52.5,13.4")
        let after = try saturday.run("week").stdout
        #expect(after.contains("  discovered at Gate: \u{201C}The \(Self.secret) waits\u{201D}\n"))
        #expect(!after.contains("(locked)"))
    }

    @Test func aBadDateIsAUsageError() throws {
        let cli = try Lifectl()
        #expect(try cli.run("db", "init").status == 0)
        let result = try cli.run("week", "--date", "2026-02-30")
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("error: "))
        #expect(result.stderr.contains("--date"))
    }
}

/// LT-4 on the page: the countdown as of the day asked for.
@Suite(.tags(.endToEnd)) struct TimelineCountdownTests {
    /// Started Wednesday 2026-11-18 12:00 UTC: that is day 1 with 1,356
    /// days left (now); the last second of 2026-11-25 is day 8, with 1,348
    /// days 12:00:01 left; a week before the start shows no countdown.
    @Test func theCountdownIsAsOfTheDayAskedFor() throws {
        let cli = try TimelineCommandTests.week()
        try TimelineCommandTests.ok(cli, "lifetimer", "start")
        #expect(try cli.run("today").stdout.contains("  ada: day 1 of 1,356, 1,356 days left\n"))
        #expect(try cli.run("week", "--date", "2026-11-25").stdout.contains("  ada: day 8 of 1,356, 1,348 days left\n"))
        #expect(try cli.run("week", "--date", "2026-11-11").stdout.contains("  ada: countdown not started\n"))
    }
}
