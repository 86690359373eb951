import Foundation
import LifeKitTestSupport
import Testing

/// SPEC CORE-9: limits count characters (grapheme clusters), so text at the
/// limit in emoji or decomposed accents is saved and read back byte for byte;
/// the schema bounds no length in code points (migration 0010), one character
/// over the limit is still a rule (64), and `db check` reports a stored text
/// over its limit.
@Suite(.tags(.endToEnd)) struct CharacterLimitTests {
    /// 7 code points, 25 UTF-8 bytes, one character.
    static let family = "\u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}"
    /// "e" and a combining acute accent: 2 code points, one character.
    static let decomposed = "e\u{301}"

    static func hex(_ text: String) -> String {
        Data(text.utf8).map { String(format: "%02X", $0) }.joined()
    }

    static func json(_ text: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(text.utf8))
    }

    @Test func textAtTheLimitInCharactersIsSavedByteForByte() throws {
        let cli = try Lifectl()
        let name = String(repeating: Self.decomposed, count: 200)
        let title = String(repeating: Self.family, count: 100)
        let description = String(repeating: Self.family, count: 2_000)
        let bio = String(repeating: Self.decomposed, count: 160)
        let place = String(repeating: Self.family, count: 200)
        let reason = String(repeating: Self.family, count: 500)
        #expect(name.unicodeScalars.count == 400 && title.unicodeScalars.count == 700)

        let settings = try cli.run("dailymenu", "settings", "--name", name)
        #expect(settings.status == 0, "\(settings.stderr)")
        #expect(try cli.sqlite("SELECT hex(display_name) FROM dailymenu_profile") == Self.hex(name))
        let shown = try #require(try Self.json(cli.run("dailymenu", "settings", "--json").stdout) as? [String: Any])
        #expect(shown["displayName"] as? String == name)
        #expect(Data(((shown["displayName"] as? String) ?? "").utf8) == Data(name.utf8))

        #expect(try cli.run("lifetimer", "account", "create", "ada", "--bio", bio).status == 0)
        #expect(try cli.run("lifetimer", "account", "create", "bob", "--visibility", "public").status == 0)
        let goal = try cli.run(
            "lifetimer", "goal", "add", title, "--description", description, "--at", "1,2",
            "--place", place)
        #expect(goal.status == 0, "\(goal.stderr)")
        let milestone = try cli.run("lifetimer", "milestone", "add", "1", title)
        #expect(milestone.status == 0, "\(milestone.stderr)")
        #expect(try cli.run("lifetimer", "goal", "add", "Bob's", "--as", "bob").status == 0)
        let report = try cli.run("lifetimer", "report", "account", "bob", "--reason", reason)
        #expect(report.status == 0, "\(report.stderr)")
        let suspend = try cli.run("lifetimer", "admin", "suspend", "bob", "--reason", reason)
        #expect(suspend.status == 0, "\(suspend.stderr)")

        #expect(
            try cli.sqlite("SELECT hex(title) FROM lifetimer_goals WHERE number = 1 AND title <> 'Bob''s'")
                == Self.hex(title))
        #expect(
            try cli.sqlite("SELECT hex(description) FROM lifetimer_goals WHERE description IS NOT NULL")
                == Self.hex(description))
        #expect(
            try cli.sqlite("SELECT hex(place_name) FROM lifetimer_goals WHERE place_name IS NOT NULL")
                == Self.hex(place))
        #expect(try cli.sqlite("SELECT hex(title) FROM lifetimer_milestones") == Self.hex(title))
        #expect(try cli.sqlite("SELECT hex(bio) FROM lifetimer_accounts WHERE username = 'ada'") == Self.hex(bio))
        #expect(try cli.sqlite("SELECT hex(reason) FROM lifetimer_reports") == Self.hex(reason))
        #expect(try cli.sqlite("SELECT hex(reason) FROM lifetimer_suspensions") == Self.hex(reason))

        let goals = try #require(
            (try Self.json(cli.run("lifetimer", "goal", "list", "--json").stdout) as? [String: Any])?["goals"]
                as? [[String: Any]])
        #expect(goals.first?["title"] as? String == title)
        #expect(Data(((goals.first?["title"] as? String) ?? "").utf8) == Data(title.utf8))
        #expect(try cli.run("db", "check").status == 0)
    }

    @Test(arguments: [
        (
            ["lifetimer", "goal", "add", String(repeating: family, count: 101)],
            "error: title is 101 characters; the limit is 100"
        ),
        (
            ["lifetimer", "account", "edit", "--bio", String(repeating: decomposed, count: 161)],
            "error: bio is 161 characters; the limit is 160"
        ),
        (
            ["dailymenu", "settings", "--name", String(repeating: decomposed, count: 201)],
            "error: display name is 201 characters"
        ),
    ])
    func oneCharacterOverTheLimitIsARule(arguments: [String], message: String) throws {
        let cli = try Lifectl()
        #expect(try cli.run("lifetimer", "account", "create", "ada").status == 0)
        let before = try cli.dump()
        let result = try cli.run(arguments)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
        #expect(try cli.dump() == before)
    }

    @Test func dbCheckReportsAStoredTextOverItsLimit() throws {
        let cli = try Lifectl()
        #expect(try cli.run("lifetimer", "account", "create", "ada").status == 0)
        #expect(try cli.run("lifetimer", "goal", "add", "Sail").status == 0)
        #expect(
            try cli.run("lifetimer", "goal", "edit", "1", "--place", "Cove", "--at", "1,2")
                .status == 0)
        #expect(try cli.run("dailymenu", "settings", "--name", "Ada").status == 0)
        #expect(try cli.run("db", "check").status == 0)
        // Written by hand: the schema no longer bounds these lengths.
        let long = String(repeating: Self.family, count: 101)
        _ = try cli.sqlite("UPDATE lifetimer_goals SET title = '\(long)'")
        _ = try cli.sqlite("UPDATE lifetimer_goals SET place_name = '\(String(repeating: "x", count: 201))'")
        _ = try cli.sqlite(
            "UPDATE dailymenu_profile SET display_name = '\(String(repeating: Self.decomposed, count: 201))'")
        #expect(try cli.sqlite("SELECT length(title) FROM lifetimer_goals") == "707")
        let check = try cli.run("db", "check")
        #expect(check.status == 65)
        #expect(
            check.stdout.contains("account ada goal 1: title is 101 characters; the limit is 100"), "\(check.stdout)")
        #expect(
            check.stdout.contains("account ada goal 1: place is 201 characters; the limit is 200"), "\(check.stdout)")
        #expect(check.stdout.contains("profile: display name is 201 characters; the limit is 200"), "\(check.stdout)")
    }
    /// An import writes rows without the store: a text over its limit in the
    /// file is refused as malformed (65), and nothing is written.
    @Test func anImportedTextOverItsLimitIsRefused() throws {
        let cli = try Lifectl()
        #expect(try cli.run("lifetimer", "account", "create", "ada").status == 0)
        #expect(try cli.run("lifetimer", "goal", "add", "Sail").status == 0)
        #expect(try cli.run("export", "--json", cli.path("good.json")).status == 0)
        let good = try String(contentsOfFile: cli.path("good.json"), encoding: .utf8)
        #expect(try cli.run("lifetimer", "goal", "edit", "1", "--title", "Swim").status == 0)
        let before = try cli.dump()
        let title = String(repeating: Self.family, count: 101)
        let long = good.replacingOccurrences(of: "\"title\" : \"Sail\"", with: "\"title\" : \"\(title)\"")
        #expect(long != good)
        try long.write(toFile: cli.path("long.json"), atomically: true, encoding: .utf8)
        let result = try cli.run("import", cli.path("long.json"))
        #expect(result.status == 65)
        // The table, the row and the column's rule (the merge contract, issue 17).
        let id = try cli.sqlite("SELECT id FROM lifetimer_goals")
        #expect(
            result.stderr
                == "error: the file's lifetimer_goals row '\(id)' is refused: title is 101 characters; the limit is 100; nothing was imported\n"
        )
        #expect(try cli.dump() == before)
        // At the limit, it is imported as it is, as a newer edit of the goal
        // (import merges: the newer row wins).
        let atLimit = String(repeating: Self.family, count: 100)
        try good.replacingOccurrences(of: "\"title\" : \"Sail\"", with: "\"title\" : \"\(atLimit)\"")
            .replacingOccurrences(
                of: "\"updated_at\" : \"2026-11-22 12:00:00.000\"", with: "\"updated_at\" : \"2026-11-22 12:00:01.000\""
            )
            .write(toFile: cli.path("limit.json"), atomically: true, encoding: .utf8)
        #expect(try cli.run("import", cli.path("limit.json")).status == 0)
        #expect(try cli.sqlite("SELECT hex(title) FROM lifetimer_goals") == Self.hex(atLimit))
    }
}

