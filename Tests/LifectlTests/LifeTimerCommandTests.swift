import Foundation
import LifeKitTestSupport
import Testing

/// End-to-end: the built lifectl's `lifetimer` commands (SPEC §4, CORE-7, REL-6).
@Suite(.tags(.endToEnd)) struct LifeTimerCommandTests {
    static func json(_ text: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(text.utf8))
    }

    /// The same sandbox with its clock moved.
    static func at(_ cli: Lifectl, _ now: String) -> Lifectl {
        var moved = cli
        moved.environment["LIFECTL_NOW"] = now
        return moved
    }

    @discardableResult
    static func ok(_ cli: Lifectl, _ arguments: String...) throws -> String {
        let result = try cli.run(arguments)
        #expect(result.status == 0, "\(arguments.joined(separator: " ")): \(result.stderr)")
        return result.stdout
    }

    /// Two public accounts with goals; ada starts, bob completes a public milestone.
    static func twoAccounts(zone: String = "America/New_York") throws -> Lifectl {
        let cli = try Lifectl(now: "2026-11-22T17:00:00Z", timeZone: zone)
        try ok(
            cli, "lifetimer", "account", "create", "ada", "--email", "ada-secret@example.org", "--provider", "apple",
            "--subject", "apple-subject-0001", "--visibility", "public")
        try ok(
            cli, "lifetimer", "account", "create", "bob", "--visibility", "public", "--email", "bob-secret@example.org")
        try ok(cli, "lifetimer", "goal", "add", "Run a marathon", "--description", "Sub-4 hours")
        try ok(cli, "lifetimer", "milestone", "add", "1", "10 km race", "--due", "2027-03-01", "--visibility", "public")
        try ok(cli, "lifetimer", "goal", "add", "Sail", "--as", "bob")
        try ok(cli, "lifetimer", "milestone", "add", "1", "Dinghy course", "--visibility", "public", "--as", "bob")
        try ok(cli, "lifetimer", "milestone", "add", "1", "Private step", "--as", "bob")
        return cli
    }

    @Test func startCountdownProgressInNewYork() throws {
        let cli = try Self.twoAccounts()
        // 12:00 EST on 2026-11-22; the end is 12:00 EDT on 2030-08-09 (16:00Z).
        let start = try Self.ok(cli, "lifetimer", "start")
        #expect(
            start == """
                left     1,356 d 0 h 0 m 0 s
                elapsed  0.0 %
                day      1 of 1,356
                started  22 November 2026 at 12:00
                ends     9 August 2030 at 12:00 (America/New_York)

                """)
        let later = Self.at(cli, "2028-09-30T16:30:00Z")  // half of the real duration
        let countdown = try #require(
            try Self.json(try Self.ok(later, "lifetimer", "countdown", "--json")) as? [String: Any])
        #expect(countdown["endsAt"] as? String == "2030-08-09T16:00:00Z")
        #expect(countdown["percentElapsed"] as? Double == 50)
        #expect(countdown["finished"] as? Bool == false)
        let remaining = try #require(countdown["remaining"] as? [String: Int])
        // 2028-09-30 12:30 EDT to 2030-08-09 12:00 EDT: 677 days and 23 h 30 m.
        #expect(remaining == ["days": 677, "hours": 23, "minutes": 30, "seconds": 0])
        try Self.ok(later, "lifetimer", "milestone", "complete", "1.1")
        let progress = try #require(
            try Self.json(try Self.ok(later, "lifetimer", "progress", "--json")) as? [String: Any])
        #expect(progress["overall"] as? Double == 1)  // one goal, its one milestone done
        #expect(progress["pace"] as? String == "ahead")
        #expect(progress["message"] as? String == "Well ahead with half the time gone. Consider a bolder step.")
        let finished = Self.at(cli, "2030-08-09T16:00:00Z")
        let done = try #require(
            try Self.json(try Self.ok(finished, "lifetimer", "countdown", "--json")) as? [String: Any])
        #expect(done["finished"] as? Bool == true)
        let summary = try #require(done["summary"] as? [String: Any])
        #expect(summary["milestonesCompleted"] as? Int == 1)
        #expect(summary["activeDays"] as? Int == 1)
        #expect(summary["goals"] as? Int == 1)
    }

    @Test func locksRefuseAndChangeNothing() throws {
        let cli = try Lifectl(now: "2026-11-22T12:00:00Z")
        try Self.ok(cli, "lifetimer", "account", "create", "ada")
        let before = try cli.dump()
        let noGoal = try cli.run("lifetimer", "start")
        #expect(noGoal.status == 64)
        #expect(
            noGoal.stderr
                == "error: the countdown needs at least one goal; add one with `lifectl lifetimer goal add TITLE`\n")
        #expect(try cli.dump() == before)
        for index in 1...20 { try Self.ok(cli, "lifetimer", "goal", "add", "Goal \(index)") }
        try Self.ok(cli, "lifetimer", "goal", "delete", "20")
        let twentyFirst = try cli.run("lifetimer", "goal", "add", "Goal 21")
        #expect(twentyFirst.status == 64)
        #expect(twentyFirst.stderr.contains("20 goals have been created on this account (deleted ones count)"))
        try Self.ok(cli, "lifetimer", "start")
        let locked = try cli.dump()
        for arguments in [
            ["lifetimer", "goal", "add", "Another"], ["lifetimer", "goal", "delete", "1"],
            ["lifetimer", "goal", "edit", "1", "--title", "Renamed"], ["lifetimer", "start"],
        ] {
            let result = try cli.run(arguments)
            #expect(result.status == 64, "\(arguments)")
            #expect(result.stdout.isEmpty)
        }
        #expect(try cli.dump() == locked)
        // sqlite3 by hand is refused by the schema's triggers.
        #expect(try cli.sqlite("UPDATE lifetimer_goals SET title = 'x' WHERE number = 1; SELECT changes();") == "")
        #expect(try cli.dump() == locked)
        try Self.ok(cli, "lifetimer", "goal", "edit", "1", "--description", "Still allowed")
        #expect(try cli.sqlite("SELECT description FROM lifetimer_goals WHERE number = 1") == "Still allowed")
    }

    @Test func actingAccount() throws {
        let cli = try Lifectl()
        #expect(try cli.run("db", "init").status == 0)
        let none = try cli.run("lifetimer", "goal", "list")
        #expect(none.status == 64)
        #expect(
            none.stderr
                == "error: no LifeTimer account to act as: create one with `lifectl lifetimer account create USERNAME`\n"
        )
        try Self.ok(cli, "lifetimer", "account", "create", "ada")
        try Self.ok(cli, "lifetimer", "account", "create", "bob")
        let unknown = try cli.run("lifetimer", "goal", "list", "--as", "zed")
        #expect(unknown.status == 64)
        #expect(unknown.stderr == "error: --as is 'zed'; no account has that username\n")
        try Self.ok(cli, "lifetimer", "goal", "add", "Bob's goal", "--as", "BOB")
        #expect(try Self.ok(cli, "lifetimer", "goal", "list").hasPrefix("No goals yet."))
        #expect(try Self.ok(cli, "lifetimer", "goal", "list", "--as", "bob").hasPrefix("1. [ ] Bob's goal"))
        let taken = try cli.run("lifetimer", "account", "create", "ADA")
        #expect(taken.status == 64)
    }

    /// LT-6: follow, the feed, a leaderboard, then a block empties both.
    @Test func followFeedLeaderboardAndBlock() throws {
        let cli = try Self.twoAccounts()
        try Self.ok(cli, "lifetimer", "milestone", "complete", "1.1", "--as", "bob")
        try Self.ok(cli, "lifetimer", "milestone", "complete", "1.2", "--as", "bob")
        try Self.ok(cli, "lifetimer", "follow", "bob")
        let feed = try #require(
            (try Self.json(try Self.ok(cli, "lifetimer", "feed", "--json")) as? [String: Any])?["feed"]
                as? [[String: Any]])
        #expect(feed.map { $0["milestone"] as? String } == ["Dinghy course"])  // the private step is not shown
        let board = try #require(
            try Self.json(try Self.ok(cli, "lifetimer", "leaderboard", "streaks", "--json")) as? [String: Any])
        #expect(board["total"] as? Int == 1)
        let followers = try #require(
            try Self.json(try Self.ok(cli, "lifetimer", "followers", "bob", "--json")) as? [String: Any])
        #expect(followers["count"] as? Int == 1)
        let milestoneID = try #require(feed.first?["milestoneId"] as? String)
        let report = try #require(
            try Self.json(
                try Self.ok(
                    cli, "lifetimer", "report", "milestone", String(milestoneID.prefix(8)), "--reason", "fake", "--json"
                ))
                as? [String: String])
        #expect(report["target"] == "milestone" && report["subject"] == String(milestoneID.prefix(8)))
        #expect(
            try cli.sqlite("SELECT id || ' ' || target_milestone_id FROM lifetimer_reports")
                == "\(report["id"] ?? "") \(milestoneID)")
        try Self.ok(cli, "lifetimer", "block", "ada", "--as", "bob")
        #expect(try Self.ok(cli, "lifetimer", "feed") == "Your feed is empty.\n")
        #expect(try Self.ok(cli, "lifetimer", "leaderboard", "streaks") == "Nobody on this leaderboard yet.\n")
        #expect(try Self.ok(cli, "lifetimer", "following") == "Not following anyone you can see.\n")
        let hidden = try cli.run("lifetimer", "profile", "bob")
        #expect(hidden.status == 64)
        #expect(hidden.stderr == "error: no account named 'bob' that you can see\n")
        let refollow = try cli.run("lifetimer", "follow", "bob")
        #expect(refollow.status == 64)
        #expect(try cli.sqlite("SELECT count(*) FROM lifetimer_follows") == "0")
    }

    /// REL-6: the e-mail and identity subject appear only in `account show` by
    /// the account itself, in no other output of any command, human or --json.
    @Test func privateFieldsAppearInNoOtherOutput() throws {
        let cli = try Self.twoAccounts()
        try Self.ok(cli, "lifetimer", "start")
        try Self.ok(cli, "lifetimer", "milestone", "complete", "1.1")
        try Self.ok(cli, "lifetimer", "goal", "complete", "1")
        try Self.ok(cli, "lifetimer", "follow", "ada", "--as", "bob")
        try Self.ok(cli, "lifetimer", "follow", "bob")
        try Self.ok(cli, "lifetimer", "report", "account", "ada", "--reason", "test", "--as", "bob")
        let secrets = ["ada-secret@example.org", "apple-subject-0001", "bob-secret@example.org"]
        let reads: [[String]] = [
            ["profile", "ada"], ["profile", "bob"], ["feed"], ["followers", "ada"], ["following", "ada"],
            ["followers", "bob"], ["following", "bob"], ["leaderboard", "goals"], ["leaderboard", "streaks"],
            ["leaderboard", "recent"], ["search", "a"], ["search", "b"], ["admin", "reports"], ["countdown"],
            ["progress"], ["goal", "list"], ["notifications"], ["settings"],
        ]
        var outputs = 0
        for viewer in ["ada", "bob"] {
            for read in reads {
                for json in [false, true] {
                    let result = try cli.run(["lifetimer"] + read + ["--as", viewer] + (json ? ["--json"] : []))
                    outputs += 1
                    for secret in secrets {
                        #expect(
                            !result.stdout.contains(secret) && !result.stderr.contains(secret),
                            "\(secret) in \(read) as \(viewer)")
                    }
                }
            }
        }
        #expect(outputs == 72)
        // Her own account shows her e-mail to her (so the check above can find it).
        #expect(try Self.ok(cli, "lifetimer", "account", "show", "--json").contains("ada-secret@example.org"))
        #expect(!(try Self.ok(cli, "lifetimer", "account", "show", "--as", "bob", "--json")).contains("ada-secret"))
    }

    @Test func privateAndSuspendedAccountsAreHidden() throws {
        let cli = try Self.twoAccounts()
        try Self.ok(cli, "lifetimer", "account", "create", "carol")  // private by default
        try Self.ok(cli, "lifetimer", "goal", "add", "Hidden", "--as", "carol")
        try Self.ok(cli, "lifetimer", "goal", "complete", "1", "--as", "carol")
        try Self.ok(cli, "lifetimer", "goal", "complete", "1", "--as", "bob")
        let search = try #require(
            (try Self.json(try Self.ok(cli, "lifetimer", "search", "o", "--as", "bob", "--json")) as? [String: Any])?[
                "accounts"] as? [[String: Any]])
        #expect(search.map { $0["username"] as? String } == ["bob"])  // carol is private
        let goals = try #require(
            try Self.json(try Self.ok(cli, "lifetimer", "leaderboard", "goals", "--as", "bob", "--json"))
                as? [String: Any])
        #expect(goals["total"] as? Int == 1)
        // carol sees herself, ranked among what she can see: herself and bob, tied.
        let hers = try #require(
            try Self.json(try Self.ok(cli, "lifetimer", "leaderboard", "goals", "--as", "carol", "--json"))
                as? [String: Any])
        let entries = try #require(hers["entries"] as? [[String: Any]])
        #expect(entries.map { $0["rank"] as? Int } == [1, 1])
        #expect(try cli.run("lifetimer", "follow", "carol", "--as", "bob").status == 64)
        // ada (the owner, an admin) suspends bob: ada can no longer see him either.
        try Self.ok(cli, "lifetimer", "admin", "suspend", "bob", "--reason", "spam")
        #expect(try cli.run("lifetimer", "profile", "bob").status == 64)
        #expect(try Self.ok(cli, "lifetimer", "profile", "bob", "--as", "bob").hasPrefix("bob"))
        let notAdmin = try cli.run("lifetimer", "admin", "reports", "--as", "carol")
        #expect(notAdmin.status == 64)
        #expect(notAdmin.stderr == "error: carol is not an admin\n")
    }

    @Test func deleteAccountAndSVG() throws {
        let cli = try Self.twoAccounts()
        try Self.ok(cli, "lifetimer", "start")
        let svg = cli.path("ring.svg")
        try Self.ok(Self.at(cli, "2027-06-01T12:00:00Z"), "lifetimer", "countdown", "--svg", svg)
        let text = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(text.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(text.contains(">1,165</text>"))  // 2027-06-01 08:00 EDT → 2030-08-09 12:00 EDT: 1,165 d 4 h
        let wrong = try cli.run("lifetimer", "account", "delete", "--as", "bob")
        #expect(wrong.status == 64)
        try Self.ok(cli, "lifetimer", "follow", "ada", "--as", "bob")
        try Self.ok(cli, "lifetimer", "account", "delete", "--as", "bob", "--yes")
        let id = try cli.sqlite("SELECT count(*) FROM lifetimer_accounts WHERE username = 'bob'")
        #expect(id == "0")
        #expect(try cli.sqlite("SELECT count(*) FROM lifetimer_follows") == "0")
        #expect(try cli.sqlite("SELECT count(*) FROM lifetimer_goals") == "1")  // ada's stays
        let check = try cli.run("db", "check")
        #expect(check.status == 0, "\(check.stdout)")
        #expect(check.stdout.contains("ok  lifetimer invariants"))
    }

    @Test func notificationPreferencesAllOrNothing() throws {
        let cli = try Lifectl(now: "2026-11-22T12:00:00Z")
        try Self.ok(cli, "lifetimer", "account", "create", "ada")
        try Self.ok(cli, "lifetimer", "goal", "add", "Swim")
        try Self.ok(cli, "lifetimer", "start")
        let before = try cli.dump()
        let bad = try cli.run("lifetimer", "notifications", "--reminders", "off", "--days", "0")
        #expect(bad.status == 64)
        #expect(bad.stderr == "error: days is 0; it must be from 1 to 1,500\n")
        #expect(try cli.dump() == before)
        let weekly = try Self.ok(
            cli, "lifetimer", "notifications", "--frequency", "weekly", "--time", "07:30", "--checkpoints", "off",
            "--days", "8")
        // The start was 12:00 UTC, so the first 07:30 reminder is a week later.
        #expect(
            weekly == """
                reminders weekly at 07:30 · muted: checkpoints
                29 November 2026 at 07:30  reminder  1,349 days left of your 1,356. What will you do with today?

                """)
        #expect(
            try cli.sqlite(
                "SELECT reminder_frequency, reminder_time, mute_checkpoints FROM lifetimer_notification_preferences")
                == "weekly|07:30|1")
    }

    /// REL-3 for LifeTimer: bad values each get `error: …` naming the field,
    /// exit 64, and leave the database as it was.
    @Test func badInputIsRefusedAndChangesNothing() throws {
        let cli = try Self.twoAccounts()
        let before = try cli.dump()
        let long = String(repeating: "x", count: 101)
        let cases: [([String], String)] = [
            (["account", "create", "a b"], "username is 'a b'"),
            (["account", "create", "x'; DROP TABLE lifetimer_accounts; --"], "username is"),
            (["account", "create", "carol", "--bio", String(repeating: "🙂", count: 161)], "bio is 161 characters"),
            (["account", "create", "carol", "--email", "nobody"], "email is 'nobody'"),
            (["account", "create", "carol", "--provider", "myspace", "--subject", "1"], "--provider is 'myspace'"),
            (["account", "create", "carol", "--time-zone", "Mars/Olympus"], "time zone"),
            (["account", "edit", "--visibility", "friends"], "--visibility is 'friends'"),
            (["goal", "add", long], "title is 101 characters; the limit is 100"),
            (["goal", "add", "Bad\u{7}bell"], "control character U+0007"),
            (["goal", "add", "   "], "title is required"),
            (["goal", "add", "Far", "--at", "91,0"], "latitude is 91.0"),
            (["goal", "add", "Half", "--at", "10"], "--at is '10'; expected LAT,LON"),
            (["goal", "edit", "7", "--description", "x"], "goal is 7"),
            (["milestone", "add", "1", "Step", "--due", "2027-02-30"], "--due"),
            (["milestone", "complete", "1"], "expected GOAL.STEP"),
            (["milestone", "complete", "1.9"], "milestone is 1.9"),
            (["leaderboard", "fastest"], "kind is 'fastest'"),
            (["feed", "--limit", "0"], "limit is 0"),
            (["search", "%"], ""),
            (["follow", "nobody_here"], "no account named 'nobody_here' that you can see"),
            (["follow", "ada"], "you cannot follow yourself"),
            (["unfollow", "bob"], "you do not follow 'bob'"),
            (["report", "goal", "zz", "--reason", "x"], "goal is 'zz'"),
            (["report", "account", "bob", "--reason", " "], "reason is required"),
            (["notifications", "--frequency", "hourly"], "--frequency is 'hourly'"),
            (["notifications", "--every", "0", "--frequency", "every"], "every is 0 days"),
            (["notifications", "--time", "25:00"], "--time"),
            (["settings", "--theme", "neon"], "--theme is 'neon'"),
            (["settings", "--language", "english!"], "language is 'english!'"),
            (["admin", "suspend", "ada", "--reason", "x"], "you cannot suspend yourself"),
            (["account", "delete"], "--yes is required to delete the account ada"),
        ]
        for (arguments, message) in cases {
            let result = try cli.run(["lifetimer"] + arguments)
            if arguments == ["search", "%"] {
                // Not an error: '%' is literal, and no username holds it.
                #expect(result.status == 0 && result.stdout.hasPrefix("No account you can see matches"))
                continue
            }
            #expect(result.status == 64, "\(arguments): \(result.status) \(result.stderr)")
            #expect(
                result.stderr.hasPrefix("error: ") && result.stderr.contains(message), "\(arguments): \(result.stderr)")
            #expect(result.stdout.isEmpty, "\(arguments)")
        }
        #expect(try cli.dump() == before)
    }

    @Test func aboutNeedsNoDatabase() throws {
        let cli = try Lifectl()
        let about = try Self.ok(cli, "lifetimer", "about")
        #expect(about.hasPrefix("The 1,356-day challenge\n"))
        #expect(!FileManager.default.fileExists(atPath: cli.databasePath))
    }
}
