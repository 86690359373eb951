import Foundation
import LifeKitTestSupport
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// End-to-end: the built lifectl's `dailymenu` commands (SPEC §7).
@Suite(.tags(.endToEnd)) struct DailyMenuCommandTests {
    /// Runs a command with the clock at `now`, expecting success.
    @discardableResult
    static func ok(_ cli: Lifectl, _ now: String, _ arguments: String...) throws -> Lifectl.Result {
        let result = try cli.run(arguments, extraEnvironment: ["LIFECTL_NOW": now])
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return result
    }

    static func json(_ result: Lifectl.Result) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    @Test func oneTapCompletionWithWordsInAnyCase() throws {
        let cli = try Lifectl()
        let done = try Self.ok(
            cli, "2026-11-20T08:30:00Z", "dailymenu", "complete", "Box Breathing", "--mood-before", "OKAY", "--after",
            "better", "--feedback", "Loved It")
        #expect(
            done.stdout == """
                Lovely: Box breathing is done. +26 Moments.
                  +5 for lifting your mood
                  +3 for the first ritual of the day
                  +8 for trying something new
                A new stamp for your collection: First Ritual.
                A new stamp for your collection: Early Bird.

                """)
        try Self.ok(cli, "2026-11-20T12:00:00Z", "dailymenu", "complete", "haiku", "--feedback", "not-for-me")
        try Self.ok(cli, "2026-11-20T13:00:00Z", "dailymenu", "complete", "sigh", "--feedback", "NOT FOR ME")
        #expect(
            try cli.sqlite(
                "SELECT activity_id, local_day, local_time, ifnull(before_mood, '-'), ifnull(after_mood, '-'), ifnull(feedback, '-'), start_id IS NULL FROM dailymenu_completions ORDER BY completed_at"
            ) == """
                box-breath|2026-11-20|08:30|Okay|Better|Loved it|1
                haiku|2026-11-20|12:00|-|-|Not for me|1
                sigh|2026-11-20|13:00|-|-|Not for me|1
                """)
    }

    @Test func startThenCompleteAcrossMidnightCountsOnTheNewDay() throws {
        let cli = try Lifectl(timeZone: "Europe/Berlin")
        // 23:40 Berlin on the 20th; completed at 00:10 on the 21st.
        let started = try Self.ok(
            cli, "2026-11-20T22:40:00Z", "dailymenu", "start", "read-page", "--mood-before", "low")
        #expect(started.stdout.hasPrefix("Started Read one page."))
        let done = try Self.ok(cli, "2026-11-20T23:10:00Z", "dailymenu", "complete", "read-page", "--json")
        let completion = try #require(try Self.json(done)["completion"] as? [String: Any])
        #expect(completion["localDay"] as? String == "2026-11-21")
        #expect(completion["localTime"] as? String == "00:10")
        #expect(completion["beforeMood"] as? String == "Low")
        #expect(completion["afterMood"] == nil)
        #expect(completion["startId"] is String)
    }

    /// Bad input: a clear error, exit 64, and the database's content unchanged.
    @Test func badInputIsRefusedAndChangesNothing() throws {
        let cli = try Lifectl()
        try Self.ok(cli, "2026-11-22T09:00:00Z", "dailymenu", "complete", "sigh", "--mood-after", "better")
        try Self.ok(cli, "2026-11-22T09:00:00Z", "dailymenu", "start", "haiku")
        let before = try cli.dump()
        let cases: [([String], String)] = [
            (
                ["complete", "no-such-ritual"],
                "error: activity is 'no-such-ritual'; there is no activity with that id or title (see `lifectl dailymenu activities`)\n"
            ),
            (
                ["complete", "doodle", "--mood-after", "happy"],
                "error: --mood-after is 'happy'; it must be one of lower, same, better (or leave it out to skip)\n"
            ),
            (
                ["start", "doodle", "--mood-before", "great"],
                "error: --mood-before is 'great'; it must be one of low, okay, good (or leave it out to skip)\n"
            ),
            (
                ["complete", "doodle", "--feedback", "meh"],
                "error: --feedback is 'meh'; it must be one of loved, nice, not-for-me (or leave it out to skip)\n"
            ),
            (
                ["complete", "sigh"],
                "error: activity 'sigh' is already completed on 2026-11-22; each ritual counts once a day, so this one is already celebrated\n"
            ),
            (
                ["start", "haiku"],
                "error: activity 'haiku' was already started at 2026-11-22 09:00 and is still open; complete it with `lifectl dailymenu complete haiku`\n"
            ),
            (
                ["complete", "slow-coffee"],
                // Sighs lifting the mood, on a day not said to be low: 10 + 5 + 3 + 8 = 26 Moments of 250.
                "error: activity 'slow-coffee' is in the Slow Mornings pack, which opens in the season Spring Bloom at 250 Moments (26 so far); it is waiting for you there\n"
            ),
            (
                ["day", "2026-02-30"],
                "error: date is '2026-02-30'; expected a real date as YYYY-MM-DD (or YYYY-MM-DDTHH:MM), today, yesterday, tomorrow, a weekday name, or an offset such as +3d, +2w, +6m, +1y\n"
            ),
            (
                ["menu", "--date", "2026-02-30"],
                "error: --date is '2026-02-30'; expected a real date as YYYY-MM-DD (or YYYY-MM-DDTHH:MM), today, yesterday, tomorrow, a weekday name, or an offset such as +3d, +2w, +6m, +1y\n"
            ),
            (["calendar", "--month", "2026-13"], "error: --month is '2026-13'; it must be a month such as 2026-11\n"),
            (
                ["exclude", "gardening"],
                "error: category is 'gardening'; it must be one of move, breathe, create, connect, outdoors, nourish, tidy, learn\n"
            ),
            (
                ["settings", "--theme", "sunset-bistro"],
                "error: theme is 'sunset-bistro'; Sunset Bistro opens in the season Autumn Hearth\n"
            ),
            (["settings", "--share-mood", "maybe"], "error: --share-mood is 'maybe'; it must be on or off\n"),
            (
                ["settings", "--time-zone", "Mars/Olympus"],
                "error: time zone is 'Mars/Olympus'; it must be an IANA time zone name such as Europe/Berlin or UTC\n"
            ),
            (
                ["settings", "--name", "Sam\u{7}"],
                "error: display name contains the control character U+0007 at character 4; only newline and tab are allowed\n"
            ),
            (["menu", "--energy", "extreme"], "error: --energy is 'extreme'; it must be one of low, medium, high\n"),
        ]
        for (arguments, message) in cases {
            let result = try cli.run(
                ["dailymenu"] + arguments, extraEnvironment: ["LIFECTL_NOW": "2026-11-22T10:00:00Z"])
            #expect(result.status == 64, "\(arguments)")
            #expect(result.stderr == message, "\(arguments)")
            #expect(result.stdout == "", "\(arguments)")
        }
        #expect(try cli.dump() == before)
        // A quiet day is met kindly, in the right tense.
        let quiet = try Self.ok(cli, "2026-11-22T10:00:00Z", "dailymenu", "day", "2026-11-21")
        #expect(quiet.stdout == "2026-11-21 was a quiet day here. Quiet days are part of it too.\n")
        let ahead = try Self.ok(cli, "2026-11-22T10:00:00Z", "dailymenu", "day", "tomorrow")
        #expect(ahead.stdout == "2026-11-23 has not come yet. The menu will be ready.\n")
    }

    @Test func theCalendarAsGridAndAsData() throws {
        let cli = try Lifectl()
        try Self.ok(cli, "2026-11-02T08:00:00Z", "dailymenu", "complete", "sigh")
        try Self.ok(cli, "2026-11-03T08:00:00Z", "dailymenu", "complete", "sigh", "--mood-after", "better")
        try Self.ok(cli, "2026-11-04T08:00:00Z", "dailymenu", "complete", "sigh")
        try Self.ok(cli, "2026-11-04T09:00:00Z", "dailymenu", "complete", "haiku", "--mood-after", "better")
        let grid = try Self.ok(cli, "2026-11-22T12:00:00Z", "dailymenu", "calendar")
        // Not a terminal: no colour, the marks still differ in shape.
        #expect(!grid.stdout.contains("\u{1B}["))
        #expect(
            grid.stdout == """
                       November 2026
                Mo  Tu  We  Th  Fr  Sa  Su
                                         1
                 2●  3✿  4✦  5   6   7   8
                 9  10  11  12  13  14  15
                16  17  18  19  20  21  22
                23  24  25  26  27  28  29
                30

                ● completed   ✿ mood lifted   ✦ several
                4 rituals on 3 days this month.

                """)
        let data = try Self.json(try Self.ok(cli, "2026-11-22T12:00:00Z", "dailymenu", "calendar", "--json"))
        #expect(data["month"] as? String == "2026-11")
        let days = try #require(data["days"] as? [[String: Any]])
        #expect(days.count == 30)
        #expect(days[1]["mark"] as? String == "completed")
        #expect(days[2]["mark"] as? String == "moodImproved")
        #expect(days[3]["mark"] as? String == "several")
        #expect(days[3]["rituals"] as? Int == 2)
        #expect(days[4]["mark"] == nil)
        let day = try Self.ok(cli, "2026-11-22T12:00:00Z", "dailymenu", "day", "2026-11-04")
        // 08:00 sigh: 10 + 3 (first of the day), no low-energy bonus (no before-mood Low, no menu asked
        // with --energy low that day); 09:00 haiku: 10 + 5 (better) + 8 (new category).
        #expect(
            day.stdout == """
                Wednesday 2026-11-04
                time   ritual            before  after   feedback  Moments
                08:00  Three long sighs  –       –       –             +13
                09:00  Write a haiku     –       Better  –             +23
                36 Moments that day.

                """)
    }

    @Test func theMenuIsTheSameAllDayAndExplainsItself() throws {
        let cli = try Lifectl()
        try Self.ok(cli, "2026-11-22T08:00:00Z", "dailymenu", "favorite", "haiku")
        try Self.ok(cli, "2026-11-22T08:00:00Z", "dailymenu", "exclude", "tidy")
        try Self.ok(cli, "2026-11-22T08:00:00Z", "dailymenu", "hide", "doodle")
        let morning = try Self.ok(cli, "2026-11-22T08:00:00Z", "dailymenu", "menu", "--json")
        let evening = try Self.ok(cli, "2026-11-22T20:00:00Z", "dailymenu", "menu", "--json")
        #expect(morning.stdout == evening.stdout)
        let menu = try #require(try Self.json(morning)["suggestions"] as? [[String: Any]])
        #expect(menu.count == 5)
        for suggestion in menu {
            let activity = try #require(suggestion["activity"] as? [String: Any])
            #expect(activity["category"] as? String != "tidy")
            #expect(activity["id"] as? String != "doodle")
            #expect(activity["pack"] == nil)
        }
        let why = try Self.ok(cli, "2026-11-22T08:00:00Z", "dailymenu", "menu", "--why", "--energy", "LOW")
        #expect(why.stdout.hasPrefix("Today's menu, Sunday 2026-11-22."))
        #expect(why.stdout.contains("   weight "))
        #expect(!why.stdout.contains("· medium ·") && !why.stdout.contains("· high ·"))
    }

    @Test func picturesAreValidSVG() throws {
        let cli = try Lifectl()
        try Self.ok(
            cli, "2026-11-20T08:00:00Z", "dailymenu", "complete", "sigh", "--mood-before", "low", "--mood-after",
            "better")
        try Self.ok(cli, "2026-11-21T18:00:00Z", "dailymenu", "complete", "haiku", "--mood-after", "same")
        for (command, name, root) in [
            ("calendar", "month.svg", "circle"), ("stamps", "stamps.svg", "filter"),
            ("insights", "insights.svg", "path"),
        ] {
            let path = cli.path(name)
            let result = try Self.ok(cli, "2026-11-22T12:00:00Z", "dailymenu", command, "--svg", path)
            #expect(result.stdout.hasPrefix("wrote \(path): "))
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            let parser = XMLParser(data: data)
            #expect(parser.parse(), "\(name): \(String(describing: parser.parserError))")
            #expect(String(decoding: data, as: UTF8.self).contains("<\(root)"), "\(name)")
        }
    }

    @Test func profileAndSettings() throws {
        let cli = try Lifectl()
        try Self.ok(cli, "2026-11-20T12:00:00Z", "dailymenu", "settings", "--name", "Sam", "--share-mood", "off")
        #expect(
            try cli.sqlite("SELECT display_name, share_mood, member_since FROM dailymenu_profile") == "Sam|0|2026-11-20"
        )
        try Self.ok(cli, "2026-11-20T12:00:00Z", "dailymenu", "complete", "sigh", "--mood-after", "better")
        let profile = try Self.ok(cli, "2026-11-22T12:00:00Z", "dailymenu", "profile")
        // One ritual, the day not said to be low: 10 + 5 + 3 + 8 = 26 Moments; warmth 1 − 0.5^(1/13) after one day,
        // and the 21st (the first day off) and today have no effect.
        #expect(
            profile.stdout == """
                Hello, Sam.
                Here since 2026-11-20.

                rituals           1
                days              1
                minutes           1
                categories   1 of 8
                mood lifted       1
                Moments          26
                warmth         0.05

                Season: First Light, 74 Moments to Morning Dew.
                Warmth: Spark. Every ritual is a little spark.
                Stamps: First Ritual.

                """)
        let checked = try cli.run("db", "check")
        #expect(checked.status == 0)
        #expect(checked.stdout.contains("ok  dailymenu invariants"))
    }
}
