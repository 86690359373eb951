import Foundation
import LifeKitTestSupport
import Testing

/// The new-user review's findings, end to end over the built binary: dates
/// outside the years 1–9999 refused (CORE-6), decimal-only numbers, week
/// numbers with proper grouping, the widget's and notifications' sentences
/// (FIN-7, FIN-8), a GPX name over the limit (WALK-1), a search with nothing
/// to look for. Every refusal is exit 64 (65 for the file) and changes nothing.
@Suite(.tags(.endToEnd)) struct NewUserReviewTests {
    static func setUp() throws -> Lifectl {
        let cli = try Lifectl(now: "2026-11-23T10:00:00Z")
        for arguments in [
            ["finite", "setup", "--birthday", "1990-05-14"], ["hereafter", "onboard", "--name", "Ada"],
        ] {
            let result = try cli.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
        }
        return cli
    }

    @Test(arguments: [
        (["hereafter", "plant", "--text", "x", "--at", "1,1", "--unlock", "+7974y"], "--unlock is '+7974y'"),
        (["hereafter", "plant", "--text", "x", "--at", "1,1", "--unlock", "+100000m"], "--unlock is '+100000m'"),
        (["finite", "mark", "--date", "-8000y", "--rating", "3"], "--date is '-8000y'"),
        (["finite", "show", "--date", "-2026y"], "--date is '-2026y'"),
        (["dailymenu", "day", "+99999y"], "date is '+99999y'"),
        (["hereafter", "plant", "--text", "x", "--at", "1,1", "--unlock", "+3000000d"], "--unlock is '+3000000d'"),
    ])
    func datesOutsideTheYearsAreRefusedNotClamped(arguments: [String], prefix: String) throws {
        let cli = try Self.setUp()
        let before = try cli.dump()
        let result = try cli.run(arguments)
        #expect(result.status == 64, "\(arguments): \(result.stderr)")
        #expect(result.stderr.hasPrefix("error: \(prefix); counted from today (2026-11-23) that falls outside"))
        #expect(result.stderr.hasSuffix("the years 1–9999\n"), "\(result.stderr)")
        #expect(try cli.dump() == before)
    }

    /// The last year still in range is accepted and saved as asked.
    @Test func theLastYearInRangeIsSavedAsAsked() throws {
        let cli = try Self.setUp()
        let result = try cli.run("hereafter", "plant", "--text", "x", "--at", "1,1", "--unlock", "+7973y")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try cli.sqlite("SELECT unlock_date FROM hereafter_messages") == "9999-11-23")
    }

    @Test(arguments: [
        (["hereafter", "plant", "--text", "x", "--at", "0x10,1", "--unlock", "+1d"], "error: --at is '0x10,1'"),
        (["hereafter", "plant", "--text", "x", "--at", "1e1,1", "--unlock", "+1d"], "error: --at is '1e1,1'"),
        (["hereafter", "visit", "--at", "1,inf"], "error: --at is '1,inf'"),
        (["walks", "doodle", "abcd", "--size", "0x200"], "error: --size is '0x200'; expected a decimal number"),
        (["walks", "doodle", "abcd", "--size", "1e3"], "error: --size is '1e3'"),
    ])
    func numbersAreDecimalOnly(arguments: [String], prefix: String) throws {
        let cli = try Self.setUp()
        let before = try cli.dump()
        let result = try cli.run(arguments)
        #expect(result.status == 64, "\(arguments): \(result.stderr)")
        #expect(result.stderr.hasPrefix(prefix), "\(result.stderr)")
        #expect(try cli.dump() == before)
    }

    @Test(arguments: ["1,85", "18,50", ",1850", "1850,", "1,8,5,0", "0x10"])
    func weekNumbersNeedProperGrouping(week: String) throws {
        let cli = try Self.setUp()
        for command in [
            ["finite", "show", week], ["finite", "mark", week, "--rating", "3"], ["finite", "unmark", week],
        ] {
            let before = try cli.dump()
            let result = try cli.run(command)
            #expect(result.status == 64, "\(command): \(result.stderr)")
            #expect(result.stderr == "error: week is '\(week)'; expected a week number such as 1900 or 1,900\n")
            #expect(try cli.dump() == before)
        }
    }

    @Test func groupedAndPlainWeekNumbersAreTheSameWeek() throws {
        let cli = try Self.setUp()
        let grouped = try cli.run("finite", "show", "1,850")
        #expect(grouped.status == 0)
        #expect(grouped.stdout.hasPrefix("Week 1,850 "))
        #expect(try cli.run("finite", "show", "1850").stdout == grouped.stdout)
    }

    /// FIN-8: "none" only when the number is really 0.
    @Test func theWidgetSaysNoneOnlyAtZero() throws {
        let cli = try Self.setUp()
        let none = try cli.run("finite", "widget", "--limit", "0")
        #expect(none.status == 0)
        // Born 1990-05-14, on 2026-11-23 week 1,900 of 4,160 (80 years): 2,260 remain.
        #expect(none.stdout.hasPrefix("small\n  2,260\n"))
        #expect(none.stdout.hasSuffix("changes\n  not listed (--limit 0)\n"), "\(none.stdout)")
        #expect(try cli.run("finite", "settings", "--life-expectancy", "30").status == 0)
        let zero = try cli.run("finite", "widget")
        #expect(zero.stdout.hasPrefix("small\n  0\n"))
        #expect(zero.stdout.hasSuffix("changes\n  none: the number stays at 0\n"), "\(zero.stdout)")
    }

    /// FIN-7: nothing is scheduled before the birthday, whatever the settings.
    @Test func notificationsBeforeTheBirthdaySayWhy() throws {
        let cli = try Self.setUp()
        let before = "before the birthday (1990-05-14), and nothing is scheduled before it.\n"
        #expect(
            try cli.run("finite", "notifications", "--from", "1900-01-01").stdout
                == "No notifications in those 7 days: they are \(before)")
        // 1990-05-07 + 7 days ends just before the birthday; a day later reaches it.
        #expect(
            try cli.run("finite", "notifications", "--from", "1990-05-07").stdout
                == "No notifications in those 7 days: they are \(before)")
        #expect(
            try cli.run("finite", "notifications", "--from", "1990-05-13", "--days", "1").stdout
                == "No notifications on that day: it is \(before)")
        #expect(
            try cli.run("finite", "notifications", "--from", "1990-05-08").stdout
                == "1990-05-14 08:00  daily  4,159\n(local times, UTC)\n")
        #expect(try cli.run("finite", "settings", "--daily-notification", "off").status == 0)
        #expect(
            try cli.run("finite", "notifications", "--from", "2026-12-01").stdout
                == "No notifications in those 7 days (the daily one is off).\n")
        #expect(
            try cli.run("finite", "notifications", "--from", "1900-01-01", "--days", "30").stdout
                == "No notifications in those 30 days: they are \(before)")
    }

    /// WALK-1: a track name over 200 characters is a flaw of the file, named
    /// with its file and line like the others (65); the other file imports.
    @Test func aGPXNameOverTheLimitNamesFileAndLine() throws {
        let cli = try Self.setUp()
        func gpx(name: String) -> String {
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
              <trk>
                <name>\(name)</name>
                <trkseg><trkpt lat="0" lon="0"/><trkpt lat="0" lon="0.001"/></trkseg>
              </trk>
            </gpx>

            """
        }
        let long = cli.path("long.gpx")
        try Data(gpx(name: String(repeating: "é", count: 201)).utf8).write(to: URL(fileURLWithPath: long))
        let ok = cli.path("ok.gpx")
        try Data(gpx(name: String(repeating: "é", count: 200)).utf8).write(to: URL(fileURLWithPath: ok))
        let result = try cli.run("walks", "import", long, ok)
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr == "error: \(long):4: name is 201 characters; the limit is 200\n")
        #expect(result.stdout.contains("imported \(ok): 1 walk"), "\(result.stdout)")
        #expect(try cli.sqlite("SELECT source_file, length(name) FROM walks") == "ok.gpx|200")
    }

    @Test(arguments: [["-"], [":"], ["'"], [#""-""#], ["-", ":"]])
    func aSearchWithNoLetterOrDigitIsAUsageError(words: [String]) throws {
        let cli = try Self.setUp()
        let result = try cli.run(["search"] + words)
        #expect(result.status == 64, "\(words): \(result.stderr)")
        #expect(
            result.stderr
                == "error: the search '\(words.joined(separator: " "))' has no letter or digit to look for; "
                + "give at least one word, such as: lifectl search snow\n")
        #expect(result.stdout.isEmpty)
    }

    @Test func aTermWithoutLetterOrDigitIsLeftOut() throws {
        let cli = try Self.setUp()
        #expect(try cli.run("finite", "mark", "--rating", "4", "--phrase", "First snow").status == 0)
        let result = try cli.run("search", "snow", "-")
        #expect(result.status == 0)
        #expect(result.stdout.hasSuffix("  First snow\n"), "\(result.stdout)")
    }
}
