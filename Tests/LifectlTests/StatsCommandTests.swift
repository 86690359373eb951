import Foundation
import LifeKitTestSupport
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `lifectl stats` end to end (SPEC STAT-1; docs/stats.md): each product's
/// figures from data made through its commands at pinned instants, every
/// value worked out by hand below, today 2026-11-22 (a Sunday) in UTC.
@Suite(.tags(.endToEnd)) struct StatsCommandTests {
    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// `arguments` run at `now`.
    @discardableResult
    static func at(_ now: String, _ cli: Lifectl, _ arguments: String...) throws -> Lifectl.Result {
        let result = try cli.run(arguments, extraEnvironment: ["LIFECTL_NOW": now])
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return result
    }

    static func activity(_ product: [String: Any]) throws -> ([Int], [Int], [Double?], Int) {
        let activity = try #require(product["activity"] as? [String: Any])
        let rates = try #require(activity["returnRates"] as? [[String: Any]])
        #expect(rates.map { $0["days"] as? Int } == [7, 30, 90])
        return (
            rates.compactMap { $0["judged"] as? Int }, rates.compactMap { $0["returned"] as? Int },
            rates.map { $0["rate"] as? Double }, try #require(activity["activeDays"] as? Int)
        )
    }

    /// Finite, set up 2026-10-01 (life week 1,893 starts that day for the
    /// birthday 1990-05-14; weeks start on Thursdays). Marks saved on 10-01
    /// (week 1,893), 10-09 (1,894), 10-20 (the 10-09 mark changed, in week
    /// 1,895), 11-02 (1,897) and 11-20 (1,900, the current week). Completed
    /// weeks 1,893–1,899: seven, four with a save (1,893, 1,894, 1,895, 1,897).
    static func finite() throws -> Lifectl {
        let cli = try Lifectl()
        try at("2026-10-01T08:00:00Z", cli, "finite", "setup", "--birthday", "1990-05-14")
        try at("2026-10-01T09:00:00Z", cli, "finite", "mark", "--rating", "4")
        try at("2026-10-09T09:00:00Z", cli, "finite", "mark", "--rating", "3")
        try at("2026-10-20T09:00:00Z", cli, "finite", "mark", "1894", "--rating", "5")
        try at("2026-11-02T09:00:00Z", cli, "finite", "mark", "--rating", "2")
        try at("2026-11-20T09:00:00Z", cli, "finite", "mark", "--rating", "4")
        try at("2026-11-22T12:00:00Z", cli, "finite", "phase", "add", "Berlin", "--from", "2013-05-14")
        return cli
    }

    @Test func finiteWeeklyActiveMarking() throws {
        let cli = try Self.finite()
        let page = try Self.json(try cli.run("stats", "--product", "finite", "--json").stdout)
        #expect(page["through"] as? String == "2026-11-22")
        #expect(page["since"] == nil)
        #expect(page["walks"] == nil)
        let finite = try #require(page["finite"] as? [String: Any])
        let marking = try #require(finite["weeklyActiveMarking"] as? [String: Any])
        #expect(marking["from"] as? String == "2026-10-01")
        #expect(marking["weeks"] as? Int == 7)
        #expect(marking["activeWeeks"] as? Int == 4)
        #expect(marking["rate"] as? Double == 4.0 / 7.0)
        #expect(marking["thisWeek"] as? Bool == true)
        // Weeks lived before the current one holding a mark: 1,893, 1,894, 1,897.
        #expect(finite["weeksMarked"] as? Int == 3)
        #expect(finite["weeksLived"] as? Int == 1_899)
        #expect(finite["phases"] as? Int == 1)
        let weeks = try #require(finite["perWeek"] as? [[String: Any]])
        #expect(weeks.map { $0["weekNumber"] as? Int } == Array(1_893...1_900))
        #expect(weeks.map { $0["marksSaved"] as? Int } == [1, 1, 1, 0, 1, 0, 0, 1])
        // Active days 10-01, 10-09, 10-20, 11-02, 11-20 and 11-22 (the phase).
        // Within 7 days of 10-01, 10-09, 10-20, 11-02 (the days ≥ 7 days old): none
        // came back (8, 11, 13, 18 days later). Within 30 days of 10-01, 10-09, 10-20: all.
        let (judged, returned, rates, days) = try Self.activity(finite)
        #expect(days == 6)
        #expect(judged == [4, 3, 0])
        #expect(returned == [0, 3, 0])
        #expect(rates == [0, 1, nil])

        let text = try cli.run("stats", "--product", "finite")
        #expect(
            text.stdout == """
                Life statistics, everything to 2026-11-22 (UTC): from this file only, never sent anywhere.

                Finite
                  weekly active marking: a mark saved in 4 of 7 (57%) completed weeks since week 1,893 (2026-10-01); this week: yes
                  weeks lived with a mark: 3 of 1,899 (0%); life phases: 1
                  active on 6 days; came back within 7 days: 0 of 4 (0%), 30 days: 3 of 3 (100%), 90 days: no day old enough

                """)
    }

    /// From 2026-10-15 (in week 1,895): completed weeks 1,895–1,899, with a
    /// save in 1,895 (10-20) and 1,897 (11-02); active days 10-20, 11-02,
    /// 11-20, 11-22.
    @Test func finiteSince() throws {
        let cli = try Self.finite()
        let page = try Self.json(try cli.run("stats", "--product", "finite", "--since", "2026-10-15", "--json").stdout)
        #expect(page["since"] as? String == "2026-10-15")
        let finite = try #require(page["finite"] as? [String: Any])
        let marking = try #require(finite["weeklyActiveMarking"] as? [String: Any])
        #expect(marking["weeks"] as? Int == 5)
        #expect(marking["activeWeeks"] as? Int == 2)
        #expect(try Self.activity(finite).3 == 4)
    }

    /// Walks along the equator, 0.001° of longitude apart (a·π/180/1000 m
    /// each, a = 6,378,137 m): 1 step on Tue 10-20, 2 on Tue 11-03, 3 on Thu
    /// 11-05. Weeks from the Monday 10-19: 10-19 (1), 10-26, 11-02 (2),
    /// 11-09, 11-16; months 2026-10 (1) and 2026-11 (2).
    @Test func walksPerWeekAndDistancePerMonth() throws {
        let cli = try Lifectl()
        for (day, steps) in [("2026-10-20", 1), ("2026-11-03", 2), ("2026-11-05", 3)] {
            let points = (0...steps).map {
                "<trkpt lat=\"0\" lon=\"0.00\($0)\"><time>\(day)T08:0\($0):00Z</time></trkpt>"
            }.joined()
            let file = try WalksCommandTests.write(
                "<?xml version=\"1.0\"?><gpx version=\"1.1\" creator=\"t\"><trk><trkseg>\(points)</trkseg></trk></gpx>",
                "\(day).gpx", in: cli)
            #expect(try cli.run("walks", "import", file).status == 0)
        }
        let step = WalksCommandTests.milliDegreeMeters
        let page = try Self.json(try cli.run("stats", "--product", "walks", "--json").stdout)
        let walks = try #require(page["walks"] as? [String: Any])
        #expect(walks["walks"] as? Int == 3)
        let total = try #require(walks["distanceMeters"] as? Double)
        #expect(abs(total - 6 * step) < 0.01)
        #expect(walks["walksPerWeek"] as? Double == 0.6)
        #expect(abs((walks["distancePerMonthMeters"] as? Double ?? 0) - 3 * step) < 0.01)
        let weeks = try #require(walks["perWeek"] as? [[String: Any]])
        #expect(
            weeks.map { $0["weekStart"] as? String } == [
                "2026-10-19", "2026-10-26", "2026-11-02", "2026-11-09", "2026-11-16",
            ])
        #expect(weeks.map { $0["walks"] as? Int } == [1, 0, 2, 0, 0])
        let months = try #require(walks["perMonth"] as? [[String: Any]])
        #expect(months.map { $0["month"] as? String } == ["2026-10", "2026-11"])
        #expect(months.map { $0["walks"] as? Int } == [1, 2])
        #expect(abs((months[1]["distanceMeters"] as? Double ?? 0) - 5 * step) < 0.01)
        // Days 10-20, 11-03, 11-05: within 7 days only 11-03 → 11-05; within 30, 10-20 → 11-03.
        let (judged, returned, _, days) = try Self.activity(walks)
        #expect(days == 3)
        #expect(judged == [3, 1, 0])
        #expect(returned == [1, 1, 0])
        // Since 2026-11-01 (a Sunday: its week began 10-26): two walks in four weeks.
        let since = try Self.json(try cli.run("stats", "--product", "walks", "--since", "2026-11-01", "--json").stdout)
        let recent = try #require(since["walks"] as? [String: Any])
        #expect(recent["walks"] as? Int == 2)
        #expect((recent["perWeek"] as? [[String: Any]])?.map { $0["walks"] as? Int } == [0, 2, 0, 0])
        #expect((recent["perMonth"] as? [[String: Any]])?.count == 1)
        let text = try cli.run("stats", "--product", "walks").stdout
        #expect(text.contains("  3 walks, 0.7 km, in 5 weeks and 2 months\n  0.6 walks a week; 0.3 km a month\n"))
    }

    /// Note A planted 09-01 (opens 10-01) and discovered 10-05, with a reply
    /// that day (born discovered: not a discovery); note B planted today,
    /// locked for a year. No word of either is ever in the statistics.
    @Test func hereafterPlantedAndDiscovered() throws {
        let cli = try Lifectl()
        try Self.at("2026-09-01T10:00:00Z", cli, "hereafter", "onboard", "--name", "Ada")
        try Self.at(
            "2026-09-01T10:00:00Z", cli, "hereafter", "plant", "--text", "SECRET-A", "--at", "52.5163,13.3777",
            "--unlock", "2026-10-01")
        try Self.at("2026-10-05T10:00:00Z", cli, "hereafter", "visit", "--at", "52.5163,13.3777")
        let note = try cli.sqlite("SELECT id FROM hereafter_messages")
        try Self.at("2026-10-05T10:05:00Z", cli, "hereafter", "reply", note, "--text", "SECRET-R")
        try Self.at(
            "2026-11-22T10:00:00Z", cli, "hereafter", "plant", "--text", "SECRET-B", "--at", "48.8584,2.2945",
            "--unlock", "+1y")
        let result = try cli.run("stats", "--product", "hereafter", "--json")
        let hereafter = try #require(try Self.json(result.stdout)["hereafter"] as? [String: Any])
        #expect(hereafter["planted"] as? Int == 2)
        #expect(hereafter["replies"] as? Int == 1)
        #expect(hereafter["discovered"] as? Int == 1)
        #expect(hereafter["unlocked"] as? Int == 1)
        #expect(hereafter["unlockedDiscovered"] as? Int == 1)
        #expect(hereafter["stillLocked"] as? Int == 1)
        let months = try #require(hereafter["perMonth"] as? [[String: Any]])
        #expect(months.map { $0["month"] as? String } == ["2026-09", "2026-10", "2026-11"])
        #expect(months.map { $0["planted"] as? Int } == [1, 0, 1])
        #expect(months.map { $0["discovered"] as? Int } == [0, 1, 0])
        #expect(try Self.activity(hereafter).3 == 3)  // 09-01, 10-05, 11-22
        let text = try cli.run("stats")
        let svg = try cli.run("stats", "--svg", "-")
        for output in [result.stdout, text.stdout, svg.stdout] {
            for word in ["SECRET-A", "SECRET-B", "SECRET-R"] { #expect(!output.contains(word)) }
        }
    }

    /// The owner's account ada: goal 1 with two milestones, goal 2 with none,
    /// made 09-01; the countdown from 09-02 10:00; milestone 1.1 done 10-15.
    /// Progress (LT-5) = (1/2 + 0) / 2 = 25%. bob's goal, done, counts nowhere.
    @Test func lifeTimerIsTheOwnersProgressOverTime() throws {
        let cli = try Lifectl()
        let made = "2026-09-01T10:00:00Z"
        try Self.at(made, cli, "lifetimer", "account", "create", "ada")
        try Self.at(made, cli, "lifetimer", "goal", "add", "Run a marathon")
        try Self.at(made, cli, "lifetimer", "milestone", "add", "1", "10 km")
        try Self.at(made, cli, "lifetimer", "milestone", "add", "1", "Half")
        try Self.at(made, cli, "lifetimer", "goal", "add", "Read more")
        try Self.at(made, cli, "lifetimer", "account", "create", "bob")
        try Self.at(made, cli, "lifetimer", "goal", "add", "Swim", "--as", "bob")
        try Self.at(made, cli, "lifetimer", "milestone", "add", "1", "A lap", "--as", "bob")
        try Self.at("2026-09-02T10:00:00Z", cli, "lifetimer", "start")
        try Self.at("2026-09-02T10:00:00Z", cli, "lifetimer", "start", "--as", "bob")
        try Self.at("2026-10-15T10:00:00Z", cli, "lifetimer", "milestone", "complete", "1.1")
        try Self.at("2026-10-16T10:00:00Z", cli, "lifetimer", "milestone", "complete", "1.1", "--as", "bob")
        try Self.at("2026-10-16T10:00:00Z", cli, "lifetimer", "goal", "complete", "1", "--as", "bob")
        let page = try Self.json(try cli.run("stats", "--product", "lifetimer", "--json").stdout)
        let timer = try #require(page["lifetimer"] as? [String: Any])
        #expect(timer["account"] as? String == "ada")
        #expect(timer["goals"] as? Int == 2)
        #expect(timer["goalsCompleted"] as? Int == 0)
        #expect(timer["milestones"] as? Int == 2)
        #expect(timer["milestonesCompleted"] as? Int == 1)
        #expect(timer["progress"] as? Double == 0.25)
        // 09-02 10:00 to 11-22 12:00 is 81 days and 2 hours of 1,356 days (UTC: no clock change).
        let elapsed = try #require(timer["elapsed"] as? Double)
        #expect(abs(elapsed - (81 * 86_400 + 7_200) / (1_356 * 86_400.0)) < 1e-12)
        // A point every 7 days back from today to the account's first day (09-01).
        let series = try #require(timer["series"] as? [[String: Any]])
        #expect(
            series.map { $0["date"] as? String } == [
                "2026-09-06", "2026-09-13", "2026-09-20", "2026-09-27", "2026-10-04", "2026-10-11", "2026-10-18",
                "2026-10-25", "2026-11-01", "2026-11-08", "2026-11-15", "2026-11-22",
            ])
        #expect(series.map { $0["progress"] as? Double } == [0, 0, 0, 0, 0, 0, 0.25, 0.25, 0.25, 0.25, 0.25, 0.25])
        // The end of 09-06 is 4 days 13:59:59.999 after the start.
        let first = try #require(series[0]["elapsed"] as? Double)
        #expect(abs(first - (4 * 86_400 + 50_399.999) / (1_356 * 86_400.0)) < 1e-12)
        // ada's active days: 09-01 (goals and milestones made) and 10-15 (progress).
        #expect(try Self.activity(timer).3 == 2)
    }

    /// Rituals: 11-01 box-breath (Low → Better), 11-03 sigh (no mood), 11-10
    /// haiku (after Same), 11-20 doodle (after Better) and sigh (before Okay).
    /// A mood on 4 of 5; lifted on 2 of the 3 with an after-mood.
    @Test func dailyMenuMoods() throws {
        let cli = try Lifectl()
        try Self.at(
            "2026-11-01T08:00:00Z", cli, "dailymenu", "complete", "box-breath", "--mood-before", "low", "--mood-after",
            "better")
        try Self.at("2026-11-03T08:00:00Z", cli, "dailymenu", "complete", "sigh")
        try Self.at("2026-11-10T08:00:00Z", cli, "dailymenu", "complete", "haiku", "--mood-after", "same")
        try Self.at("2026-11-20T08:00:00Z", cli, "dailymenu", "complete", "doodle", "--mood-after", "better")
        try Self.at("2026-11-20T09:00:00Z", cli, "dailymenu", "complete", "sigh", "--mood-before", "okay")
        let page = try Self.json(try cli.run("stats", "--product", "dailymenu", "--json").stdout)
        let menu = try #require(page["dailymenu"] as? [String: Any])
        #expect(menu["rituals"] as? Int == 5)
        #expect(menu["withMood"] as? Int == 4)
        #expect(menu["withAfterMood"] as? Int == 3)
        #expect(menu["moodLifted"] as? Int == 2)
        #expect(menu["moodLoggedShare"] as? Double == 0.8)
        #expect(menu["moodLiftedRate"] as? Double == 2.0 / 3.0)
        // Weeks from the Monday 10-26 (11-01 is a Sunday).
        let weeks = try #require(menu["perWeek"] as? [[String: Any]])
        #expect(weeks.map { $0["weekStart"] as? String } == ["2026-10-26", "2026-11-02", "2026-11-09", "2026-11-16"])
        #expect(weeks.map { $0["rituals"] as? Int } == [1, 1, 1, 2])
        #expect(weeks.map { $0["moodLoggedShare"] as? Double } == [1, 0, 1, 1])
        // The week of 11-02 has no after-mood: no rate, not a zero.
        #expect(weeks.map { $0["moodLiftedRate"] as? Double } == [1, nil, 0, 1])
        // Days 11-01, 11-03, 11-10, 11-20: within 7 days, 11-01 → 11-03 and 11-03 → 11-10 (7 days).
        let (judged, returned, _, days) = try Self.activity(menu)
        #expect(days == 4)
        #expect(judged == [3, 0, 0])
        #expect(returned == [2, 0, 0])
        let text = try cli.run("stats", "--product", "dailymenu").stdout
        #expect(
            text.contains(
                "  5 rituals; a mood logged on 4 of 5 (80%)\n  mood lifted (after-mood Better) on 2 of 3 (67%) with an after-mood\n"
            ))
    }

    /// Issue 32: the seed's gamification metrics. Ten rituals, each said
    /// Low and lifting the mood, one a day at 09:00 from 11-01: eight in new
    /// categories earn 10 + 5 + 3 + 8 + 2 = 28 each, box breathing (11-09)
    /// and a second sigh (11-10) 20 each: totals 28, 56, 84, 112, …, 224,
    /// 244, 264. Seasons: First Light 11-01 (day 0), Morning Dew 11-04 (day
    /// 3, 112 ≥ 100), Spring Bloom 11-10 (day 9, 264 ≥ 250). Stamps: First
    /// Ritual and Early Bird 11-01, Mood Lifter 11-05 (the fifth Better),
    /// Seven Days 11-07, Explorer 11-08 (the eighth category), Ten Rituals
    /// 11-10: 6 of 8. Today is 2026-11-12 (a Thursday).
    @Test func dailyMenuSeasonsAndStamps() throws {
        let cli = try Lifectl(now: "2026-11-12T12:00:00Z")
        let firsts = ["neck-rolls", "sigh", "doodle", "text-friend", "sky-look", "glass-water", "make-bed", "poem"]
        for (offset, name) in (firsts + ["box-breath", "sigh"]).enumerated() {
            try Self.at(
                String(format: "2026-11-%02dT09:00:00Z", offset + 1), cli, "dailymenu", "complete", name, "--before",
                "low", "--after", "better")
        }
        let page = try Self.json(try cli.run("stats", "--product", "dailymenu", "--json").stdout)
        let menu = try #require(page["dailymenu"] as? [String: Any])
        let seasons = try #require(menu["seasonProgression"] as? [String: Any])
        #expect(seasons["moments"] as? Int == 264)
        #expect(seasons["momentsInWindow"] as? Int == 264)
        #expect(seasons["season"] as? Int == 3)
        #expect(seasons["seasons"] as? Int == 7)
        #expect(seasons["reachedInWindow"] as? Int == 3)
        let reached = try #require(seasons["reached"] as? [[String: Any]])
        #expect(reached.map { $0["name"] as? String } == ["First Light", "Morning Dew", "Spring Bloom"])
        #expect(reached.map { $0["date"] as? String } == ["2026-11-01", "2026-11-04", "2026-11-10"])
        #expect(reached.map { $0["daysAfterFirstRitual"] as? Int } == [0, 3, 9])
        // Weeks from Monday 10-26 (11-01 is a Sunday) to this one: three.
        #expect(menu["momentsPerWeek"] as? Double == 88)
        let weeks = try #require(menu["perWeek"] as? [[String: Any]])
        #expect(weeks.map { $0["moments"] as? Int } == [28, 28 * 7, 20 + 20])
        let stamps = try #require(menu["stampCollection"] as? [String: Any])
        #expect(stamps["earned"] as? Int == 6)
        #expect(stamps["available"] as? Int == 8)
        #expect(stamps["rate"] as? Double == 0.75)
        let earned = try #require(stamps["stamps"] as? [[String: Any]])
        #expect(
            Dictionary(uniqueKeysWithValues: earned.map { ($0["kind"] as? String ?? "", $0["date"] as? String ?? "") })
                == [
                    "first-ritual": "2026-11-01", "morning-ritual": "2026-11-01", "mood-lifted": "2026-11-05",
                    "seven-days": "2026-11-07", "every-category": "2026-11-08", "ten-rituals": "2026-11-10",
                ])
        // From 11-05: rituals 5 … 10, 28 × 4 + 20 + 20 = 152 Moments over the
        // weeks of 11-02 and 11-09 (76 a week); Spring Bloom and four stamps
        // (Mood Lifter, Seven Days, Explorer, Ten Rituals) in the window.
        let since = try Self.json(
            try cli.run("stats", "--product", "dailymenu", "--since", "2026-11-05", "--json").stdout)
        let window = try #require(since["dailymenu"] as? [String: Any])
        let windowSeasons = try #require(window["seasonProgression"] as? [String: Any])
        #expect(windowSeasons["momentsInWindow"] as? Int == 152)
        #expect(windowSeasons["moments"] as? Int == 264)
        #expect(windowSeasons["reachedInWindow"] as? Int == 1)
        #expect(window["momentsPerWeek"] as? Double == 76)
        #expect((window["stampCollection"] as? [String: Any])?["earnedInWindow"] as? Int == 4)
        let text = try cli.run("stats", "--product", "dailymenu", "--since", "2026-11-05").stdout
        #expect(
            text.contains(
                """
                  season 3 of 7, Spring Bloom; 152 Moments in the window, 76.0 a week; 1 season reached in it
                  seasons reached: First Light 2026-11-01 (day 0), Morning Dew 2026-11-04 (day 3), Spring Bloom 2026-11-10 (day 9)
                  stamps: 6 of 8 (75%), 4 earned in the window

                """), "\(text)")
        // The profile says the days too.
        #expect(
            try cli.run("dailymenu", "profile").stdout.contains(
                "Seasons reached: First Light on 2026-11-01, Morning Dew on 2026-11-04, Spring Bloom on 2026-11-10.\n"))
    }

    @Test func anEmptyFileHasNothingToCount() throws {
        let cli = try Lifectl()
        #expect(try cli.run("db", "init").status == 0)
        let result = try cli.run("stats")
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                Life statistics, everything to 2026-11-22 (UTC): from this file only, never sent anywhere.

                Nothing to count yet: finite, walks, hereafter, lifetimer, dailymenu

                """)
        let json = try Self.json(try cli.run("stats", "--json").stdout)
        #expect(Set(json.keys) == ["through", "timeZone", "units"])
    }

    /// Refusals: exit 64, a sentence naming the option and the rule.
    @Test func refusals() throws {
        let cli = try Self.finite()
        let before = try cli.dump()
        let cases: [([String], String)] = [
            (
                ["--product", "finance"],
                "error: --product is 'finance'; it must be one of finite, walks, hereafter, lifetimer, dailymenu"
            ),
            (
                ["--product", "core"],
                "error: --product is 'core'; it must be one of finite, walks, hereafter, lifetimer, dailymenu"
            ),
            (["--since", "tomorrow"], "error: --since is 2026-11-23, after today (2026-11-22)"),
        ]
        for (arguments, message) in cases {
            let result = try cli.run(["stats"] + arguments)
            #expect(result.status == 64)
            #expect(result.stderr == message + "\n")
            #expect(result.stdout == "")
        }
        let bad = try cli.run("stats", "--since", "someday")
        #expect(bad.status == 64)
        #expect(bad.stderr.hasPrefix("error: --since is 'someday'; expected a real date"))
        #expect(try cli.dump() == before)
    }

    /// The picture: a file made 0600, never over an existing one without
    /// --force, stdout with `-`, its path in the JSON; the page in it.
    @Test func thePicture() throws {
        let cli = try Self.finite()
        let wrote = try cli.run("stats", "--svg", "stats.svg")
        #expect(wrote.status == 0)
        #expect(wrote.stdout == "wrote stats.svg: a page of statistics\n")
        let attributes = try FileManager.default.attributesOfItem(atPath: cli.path("stats.svg"))
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let svg = try String(contentsOfFile: cli.path("stats.svg"), encoding: .utf8)
        #expect(XMLParser(data: Data(svg.utf8)).parse())
        #expect(svg.contains(">Life statistics</text>"))
        #expect(svg.contains(">Marks saved, life week by week</text>"))
        let again = try cli.run("stats", "--svg", "stats.svg")
        #expect(again.status != 0)
        #expect(try String(contentsOfFile: cli.path("stats.svg"), encoding: .utf8) == svg)
        let json = try Self.json(try cli.run("stats", "--svg", "stats.svg", "--force", "--json").stdout)
        #expect(json["svg"] as? String == "stats.svg")
        #expect(json["finite"] != nil)
        let stdout = try cli.run("stats", "--svg", "-")
        #expect(stdout.stdout == svg)
    }
}
