import Foundation
import LifeKitTestSupport
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// End-to-end: the built lifectl's `finite` commands, as a new user runs them (SPEC §3).
@Suite(.tags(.endToEnd)) struct FiniteCommandTests {
    /// A sandbox at 2026-11-22T12:00Z in UTC with birthday 1990-05-14 set up.
    static func setUp(now: String = "2026-11-22T12:00:00Z", zone: String = "UTC", birthday: String = "1990-05-14")
        throws
        -> Lifectl
    {
        let cli = try Lifectl(now: now, timeZone: zone)
        let setup = try cli.run("finite", "setup", "--birthday", birthday)
        #expect(setup.status == 0, "setup failed: \(setup.stderr)")
        return cli
    }

    @Test func statusOfTheIssueExample() throws {
        let cli = try Self.setUp()
        let status = try cli.run("finite", "status")
        #expect(status.status == 0)
        #expect(status.stderr == "")
        // 1,899 / 4,160 = 45.649 % → 45.6.
        #expect(
            status.stdout == """
                Week 1,900 of 4,160  (2026-11-19 – 2026-11-25)
                lived      1,899  weeks (45.6%)
                remaining  2,260  weeks
                age           36  years, 27 weeks

                """)
        let json = try cli.run("finite", "status", "--json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["weeksLived"] as? Int == 1_899)
        #expect(object["weeksRemaining"] as? Int == 2_260)
        #expect(object["totalWeeks"] as? Int == 4_160)
        let week = try #require(object["currentWeek"] as? [String: Any])
        #expect(week["index"] as? Int == 1_899)
        #expect(week["start"] as? String == "2026-11-19")
    }

    @Test func aNewcomerNeedsNoDBInit() throws {
        let cli = try Lifectl()
        #expect(!FileManager.default.fileExists(atPath: cli.databasePath))
        // A read makes no database (CORE-13): it says how to make one.
        let before = try cli.run("finite", "status")
        #expect(before.status == 66)
        #expect(
            before.stderr
                == "error: no database at \(cli.databasePath) (from $LIFECTL_DB); this command only reads, so it made none: `lifectl db init` creates it, as does any command that saves something\n"
        )
        #expect(!FileManager.default.fileExists(atPath: cli.databasePath))
        // The first command that saves makes it, no `db init` needed.
        #expect(try cli.run("finite", "setup", "--birthday", "1990-05-14").status == 0)
        #expect(FileManager.default.fileExists(atPath: cli.databasePath))
    }

    @Test func posterIsValidSVGWith4160Weeks() throws {
        let cli = try Self.setUp()
        #expect(try cli.run("finite", "mark", "--rating", "5", "--phrase", "R&D <ok> \"quoted\"").status == 0)
        let path = cli.path("poster.svg")
        let result = try cli.run("finite", "grid", "--svg", path)
        #expect(result.status == 0)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let counter = WeekCounter()
        let parser = XMLParser(data: data)
        parser.delegate = counter
        #expect(parser.parse(), "the poster must parse as XML: \(String(describing: parser.parserError))")
        #expect(counter.root == "svg")
        #expect(counter.weeks == 4_160)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("Hurry up and live."))
    }

    @Test func terminalGridHasOneRowPerYear() throws {
        let cli = try Self.setUp()
        let grid = try cli.run("finite", "grid")
        #expect(grid.status == 0)
        // Not a terminal: no ANSI escapes.
        #expect(!grid.stdout.contains("\u{1B}["))
        // 80 rows of 52 week characters each.
        let rows = grid.stdout.split(separator: "\n").filter { line in
            line.count > 52 && line.suffix(52).allSatisfy { "·■◉▪12345".contains($0) }
                && line.dropLast(52).allSatisfy { $0 == " " || $0.isNumber }
        }
        #expect(rows.count == 80)
    }

    @Test func refusalsExit64AndChangeNothing() throws {
        let cli = try Self.setUp()
        #expect(try cli.run("finite", "mark", "1000", "--rating", "3", "--phrase", "kept").status == 0)
        let before = try cli.dump()
        let cases: [([String], String)] = [
            (
                ["finite", "mark", "1901", "--rating", "4"],
                "error: week 1,901 is in the future (it starts 2026-11-26); only weeks up to the current one, week 1,900, can be marked\n"
            ),
            (
                ["finite", "mark", "--rating", "4", "--phrase", String(repeating: "é", count: 141)],
                "error: phrase is 141 characters; the limit is 140\n"
            ),
            (
                ["finite", "mark", "--rating", "0"],
                "error: rating is 0; it must be a whole number from 1 (Awful) to 5 (Great)\n"
            ),
            (
                ["finite", "mark", "--rating", "6"],
                "error: rating is 6; it must be a whole number from 1 (Awful) to 5 (Great)\n"
            ),
            (
                ["finite", "mark", "--rating", "3", "--category", "fun"],
                "error: category is 'fun'; it must be one of work, health, growth, relationships, rest, adventure\n"
            ),
            (
                ["finite", "mark", "--date", "2026-02-30", "--rating", "3"],
                "error: --date is '2026-02-30'; expected a real date as YYYY-MM-DD (or YYYY-MM-DDTHH:MM), today, yesterday, tomorrow, a weekday name, or an offset such as +3d, +2w, +6m, +1y\n"
            ),
            (
                ["finite", "setup", "--birthday", "2030-01-01"],
                "error: birthday is 2030-01-01; it must be in the past (today is 2026-11-22)\n"
            ),
            (
                ["finite", "settings", "--life-expectancy", "121"],
                "error: life expectancy is 121; it must be a whole number of years from 1 to 120\n"
            ),
            (
                ["finite", "settings", "--time-zone", "Mars/Olympus"],
                "error: time zone is 'Mars/Olympus'; it must be an IANA time zone name such as Europe/Berlin or UTC\n"
            ),
        ]
        for (arguments, message) in cases {
            let result = try cli.run(arguments)
            #expect(result.status == 64, "\(arguments)")
            #expect(result.stderr == message)
            #expect(result.stdout == "")
            #expect(try cli.dump() == before, "\(arguments) changed the database")
        }
        // A rating that is not a number is the argument parser's usage error: also 64.
        #expect(try cli.run("finite", "mark", "--rating", "great").status == 64)
        #expect(try cli.dump() == before)
    }

    @Test func a140EmojiPhraseIsAccepted() throws {
        let cli = try Self.setUp()
        let phrase = String(repeating: "👨‍👩‍👧", count: 140)
        let result = try cli.run("finite", "mark", "--rating", "5", "--phrase", phrase)
        #expect(result.status == 0)
        #expect(try cli.sqlite("SELECT phrase = '\(phrase)' FROM finite_marks") == "1")
        #expect(
            try cli.sqlite("SELECT week_number, start_date, end_date, rating_label FROM finite_weeks")
                == "1900|2026-11-19|2026-11-25|Great")
    }

    @Test func markShowUnmarkRoundTrip() throws {
        let cli = try Self.setUp()
        let marked = try cli.run(
            "finite", "mark", "--date", "yesterday", "--rating", "4", "--category", "work", "--phrase", "Shipped.")
        #expect(marked.stdout == "Marked week 1,900 (2026-11-19 – 2026-11-25): 4 Good · work · “Shipped.”\n")
        let replaced = try cli.run("finite", "mark", "1,900", "--rating", "2")
        #expect(replaced.stdout == "Replaced the mark of week 1,900 (2026-11-19 – 2026-11-25): 2 Hard\n")
        let show = try cli.run("finite", "show", "1900")
        #expect(show.stdout.hasPrefix("Week 1,900 · current week\n"))
        #expect(show.stdout.contains("rating    2 Hard"))
        let unmark = try cli.run("finite", "unmark", "1900")
        #expect(unmark.stdout == "Unmarked week 1,900 (was 2 Hard)\n")
        #expect(try cli.sqlite("SELECT count(*) FROM finite_marks") == "0")
        #expect(try cli.run("finite", "unmark", "1900").stdout == "Week 1,900 had no mark; nothing changed\n")
    }

    @Test func decadeMilestoneAndDailyBody() throws {
        let cli = try Self.setUp()
        // 2020-05-14 is the 30th birthday: week index 52·30 = 1,560, number 1,561, remaining 4,160 − 1,561 = 2,599.
        let result = try cli.run("finite", "notifications", "--from", "2020-05-14", "--days", "1", "--json")
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let items = try #require(object["notifications"] as? [[String: Any]])
        #expect(items.map { $0["body"] as? String } == ["2,599", "You've now lived 30 years. 1,560 weeks."])
        #expect(items.map { $0["fireAt"] as? String } == ["2020-05-14T08:00:00Z", "2020-05-14T08:00:00Z"])
        #expect(items.allSatisfy { $0["title"] == nil || $0["title"] is NSNull })
        let human = try cli.run("finite", "notifications", "--days", "2")
        #expect(human.stdout == "2026-11-22 08:00  daily  2,260\n2026-11-23 08:00  daily  2,260\n(local times, UTC)\n")
    }

    @Test func birthdayInAucklandIsTheDayBeforeInUTC() throws {
        // 2026-05-13T12:30Z is 2026-05-14 00:30 in Auckland: the 36th birthday, week 52·36 + 1 = 1,873.
        let auckland = try Self.setUp(now: "2026-05-13T12:30:00Z", zone: "Pacific/Auckland")
        #expect(
            try auckland.run("finite", "status").stdout.hasPrefix("Week 1,873 of 4,160  (2026-05-14 – 2026-05-20)\n"))
        // In UTC it is still 13 May: the last, 8-day week of age 35 (2026-05-06 … 2026-05-13).
        let utc = try Self.setUp(now: "2026-05-13T12:30:00Z", zone: "UTC")
        #expect(try utc.run("finite", "status").stdout.hasPrefix("Week 1,872 of 4,160  (2026-05-06 – 2026-05-13)\n"))
    }

    @Test func pastTheExpectancyNothingBreaks() throws {
        let cli = try Self.setUp(birthday: "1930-01-01")
        #expect(try cli.run("finite", "settings", "--life-expectancy", "80").status == 0)
        let status = try cli.run("finite", "status", "--json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any])
        #expect(object["weeksRemaining"] as? Int == 0)
        // 2026-11-22: the 96th birthday was 2026-01-01, 325 days earlier → week 46 → index 52·96 + 46 = 5,038;
        // number 5,039, beyond 4,160 by 879.
        #expect(object["weeksBeyondExpectancy"] as? Int == 879)
        #expect(try cli.run("finite", "grid").status == 0)
        let poster = try cli.run("finite", "grid", "--svg", cli.path("old.svg"))
        #expect(poster.status == 0)
        let widget = try cli.run("finite", "widget", "--json")
        let snapshot = try #require(try JSONSerialization.jsonObject(with: Data(widget.stdout.utf8)) as? [String: Any])
        #expect(snapshot["smallText"] as? String == "0")
        #expect((snapshot["timeline"] as? [Any])?.isEmpty == true)
    }

    @Test func settingsRoundTrip() throws {
        let cli = try Self.setUp()
        let changed = try cli.run(
            "finite", "settings", "--view", "bw", "--daily-notification", "off", "--time", "7:30",
            "--time-zone", "Europe/Berlin")
        #expect(changed.status == 0)
        #expect(
            changed.stdout == """
                life expectancy     80 years
                view                bw (black and white)
                biometric lock      on
                daily notification  off
                time zone           Europe/Berlin

                """)
        #expect(try cli.sqlite("SELECT time_zone FROM owner") == "Europe/Berlin")
        #expect(try cli.sqlite("SELECT daily_notification_time FROM finite_profile") == "07:30")
    }
}