/// Migration 0010 rebuilds six tables: every index, trigger and view of the
/// version-9 database is there again and still works.
@Suite(.tags(.endToEnd)) struct TextLimitMigrationTests {
    @Test func theRebuildKeepsEveryIndexTriggerAndView() throws {
        let cli = try Lifectl()
        let fixture = try String(contentsOf: UpgradeFixtureTests.fixture(9), encoding: .utf8)
        #expect(try UpgradeFixtureTests.sqlite3(cli.databasePath, input: fixture).status == 0)
        let objects =
            // Later migrations' own objects (sync's triggers, 0022) aside.
            "SELECT group_concat(type || ' ' || name, ', ') FROM (SELECT type, name FROM sqlite_schema WHERE type IN ('index', 'trigger', 'view') AND name NOT LIKE 'sync\\_%' ESCAPE '\\' AND tbl_name NOT LIKE 'sync\\_%' ESCAPE '\\' ORDER BY 1, 2)"
        let before = try cli.sqlite(objects)
        #expect(before.contains("trigger search_lifetimer_goal_edited"))
        #expect(try cli.run("db", "migrate").status == 0)
        #expect(try cli.sqlite("PRAGMA user_version") == "\(Lifectl.latestVersion)")
        // Every object of version 9 is there again; the later migrations add
        // only these (0011: LifeTimer's visibility views for goals and
        // milestones; its follow trigger is replaced under the same name;
        // 0018: identities, decisions, the current streak, the listed views;
        // 0019: the keys of DailyMenu's low-energy days and undo marks, and
        // the triggers that drop the journey's cache; 0020: the index of
        // discovered notes and the triggers that require a creator id;
        // 0025: one's own rituals' key and the triggers of their anchors)
        // and take out one (0018: the unique index of the account's one
        // identity link, now lifetimer_identities' key).
        let after = try cli.sqlite(objects).components(separatedBy: ", ")
        let cacheTriggers = ["activity", "category", "completion", "low_energy"].flatMap { table in
            ["added", "changed", "removed"].map { "trigger dailymenu_journey_cache_\(table)_\($0)" }
        }
        let added =
            [
                "view lifetimer_visible_goals", "view lifetimer_visible_milestones", "view lifetimer_listed_goals",
                "view lifetimer_listed_milestones", "index lifetimer_accounts_email",
                "index lifetimer_accounts_current_streak",
                "index lifetimer_identities_by_account", "index lifetimer_report_decisions_by_admin",
                "index lifetimer_report_decisions_by_report", "index lifetimer_report_decisions_by_target",
                "index lifetimer_report_decisions_hidden_goal", "index lifetimer_report_decisions_hidden_milestone",
                "index sqlite_autoindex_lifetimer_report_decisions_1",
                "index sqlite_autoindex_dailymenu_low_energy_days_1",
                "index sqlite_autoindex_dailymenu_undone_completions_1", "index hereafter_messages_discovered",
                "trigger hereafter_messages_creator_kept", "trigger hereafter_messages_creator_planted",
                "trigger hereafter_profile_creator_kept", "trigger hereafter_profile_creator_made",
                "index finite_phases_by_start", "index sqlite_autoindex_finite_phases_1",
                "index sqlite_autoindex_finite_phases_2", "index sqlite_autoindex_dailymenu_own_activities_1",
                "trigger dailymenu_own_activity_anchored", "trigger dailymenu_own_activity_category_kept",
                "trigger dailymenu_own_activity_changed", "trigger dailymenu_own_activity_removed",
            ] + cacheTriggers
        let removed = ["index sqlite_autoindex_lifetimer_accounts_3"]
        #expect(after == (before.components(separatedBy: ", ").filter { !removed.contains($0) } + added).sorted())
        #expect(try cli.sqlite("SELECT count(*) FROM sqlite_schema WHERE sql LIKE '%\\_new%' ESCAPE '\\'") == "0")

        // The search triggers follow a new description; the LT-3 locks still
        // hold (every goal of the fixture is of an account that started).
        let goal = try cli.sqlite("SELECT id FROM lifetimer_goals ORDER BY rowid LIMIT 1")
        _ = try cli.sqlite("UPDATE lifetimer_goals SET description = 'Zanzibar crossing' WHERE id = '\(goal)'")
        #expect(
            try cli.sqlite(
                "SELECT body FROM search_documents WHERE kind = 'lifetimer_goal_description' AND ref = '\(goal)'")
                == "Zanzibar crossing")
        let title = try cli.sqlite("SELECT title FROM lifetimer_goals WHERE id = '\(goal)'")
        _ = try cli.sqlite("UPDATE lifetimer_goals SET title = 'Renamed' WHERE id = '\(goal)'")
        #expect(try cli.sqlite("SELECT title FROM lifetimer_goals WHERE id = '\(goal)'") == title)
        #expect(title != "Renamed")
        let started = try cli.sqlite("SELECT account_id FROM lifetimer_countdowns LIMIT 1")
        #expect(!started.isEmpty)
        let locked = try cli.sqlite(
            "SELECT count(*) FROM lifetimer_goals WHERE account_id = '\(started)'; INSERT INTO lifetimer_goals (id, account_id, number, title, created_at, updated_at) SELECT '00000000-0000-4000-8000-000000000001', '\(started)', goals_created + 1, 'More', '2026-11-23 10:00:00.000', '2026-11-23 10:00:00.000' FROM lifetimer_accounts WHERE id = '\(started)'; SELECT count(*) FROM lifetimer_goals WHERE account_id = '\(started)'"
        )
        let counts = locked.split(separator: "\n")
        #expect(counts.count == 1, "the insert was refused before the second count: \(locked)")
        #expect(try cli.run("db", "check").status == 0)
    }
}
