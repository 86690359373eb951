import Foundation
import LifeKitTestSupport
import Testing

/// LT-10 (issue 20) through `lifectl`: the commands and their output, the
/// upgrade to migration 0018 and the import of a file made before it. Each
/// case fails on the build before 0018 (the commands or options did not
/// exist, or answered otherwise).
@Suite(.tags(.endToEnd)) struct LifeTimerDepthCommandTests {
    typealias Object = [String: Any]
    static let ok = TimelineCommandTests.ok

    static func json(_ result: Lifectl.Result) throws -> Any {
        #expect(result.status == 0, "\(result.stderr)")
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    }

    // MARK: Identities

    @Test func linkAndUnlinkSignInIdentities() throws {
        let cli = try Lifectl()
        try Self.ok(
            cli, "lifetimer", "account", "create", "ada", "--email", "ada@example.org", "--provider", "apple",
            "--subject", "001.ada")
        try Self.ok(cli, "lifetimer", "account", "create", "bob")
        let linked = try cli.run("lifetimer", "account", "link", "google", "g-42")
        #expect(linked.status == 0)
        #expect(linked.stdout.hasPrefix("Linked.\n"))
        // Linked at 12:00 UTC, read in the account's zone (UTC) on its clock.
        #expect(linked.stdout.contains("sign-in        apple: 001.ada (private, linked 22 November 2026 at 12:00)\n"))
        #expect(linked.stdout.contains("               google: g-42 (private, linked 22 November 2026 at 12:00)\n"))
        let account = try #require(try Self.json(cli.run("lifetimer", "account", "show", "--json")) as? Object)
        let identities = try #require(account["identities"] as? [Object])
        #expect(
            identities.map { "\($0["provider"] ?? "") \($0["subject"] ?? "")" } == ["apple 001.ada", "google g-42"])
        #expect(account["identity"] == nil)
        // Each identity signs in to one account; the same e-mail address to one too.
        let before = try cli.dump()
        let taken = try cli.run("lifetimer", "account", "link", "google", "g-42", "--as", "bob")
        #expect(taken.status == 64)
        #expect(
            taken.stderr
                == "error: identity google:g-42 already belongs to an account (an identity signs in to one account)\n")
        let email = try cli.run("lifetimer", "account", "edit", "--email", "ADA@EXAMPLE.ORG", "--as", "bob")
        #expect(email.status == 64)
        #expect(email.stderr == "error: another account has that e-mail address (an address belongs to one account)\n")
        let provider = try cli.run("lifetimer", "account", "link", "github", "x")
        #expect(provider.status == 64)
        #expect(provider.stderr == "error: provider is 'github'; it must be one of email, google, apple\n")
        let notMine = try cli.run("lifetimer", "account", "unlink", "apple", "001.ada", "--as", "bob")
        #expect(notMine.status == 64)
        #expect(notMine.stderr == "error: identity apple:001.ada is not linked to bob\n")
        #expect(try cli.dump() == before)
        let unlinked = try cli.run("lifetimer", "account", "unlink", "apple", "001.ada")
        #expect(unlinked.status == 0)
        #expect(!unlinked.stdout.contains("001.ada"))
        #expect(try cli.sqlite("SELECT provider || ':' || subject FROM lifetimer_identities") == "google:g-42")
        // Others never see an identity: not in the profile, as text or JSON.
        try Self.ok(cli, "lifetimer", "account", "edit", "--visibility", "public")
        for output in [
            try cli.run("lifetimer", "profile", "ada", "--as", "bob"),
            try cli.run("lifetimer", "profile", "ada", "--as", "bob", "--json"),
        ] {
            #expect(output.status == 0)
            #expect(!output.stdout.contains("g-42") && !output.stdout.contains("ada@example.org"))
        }
    }

    // MARK: Streaks and the leaderboard

    @Test func theStreaksLeaderboardRanksTheLongestOrTheCurrent() throws {
        let cli = try Lifectl()
        try Self.ok(cli, "lifetimer", "account", "create", "ada", "--visibility", "public")
        try Self.ok(cli, "lifetimer", "account", "create", "bob", "--visibility", "public")
        for name in ["ada", "bob"] {
            try Self.ok(cli, "lifetimer", "goal", "add", "Swim", "--as", name)
            for step in 1...4 { try Self.ok(cli, "lifetimer", "milestone", "add", "1", "Lap \(step)", "--as", name) }
        }
        // Ada: 4 days in October (done); Bob: the 21st and 22nd (going on).
        func complete(_ name: String, _ ref: String, at instant: String) throws {
            let result = try cli.run(
                ["lifetimer", "milestone", "complete", ref, "--as", name], extraEnvironment: ["LIFECTL_NOW": instant])
            #expect(result.status == 0, "\(result.stderr)")
        }
        for day in 1...4 { try complete("ada", "1.\(day)", at: "2026-10-0\(day)T10:00:00Z") }
        try complete("bob", "1.1", at: "2026-11-21T10:00:00Z")
        try complete("bob", "1.2", at: "2026-11-22T10:00:00Z")
        let longest = try cli.run("lifetimer", "leaderboard", "streaks")
        #expect(
            longest.stdout
                == "rank  who  longest streak (days)\n   1  ada                      4\n   2  bob                      2\n2 in all\n"
        )
        let current = try cli.run("lifetimer", "leaderboard", "streaks", "--by", "current")
        #expect(current.stdout == "rank  who  current streak (days)\n   1  bob                      2\n1 in all\n")
        let board = try #require(
            try Self.json(cli.run("lifetimer", "leaderboard", "streaks", "--by", "current", "--json")) as? Object)
        #expect(board["kind"] as? String == "streaks")
        #expect(board["by"] as? String == "current")
        #expect(board["total"] as? Int == 1)
        let byLongest = try #require(try Self.json(cli.run("lifetimer", "leaderboard", "streaks", "--json")) as? Object)
        #expect(byLongest["by"] as? String == "longest")
        let goals = try #require(try Self.json(cli.run("lifetimer", "leaderboard", "goals", "--json")) as? Object)
        #expect(goals["by"] == nil)
        let wrong = try cli.run("lifetimer", "leaderboard", "goals", "--by", "current")
        #expect(wrong.status == 64)
        #expect(wrong.stderr == "error: --by ranks the streaks board; goals has one order\n")
        let unknown = try cli.run("lifetimer", "leaderboard", "streaks", "--by", "best")
        #expect(unknown.status == 64)
        #expect(unknown.stderr == "error: --by is 'best'; it must be one of longest, current\n")
        // The profile and its JSON: the current streak beside the longest.
        let profile = try #require(try Self.json(cli.run("lifetimer", "profile", "bob", "--json")) as? Object)
        #expect(profile["currentStreakDays"] as? Int == 2)
        #expect(profile["longestStreakDays"] as? Int == 2)
        #expect(
            try cli.run("lifetimer", "profile", "ada").stdout.contains(
                "0 of 1 goals completed · overall 100.0 % · streak 0 days now, longest 4 days"))
    }

    // MARK: Notifications and the calendar

    @Test func milestoneRemindersInAdvanceInNotificationsAndTheCalendar() throws {
        let cli = try Lifectl()
        try Self.ok(cli, "lifetimer", "account", "create", "ada")
        try Self.ok(cli, "lifetimer", "goal", "add", "Swim")
        try Self.ok(cli, "lifetimer", "milestone", "add", "1", "Cross the lake", "--due", "2026-11-27")
        let set = try #require(
            try Self.json(
                cli.run("lifetimer", "notifications", "--advance", "3", "--reminders", "off", "--days", "7", "--json"))
                as? Object)
        #expect(set["advanceDays"] as? Int == 3)
        let notes = try #require(set["notifications"] as? [Object])
        #expect(
            notes.map { "\($0["fireAt"] ?? "") \($0["body"] ?? "")" } == [
                "2026-11-24T09:00:00Z Milestone due in 3 days, on 27 November 2026: Cross the lake",
                "2026-11-27T09:00:00Z Milestone due today: Cross the lake",
            ])
        let text = try cli.run("lifetimer", "notifications", "--days", "3")
        #expect(text.stdout.hasPrefix("reminders daily at 09:00 · milestones also 3 days before · muted: reminders\n"))
        #expect(try cli.run("export", "--json", cli.path("e.json")).status == 0)
        let before = try cli.dump()
        let refused = try cli.run("lifetimer", "notifications", "--advance", "366")
        #expect(refused.status == 64)
        #expect(refused.stderr == "error: advance is 366 days; it must be from 0 (none) to 365\n")
        #expect(try cli.dump() == before)
        // The calendar carries the advance notice as an event of its own.
        #expect(try cli.run("calendar", "--ics", cli.path("a.ics"), "--days", "7").status == 0)
        let ics = try String(contentsOfFile: cli.path("a.ics"), encoding: .utf8).replacingOccurrences(
            of: "\r\n ", with: "")
        #expect(ics.contains("DTSTART:20261124T090000Z"))
        #expect(ics.contains("DESCRIPTION:Milestone due in 3 days\\, on 27 November 2026: Cross the lake"))
    }

    // MARK: Moderation

    @Test func anAdminResolvesReportsAndEveryDecisionIsListed() throws {
        let cli = try Lifectl()
        try Self.ok(cli, "lifetimer", "account", "create", "own", "--visibility", "public")
        try Self.ok(cli, "lifetimer", "account", "create", "bob", "--visibility", "public")
        try Self.ok(cli, "lifetimer", "account", "create", "cyd", "--visibility", "public")
        try Self.ok(cli, "lifetimer", "goal", "add", "Rude title", "--as", "bob")
        let profile = try #require(
            try Self.json(cli.run("lifetimer", "profile", "bob", "--as", "cyd", "--json")) as? Object)
        let goal = try #require((profile["goals"] as? [Object])?.first?["id"] as? String)
        let filed = try #require(
            try Self.json(
                cli.run(
                    "lifetimer", "report", "goal", String(goal.prefix(8)), "--reason", "rude", "--as", "cyd", "--json"))
                as? Object)
        let report = try #require(filed["id"] as? String)
        let open = try cli.run("lifetimer", "admin", "reports", "--open")
        #expect(
            open.stdout.contains(
                "\(report.prefix(8))  today at 12:00  cyd  goal   bob      Rude title  rude    open"))
        let before = try cli.dump()
        let notAdmin = try cli.run(
            "lifetimer", "admin", "resolve", String(report.prefix(8)), "hide", "--reason", "x", "--as", "cyd")
        #expect(notAdmin.status == 64)
        #expect(notAdmin.stderr == "error: cyd is not an admin\n")
        let badAction = try cli.run("lifetimer", "admin", "resolve", String(report.prefix(8)), "ban", "--reason", "x")
        #expect(badAction.status == 64)
        #expect(badAction.stderr == "error: action is 'ban'; it must be one of dismiss, hide, suspend\n")
        #expect(try cli.dump() == before)
        let hidden = try cli.run(
            ["lifetimer", "admin", "resolve", String(report.prefix(8)), "hide", "--reason", "a rude title"],
            extraEnvironment: ["LIFECTL_NOW": "2026-11-22T13:00:00Z"])
        #expect(hidden.status == 0, "\(hidden.stderr)")
        #expect(hidden.stdout == "Hidden: only bob sees it now.\n")
        // Cyd no longer sees the goal; bob does, marked.
        #expect(!(try cli.run("lifetimer", "profile", "bob", "--as", "cyd").stdout.contains("Rude title")))
        #expect(
            try cli.run("lifetimer", "profile", "--as", "bob").stdout.contains(
                "Rude title  0.0 %  (\(goal.prefix(8)))  hidden by an admin: only you see it"))
        let decisions = try #require(
            (try Self.json(cli.run("lifetimer", "admin", "decisions", "--json")) as? Object)?["decisions"] as? [Object])
        #expect(decisions.count == 1)
        #expect(decisions.first?["action"] as? String == "hide")
        #expect(decisions.first?["decidedBy"] as? String == "own")
        #expect(decisions.first?["decidedAt"] as? String == "2026-11-22T13:00:00Z")
        #expect(decisions.first?["reason"] as? String == "a rude title")
        #expect(decisions.first?["reportId"] as? String == report)
        let reports = try #require(
            (try Self.json(cli.run("lifetimer", "admin", "reports", "--json")) as? Object)?["reports"] as? [Object])
        #expect(reports.first?["status"] as? String == "hide")
        #expect(try cli.run("lifetimer", "admin", "reports", "--open").stdout == "No open reports.\n")
        // Decided again: suspend; both kept.
        try Self.ok(cli, "lifetimer", "admin", "resolve", String(report.prefix(8)), "suspend", "--reason", "again")
        #expect(try cli.sqlite("SELECT count(*) FROM lifetimer_report_decisions") == "2")
        #expect(try cli.sqlite("SELECT count(*) FROM lifetimer_suspensions") == "1")
        #expect(try cli.run("db", "check").status == 0)
    }

    // MARK: Progress

    @Test func progressSeriesInJSONAndAPicture() throws {
        let cli = try Lifectl(now: "2026-11-22T12:00:00Z")
        try Self.ok(cli, "lifetimer", "account", "create", "ada")
        try Self.ok(cli, "lifetimer", "goal", "add", "Swim")
        try Self.ok(cli, "lifetimer", "milestone", "add", "1", "First lap")
        try Self.ok(cli, "lifetimer", "milestone", "add", "1", "Ten laps", "--due", "2026-12-01")
        let notStarted = try #require(try Self.json(cli.run("lifetimer", "progress", "--json")) as? Object)
        #expect((notStarted["series"] as? [Any])?.isEmpty == true)
        try Self.ok(cli, "lifetimer", "start")
        let done = try cli.run(
            ["lifetimer", "milestone", "complete", "1.1"], extraEnvironment: ["LIFECTL_NOW": "2026-11-23T10:00:00Z"])
        #expect(done.status == 0)
        let later = ["LIFECTL_NOW": "2026-11-24T12:00:00Z"]
        let result = try cli.run(["lifetimer", "progress", "--json"], extraEnvironment: later)
        let progress = try #require(try Self.json(result) as? Object)
        let series = try #require(progress["series"] as? [Object])
        #expect(series.map { $0["date"] as? String ?? "" } == ["2026-11-22", "2026-11-23", "2026-11-24"])
        #expect(series.map { $0["progress"] as? Double ?? -1 } == [0, 0.5, 0.5])
        #expect(series.map { $0["milestonesCompleted"] as? Int ?? -1 } == [0, 1, 1])
        // Elapsed at the end of each day, or now: 12, 36 and 48 hours of 1,356 days.
        let elapsed = series.map { $0["elapsed"] as? Double ?? -1 }
        for (value, hours) in zip(elapsed, [12.0, 36, 48]) { #expect(abs(value - hours / (1_356 * 24)) < 1e-12) }
        let marks = try #require(progress["marks"] as? [Object])
        #expect(marks.map { "\($0["day"] ?? "") \($0["completed"] ?? "")" } == ["2 1", "10 0"])
        // The picture: a new file, 0600; an existing one only with --force.
        let drawn = try cli.run(["lifetimer", "progress", "--svg", "p.svg", "--json"], extraEnvironment: later)
        let answer = try #require(try Self.json(drawn) as? Object)
        #expect(answer["svg"] as? String == "p.svg")
        let attributes = try FileManager.default.attributesOfItem(atPath: cli.path("p.svg"))
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let svg = try String(contentsOfFile: cli.path("p.svg"), encoding: .utf8)
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"720\" height=\"400\""))
        #expect(svg.contains("day 3 of 1,356: 50.0% done, 0.1% of the time elapsed"))
        let again = try cli.run(["lifetimer", "progress", "--svg", "p.svg"], extraEnvironment: later)
        #expect(again.status == 64)
        #expect(
            try cli.run(["lifetimer", "progress", "--svg", "p.svg", "--force"], extraEnvironment: later).status == 0)
    }

    // MARK: Upgrade and import

    /// 0018 on a version-14 database holding what it could then: an account's
    /// one identity link, the same address on two accounts, active days.
    @Test func theUpgradeMovesIdentitiesKeepsAnAddressOnceAndWorksOutStreaks() throws {
        let cli = try Lifectl(now: "2026-11-24T12:00:00Z")
        let fixture = try String(contentsOf: UpgradeFixtureTests.fixture(14), encoding: .utf8)
        #expect(try UpgradeFixtureTests.sqlite3(cli.databasePath, input: fixture).status == 0)
        let owner = try cli.sqlite("SELECT id FROM lifetimer_accounts WHERE username = 'owner'")
        let friend = try cli.sqlite("SELECT id FROM lifetimer_accounts WHERE username = 'friend'")
        _ = try cli.sqlite(
            """
            UPDATE lifetimer_accounts SET identity_provider = 'apple', identity_subject = '001.owner' WHERE id = '\(owner)';
            UPDATE lifetimer_accounts SET identity_provider = 'google', identity_subject = 'g-7',
                email = 'ADA@example.com' WHERE id = '\(friend)';
            INSERT INTO lifetimer_activity_days (account_id, day) VALUES ('\(friend)', '2026-11-21'),
                ('\(friend)', '2026-11-22'), ('\(friend)', '2026-11-23');
            UPDATE lifetimer_accounts SET longest_streak_days = 3 WHERE id = '\(friend)';
            """)
        #expect(try cli.run("db", "migrate").status == 0)
        #expect(
            try cli.sqlite(
                "SELECT group_concat(provider || ':' || subject || ' ' || account_id || ' ' || linked_at, ';') FROM (SELECT * FROM lifetimer_identities ORDER BY provider)"
            ) == "apple:001.owner \(owner) 2026-11-23 10:00:00.000;google:g-7 \(friend) 2026-11-23 10:00:00.000")
        // Created in the same millisecond: the one inserted first (the owner) keeps the address.
        #expect(
            try cli.sqlite(
                "SELECT group_concat(username || '=' || ifnull(email, '-'), ' ') FROM (SELECT * FROM lifetimer_accounts WHERE username IN ('owner', 'friend') ORDER BY username)"
            )
                == "friend=- owner=ada@example.com")
        // The friend's run ends on the 23rd: current until the 25th begins (UTC).
        #expect(
            try cli.sqlite(
                "SELECT current_streak_days || ' ' || current_streak_until FROM lifetimer_accounts WHERE id = '\(friend)'"
            )
                == "3 2026-11-25 00:00:00.000")
        #expect(try cli.run("db", "check").status == 0)
        let profile = try #require(
            try Self.json(cli.run("lifetimer", "profile", "friend", "--as", "friend", "--json")) as? Object)
        #expect(profile["currentStreakDays"] as? Int == 3)
    }

    /// An export made before 0018 holds an account's one link in its row: an
    /// import links it; an address another account here has is refused.
    @Test func anOlderExportsIdentityLinkIsCarriedOver() throws {
        let cli = try Lifectl()
        try Self.ok(cli, "lifetimer", "account", "create", "ada", "--email", "ada@example.org")
        let document = try ExchangeImportCheckTests.exported(cli)
        let id = "3e9910c8-52b4-4252-b927-de2602693eaa"
        func file(_ name: String, email: String?) throws -> String {
            try LifeTimerImportTests.write(cli, document, name) { tables in
                var row: Object = [
                    "id": id, "username": "carol", "bio": NSNull(), "avatar_path": NSNull(), "visibility": "public",
                    "identity_provider": "google", "identity_subject": "g-carol", "time_zone": "UTC", "is_owner": 0,
                    "goals_created": 0, "created_at": "2026-11-20 09:00:00.000",
                    "last_active_at": "2026-11-20 09:00:00.000",
                ]
                row["email"] = email ?? NSNull()
                tables["lifetimer_accounts"] = (tables["lifetimer_accounts"] ?? []) + [row]
            }
        }
        try LifeTimerImportTests.refused(
            cli, try file("taken.json", email: "ADA@example.org"),
            "the file's lifetimer_accounts row '\(id)' is refused: another account has that e-mail address (an address belongs to one account); nothing was imported"
        )
        let result = try cli.run("import", try file("old.json", email: "carol@example.org"))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            try cli.sqlite("SELECT provider || ':' || subject || ' ' || account_id FROM lifetimer_identities")
                == "google:g-carol \(id)")
        #expect(try cli.run("db", "check").status == 0)
    }
}
