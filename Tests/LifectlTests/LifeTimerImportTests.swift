import Foundation
import LifeKitTestSupport
import Testing

/// LifeTimer through `lifectl import` (issue 17, SPEC SYNC-4, CORE-12):
/// what the file brings is refused with exit 65 naming the table, the row
/// and the column, the database left byte for byte as it was; or merged by
/// the declared policies, so that an older export moves nothing back and a
/// second import changes nothing.
@Suite(.tags(.endToEnd)) struct LifeTimerImportTests {
    typealias Object = [String: Any]
    static let ok = TimelineCommandTests.ok

    /// `document` with `change` applied to its `lifetimer` tables, written to `name`.
    static func write(
        _ cli: Lifectl, _ document: Object, _ name: String, _ change: (inout [String: [Object]]) -> Void
    ) throws -> String {
        var document = document
        var products = try #require(document["products"] as? Object)
        var tables = try #require(products["lifetimer"] as? [String: [Object]])
        change(&tables)
        products["lifetimer"] = tables
        document["products"] = products
        let path = cli.path(name)
        try JSONSerialization.data(withJSONObject: document).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Ada (the owner, public) with a goal, a milestone and a countdown
    /// started, Bob (public) following her; the export of it, parsed.
    static func world() throws -> (cli: Lifectl, document: Object) {
        let cli = try Lifectl()
        try ok(cli, "lifetimer", "account", "create", "ada", "--visibility", "public")
        try ok(cli, "lifetimer", "account", "create", "bob", "--visibility", "public")
        try ok(cli, "lifetimer", "goal", "add", "Sail", "--description", "Round the island")
        try ok(cli, "lifetimer", "milestone", "add", "1", "Buy a boat", "--visibility", "public")
        try ok(cli, "lifetimer", "follow", "ada", "--as", "bob")
        try ok(cli, "lifetimer", "start")
        return (cli, try ExchangeImportCheckTests.exported(cli))
    }

    /// A refused import: exit 65, exactly `message`, nothing changed.
    static func refused(_ cli: Lifectl, _ path: String, _ message: String) throws {
        let before = try cli.dump()
        let result = try cli.run("import", path)
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr == "error: \(message)\n")
        #expect(result.stdout.isEmpty)
        #expect(try cli.dump() == before)
    }

    /// An empty row object `{}` is a row without its key: exit 65 naming
    /// the table and the row's place (it was exit 70 printing SQL).
    @Test(arguments: [
        ("lifetimer_accounts", "id"), ("lifetimer_goals", "id"), ("lifetimer_milestones", "id"),
        ("lifetimer_follows", "follower_id"), ("lifetimer_settings", "account_id"),
    ])
    func anEmptyRowObjectIsRefused(table: String, key: String) throws {
        let (cli, document) = try Self.world()
        let path = try Self.write(cli, document, "empty.json") { $0[table] = [[:]] }
        try Self.refused(
            cli, path, "the file's \(table) row 1 has no \(key), which identifies its row; nothing was imported")
    }

    /// The same id twice in one file is refused, never merged silently.
    @Test func duplicateIdsInOneFileAreRefused() throws {
        let (cli, document) = try Self.world()
        let goal = try cli.sqlite("SELECT id FROM lifetimer_goals")
        let path = try Self.write(cli, document, "twice.json") { tables in
            var copy = tables["lifetimer_goals"]?.first ?? [:]
            copy["title"] = "Sail again"
            tables["lifetimer_goals"]?.append(copy)
        }
        try Self.refused(
            cli, path, "the file holds lifetimer_goals row '\(goal)' twice (one key, two rows); nothing was imported")
        let account = try cli.sqlite("SELECT id FROM lifetimer_accounts WHERE username = 'bob'")
        let follows = try Self.write(cli, document, "follows.json") { tables in
            let first = tables["lifetimer_follows"]?.first ?? [:]
            tables["lifetimer_follows"]?.append(first)
        }
        let ada = try cli.sqlite("SELECT id FROM lifetimer_accounts WHERE username = 'ada'")
        try Self.refused(
            cli, follows,
            "the file holds lifetimer_follows row (follower_id '\(account)', followee_id '\(ada)') twice (one key, two rows); nothing was imported"
        )
    }

    /// What a command refuses, an import refuses, naming table, row and column.
    @Test func aRowTheCommandsWouldRefuseIsRefused() throws {
        let (cli, document) = try Self.world()
        let goal = try cli.sqlite("SELECT id FROM lifetimer_goals")
        let milestone = try cli.sqlite("SELECT id FROM lifetimer_milestones")
        let ada = try cli.sqlite("SELECT id FROM lifetimer_accounts WHERE username = 'ada'")
        let bob = try cli.sqlite("SELECT id FROM lifetimer_accounts WHERE username = 'bob'")
        let long = String(repeating: "é", count: 201)
        // Values the tables' CHECKs let through but LifeTimer's rules refuse
        // (each the rule a command applies), and one a CHECK refuses.
        let cases: [(String, String, (inout Object) -> Void, String)] = [
            (
                "lifetimer_goals", "place_name",
                {
                    $0["latitude"] = 60.1; $0["longitude"] = 5.3; $0["place_name"] = long
                },
                "the file's lifetimer_goals row '\(goal)' is refused: place_name is 201 characters; the limit is 200"
            ),
            (
                "lifetimer_goals", "description", { $0["description"] = String(repeating: "a", count: 2_001) },
                "the file's lifetimer_goals row '\(goal)' is refused: description is 2,001 characters; the limit is 2,000"
            ),
            (
                "lifetimer_goals", "updated_at", { $0["updated_at"] = "2026-11-21 12:00:00.000" },
                "the file's lifetimer_goals row '\(goal)' is refused: updated_at is before created_at"
            ),
            (
                "lifetimer_milestones", "position", { $0["position"] = 10_001 },
                "the file's lifetimer_milestones row '\(milestone)' is refused: position is 10,001; a goal's milestones are numbered from 1 to 10,000"
            ),
            (
                "lifetimer_milestones", "due_date", { $0["due_date"] = "0000-01-01" },
                "the file's lifetimer_milestones row '\(milestone)' is refused: due_date is '0000-01-01'; it must be a date written YYYY-MM-DD in the years 1–9999"
            ),
            (
                "lifetimer_accounts", "bio", { $0["bio"] = String(repeating: "b", count: 161) },
                "the file's lifetimer_accounts row '\(ada)' is refused: bio is 161 characters; the limit is 160"
            ),
            (
                "lifetimer_accounts", "email", { $0["email"] = "ada@@example.org" },
                "the file's lifetimer_accounts row '\(ada)' is refused: email breaks the rule for it (its words are never quoted)"
            ),
            (
                "lifetimer_countdowns", "ends_at", { $0["ends_at"] = "2030-08-09 12:00:01.000" },
                "the file's lifetimer_countdowns row '\(ada)' is refused: the countdown ends at 2030-08-09T12:00:01Z but 1,356 days from its start is 2030-08-09T12:00:00Z"
            ),
            (
                "lifetimer_settings", "language", { $0["language"] = "e-nglish" },
                "the file's lifetimer_settings row '\(ada)' is refused: language is 'e-nglish'; expected a language tag such as en, de or pt-BR"
            ),
            (
                "lifetimer_follows", "created_at", { $0["created_at"] = "2026-02-30 12:00:00.000" },
                "the file's lifetimer_follows row (follower_id '\(bob)', followee_id '\(ada)') is refused: created_at is '2026-02-30 12:00:00.000'; it must be an instant written YYYY-MM-DD HH:MM:SS.SSS (UTC) in the years 1–9999"
            ),
            (
                "lifetimer_notification_preferences", "reminder_every_days", { $0["reminder_every_days"] = 400 },
                "the file's lifetimer_notification_preferences row '\(ada)' is refused: every is 400 days; it must be from 1 to 365"
            ),
        ]
        for (table, _, change, message) in cases {
            let path = try Self.write(cli, document, "bad.json") { tables in
                guard var rows = tables[table] else { return }
                // Ada's own row of a table of accounts; the goal's or milestone's.
                let index = rows.firstIndex { row in
                    ["lifetimer_goals", "lifetimer_milestones", "lifetimer_follows"].contains(table)
                        || ((row["id"] ?? row["account_id"]) as? String) == ada
                }
                guard let index else { return }
                change(&rows[index])
                tables[table] = rows
            }
            try Self.refused(cli, path, "\(message); nothing was imported")
        }
    }

    /// Issue 18's first case: two devices that each add a goal before the
    /// start could never import each other's files again (the goal's number
    /// was taken). Now each keeps its own goal's number and gives the other's
    /// the next one; both end with every goal, and importing again changes
    /// nothing.
    @Test func goalsAddedBeforeTheStartOnTwoDevicesMerge() throws {
        let a = try Lifectl()
        try Self.ok(a, "lifetimer", "account", "create", "ada")
        try Self.ok(a, "lifetimer", "goal", "add", "Sail")
        try Self.ok(a, "export", "--json", a.path("common.json"))
        let b = try Lifectl(now: "2026-11-22T13:00:00Z")
        try Self.ok(b, "import", a.path("common.json"))
        try Self.ok(a, "lifetimer", "goal", "add", "Climb", "--description", "Kilimanjaro")
        try Self.ok(b, "lifetimer", "goal", "add", "Dive")
        try Self.ok(a, "export", "--json", a.path("a.json"))
        try Self.ok(b, "export", "--json", b.path("b.json"))
        for (cli, file) in [(a, b.path("b.json")), (b, a.path("a.json"))] {
            let result = try cli.run("import", file, "--json")
            #expect(result.status == 0, "\(result.stderr)")
        }
        let goals =
            "SELECT group_concat(number || ' ' || title, ', ') FROM (SELECT number, title FROM lifetimer_goals ORDER BY number)"
        #expect(try a.sqlite(goals) == "1 Sail, 2 Climb, 3 Dive")
        #expect(try b.sqlite(goals) == "1 Sail, 2 Dive, 3 Climb")
        let same =
            "SELECT group_concat(id || ' ' || title || ' ' || coalesce(description, ''), ', ') FROM (SELECT * FROM lifetimer_goals ORDER BY id)"
        #expect(try a.sqlite(same) == b.sqlite(same))
        for cli in [a, b] {
            #expect(try cli.sqlite("SELECT goals_created FROM lifetimer_accounts") == "3")
            #expect(try cli.run("db", "check").status == 0)
            // Either can start now, with all three goals on its list.
            #expect(try cli.run("lifetimer", "start").status == 0)
        }
        // A second import of each file changes nothing.
        try Self.ok(a, "export", "--json", a.path("a2.json"))
        try Self.ok(b, "export", "--json", b.path("b2.json"))
        for (cli, file) in [(a, b.path("b.json")), (b, a.path("a.json"))] {
            let before = try cli.dump()
            let result = try cli.run("import", file, "--json")
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("\"changed\" : 0"), "\(result.stdout)")
            #expect(try cli.dump() == before)
        }
    }

    /// An older export over a newer database moves nothing back: not a
    /// description, a place, a completion (nor its reopening), a visibility,
    /// a setting or a preference. Nothing is written at all.
    @Test func anOlderExportMovesNothingBack() throws {
        let cli = try Lifectl()
        try Self.ok(cli, "lifetimer", "account", "create", "ada", "--visibility", "public", "--bio", "Sailor")
        try Self.ok(cli, "lifetimer", "goal", "add", "Sail", "--description", "Round the island")
        try Self.ok(cli, "lifetimer", "goal", "add", "Climb")
        try Self.ok(cli, "lifetimer", "milestone", "add", "1", "Buy a boat", "--visibility", "public")
        try Self.ok(cli, "lifetimer", "milestone", "add", "1", "Learn knots")
        try Self.ok(cli, "lifetimer", "milestone", "complete", "1.2")
        try Self.ok(cli, "lifetimer", "goal", "complete", "2")
        try Self.ok(cli, "export", "--json", cli.path("old.json"))
        var later = cli
        later.environment["LIFECTL_NOW"] = "2026-11-23T09:00:00Z"
        try Self.ok(later, "lifetimer", "goal", "edit", "1", "--description", "Round the world")
        try Self.ok(later, "lifetimer", "goal", "edit", "1", "--at", "60.1,5.3")
        try Self.ok(later, "lifetimer", "milestone", "complete", "1.1")
        try Self.ok(later, "lifetimer", "milestone", "reopen", "1.2")
        try Self.ok(later, "lifetimer", "milestone", "edit", "1.1", "--title", "Bought a boat")
        try Self.ok(later, "lifetimer", "goal", "reopen", "2")
        try Self.ok(later, "lifetimer", "account", "edit", "--visibility", "private", "--bio", "Sailing")
        try Self.ok(later, "lifetimer", "settings", "--theme", "dark", "--clock", "12h")
        try Self.ok(later, "lifetimer", "notifications", "--streaks", "off", "--frequency", "weekly")
        try Self.ok(later, "lifetimer", "start")
        let before = try later.dump()
        let result = try later.run("import", cli.path("old.json"), "--json")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("\"changed\" : 0"), "\(result.stdout)")
        #expect(try later.dump() == before)
        #expect(try later.sqlite("SELECT visibility || ' ' || bio FROM lifetimer_accounts") == "private Sailing")
        #expect(try later.sqlite("SELECT description FROM lifetimer_goals WHERE number = 1") == "Round the world")
        #expect(
            try later.sqlite("SELECT count(*) FROM lifetimer_milestones WHERE completed_at IS NOT NULL") == "1")
    }

    /// A newer export moves everything forward, column by column as its
    /// rows are newer, and a second import of it changes nothing.
    @Test func aNewerExportMovesForwardAndASecondImportChangesNothing() throws {
        let first = try Lifectl()
        try Self.ok(first, "lifetimer", "account", "create", "ada", "--visibility", "public")
        try Self.ok(first, "lifetimer", "goal", "add", "Sail")
        try Self.ok(first, "lifetimer", "milestone", "add", "1", "Buy a boat")
        try Self.ok(first, "export", "--json", first.path("old.json"))
        let other = try Lifectl()
        try Self.ok(other, "import", first.path("old.json"))
        var later = first
        later.environment["LIFECTL_NOW"] = "2026-11-23T09:00:00Z"
        try Self.ok(later, "lifetimer", "goal", "edit", "1", "--description", "Round the island")
        try Self.ok(later, "lifetimer", "milestone", "complete", "1.1")
        try Self.ok(later, "lifetimer", "account", "edit", "--visibility", "private")
        try Self.ok(later, "lifetimer", "settings", "--theme", "dark")
        try Self.ok(later, "export", "--json", first.path("new.json"), "--for-sync")
        let result = try other.run("import", first.path("new.json"))
        #expect(result.status == 0, "\(result.stderr)")
        let state =
            "SELECT a.visibility || ' ' || coalesce(g.description, '-') || ' ' || coalesce(m.completed_at, '-') || ' ' || s.theme || ' ' || a.longest_streak_days FROM lifetimer_accounts a JOIN lifetimer_goals g ON g.account_id = a.id JOIN lifetimer_milestones m ON m.goal_id = g.id JOIN lifetimer_settings s ON s.account_id = a.id"
        #expect(try other.sqlite(state) == "private Round the island 2026-11-23 09:00:00.000 dark 1")
        #expect(try other.sqlite(state) == first.sqlite(state))
        // The owner stays this database's own, though a sync file says nothing of it.
        #expect(try other.sqlite("SELECT username FROM lifetimer_accounts WHERE is_owner = 1") == "ada")
        for file in ["new.json", "old.json"] {
            let before = try other.dump()
            let again = try other.run("import", first.path(file), "--json")
            #expect(again.status == 0, "\(again.stderr)")
            #expect(again.stdout.contains("\"changed\" : 0"), "\(again.stdout)")
            #expect(try other.dump() == before)
        }
        #expect(try other.run("db", "check").status == 0)
    }

    /// Two devices' active days together make a longer streak than either:
    /// the stored longest streak is worked out again after the import (it
    /// was the larger of the two, which `db check` then refused).
    @Test func activeDaysFromTwoDevicesMakeOneStreak() throws {
        let a = try Lifectl(now: "2026-11-20T12:00:00Z")
        try Self.ok(a, "lifetimer", "account", "create", "ada")
        try Self.ok(a, "lifetimer", "goal", "add", "Sail")
        try Self.ok(a, "lifetimer", "milestone", "add", "1", "One")
        try Self.ok(a, "lifetimer", "milestone", "add", "1", "Two")
        try Self.ok(a, "export", "--json", a.path("common.json"))
        let b = try Lifectl(now: "2026-11-21T12:00:00Z")
        try Self.ok(b, "import", a.path("common.json"))
        try Self.ok(a, "lifetimer", "milestone", "complete", "1.1")  // 20 November
        try Self.ok(b, "lifetimer", "milestone", "complete", "1.2")  // 21 November
        try Self.ok(b, "export", "--json", b.path("b.json"))
        let result = try a.run("import", b.path("b.json"))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try a.sqlite("SELECT group_concat(day) FROM lifetimer_activity_days") == "2026-11-20,2026-11-21")
        #expect(try a.sqlite("SELECT longest_streak_days FROM lifetimer_accounts") == "2")
        #expect(try a.run("db", "check").status == 0)
    }
}