/// Counts the poster's week marks: elements whose class list holds `week`.
final class WeekCounter: NSObject, XMLParserDelegate {
    var weeks = 0
    var root: String?

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        if root == nil { root = elementName }
        if let classes = attributes["class"], classes.split(separator: " ").contains("week") { weeks += 1 }
    }
}

/// JSON output keeps the database's conventions (CORE-8, CORE-10).
@Suite(.tags(.endToEnd)) struct FiniteJSONTests {
    @Test func markJSONHasLowerCaseIdAndISOInstants() throws {
        let cli = try FiniteCommandTests.setUp()
        let result = try cli.run("finite", "mark", "--rating", "3", "--json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let mark = try #require(object["mark"] as? [String: Any])
        let id = try #require(mark["id"] as? String)
        #expect(id == id.lowercased())
        #expect(try cli.sqlite("SELECT id FROM finite_marks") == id)
        #expect(mark["markedAt"] as? String == "2026-11-22T12:00:00Z")
        #expect(mark["rating"] as? Int == 3)
    }
}

/// SPEC REL-3 in small, for Finite: hostile and odd input gets a clear error
/// and the documented exit code, or is stored literally; never anything else.
@Suite(.tags(.endToEnd)) struct FiniteBadInputTests {
    @Test func sqlFragmentsAreStoredLiterally() throws {
        let cli = try FiniteCommandTests.setUp()
        let phrase = "'); DROP TABLE finite_marks; --"
        #expect(try cli.run("finite", "mark", "--rating", "3", "--phrase", phrase).status == 0)
        #expect(try cli.sqlite("SELECT phrase FROM finite_marks") == phrase)
        let category = try cli.run("finite", "mark", "--rating", "3", "--category", "work' OR '1'='1")
        #expect(category.status == 64)
        #expect(try cli.sqlite("SELECT count(*) FROM finite_marks") == "1")
    }

    @Test(arguments: [
        (["finite", "setup", "--birthday", "2026-02-30"], "error: birthday is '2026-02-30'; expected a real date"),
        (["finite", "setup", "--birthday", "1990-05-14", "--life-expectancy", "0"], "error: life expectancy is 0;"),
        (["finite", "mark", "-3", "--rating", "3"], "error: Unknown option '-3'"),
        (["finite", "mark", "abc", "--rating", "3"], "error: week is 'abc'; expected a week number such as 1900"),
        (["finite", "show", "999999"], "error: week is 999,999; the grid ends at week 7,800"),
        (["finite", "notifications", "--days", "0"], "error: days is 0; it must be from 1 to 366"),
        (["finite", "notifications", "--days", "100000"], "error: days is 100000; it must be from 1 to 366"),
        (["finite", "settings", "--time", "25:00"], "error: --time is '25:00';"),
        (["finite", "settings", "--view", "sepia"], "error: --view is 'sepia'; it must be color or bw"),
        (
            ["finite", "settings", "--biometric-lock", "maybe"],
            "error: --biometric-lock is 'maybe'; it must be on or off"
        ),
        (["finite", "grid", "--view", "neon"], "error: --view is 'neon'; it must be color or bw"),
        (["finite", "widget", "--limit=-1"], "error: --limit is -1; it must be from 0 to 520"),
    ])
    func refused(arguments: [String], stderrPrefix: String) throws {
        let cli = try FiniteCommandTests.setUp()
        let before = try cli.dump()
        let result = try cli.run(arguments)
        #expect(result.status == 64, "\(arguments): \(result.stderr)")
        #expect(result.stderr.hasPrefix(stderrPrefix), "\(result.stderr)")
        #expect(try cli.dump() == before)
    }

    @Test func aHugePhraseIsRefusedQuickly() throws {
        let cli = try FiniteCommandTests.setUp()
        let result = try cli.run("finite", "mark", "--rating", "3", "--phrase", String(repeating: "a", count: 100_000))
        #expect(result.status == 64)
        #expect(result.stderr == "error: phrase is 100,000 characters; the limit is 140\n")
        #expect(try cli.sqlite("SELECT count(*) FROM finite_marks") == "0")
    }

    @Test func aPosterThatCannotBeWrittenIsAnIOError() throws {
        let cli = try FiniteCommandTests.setUp()
        let result = try cli.run("finite", "grid", "--svg", cli.path("no/such/folder/poster.svg"))
        #expect(result.status == 74)
        #expect(result.stderr.hasPrefix("error: cannot write \(cli.path("no/such/folder/poster.svg"))"))
    }
}

/// What a newcomer types that the tests above do not: negative offsets, a
/// first birthday, a 29 February life.
@Suite(.tags(.endToEnd)) struct FiniteNewcomerTests {
    @Test func pastOffsetsAreDatesNotOptions() throws {
        let cli = try FiniteCommandTests.setUp()
        // -1w from 2026-11-22 is 2026-11-15: week 1,899 (2026-11-12 – 2026-11-18).
        let marked = try cli.run("finite", "mark", "--date", "-1w", "--rating", "3")
        #expect(marked.status == 0, "\(marked.stderr)")
        #expect(marked.stdout == "Marked week 1,899 (2026-11-12 – 2026-11-18): 3 Okay\n")
        let shown = try cli.run("finite", "show", "--date", "-10d")
        #expect(shown.stdout.hasPrefix("Week 1,899 · past week\n"))
    }

    @Test func aOneYearOldReadsInTheSingular() throws {
        // Born 2025-11-15: the first birthday was 2026-11-15, 7 days before 2026-11-22 → week 1 of age 1, index 53.
        let cli = try FiniteCommandTests.setUp(birthday: "2025-11-15")
        let status = try cli.run("finite", "status")
        #expect(status.stdout.contains("age            1  year, 1 week\n"))
        let show = try cli.run("finite", "show", "53")
        #expect(show.stdout.contains("age    1 year, week 1 of 52\n"))
    }

    @Test func leapDayBirthdayRowsStartOn28February() throws {
        let cli = try FiniteCommandTests.setUp(birthday: "2000-02-29")
        // Week 53 = index 52 = row 1, which starts on 2001-02-28; week 52 (index 51) is 2001-02-20 … 02-27, 8 days.
        let row1 = try cli.run("finite", "show", "53", "--json")
        let week = try #require(
            (try JSONSerialization.jsonObject(with: Data(row1.stdout.utf8)) as? [String: Any])?["week"]
                as? [String: Any])
        #expect(week["start"] as? String == "2001-02-28")
        let last = try cli.run("finite", "show", "52")
        #expect(last.stdout.contains("dates  2001-02-20 – 2001-02-27 (8 days)"))
    }
}
