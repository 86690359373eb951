import Foundation
import LifeKitTestSupport
import Testing

/// End-to-end: `lifectl export --json` and `lifectl import` (issue 13).
@Suite(.tags(.endToEnd)) struct ExchangeCommandTests {
    /// The timeline's week (every product) plus what else the tour makes:
    /// another public account, a reply, a discovered note, a deleted goal
    /// (so goal numbers have a gap), settings changed.
    static func populated() throws -> Lifectl {
        let cli = try TimelineCommandTests.week()
        let ok = TimelineCommandTests.ok
        try ok(cli, "lifetimer", "account", "create", "bob", "--visibility", "public")
        try ok(cli, "lifetimer", "goal", "add", "Sail", "--as", "bob")
        try ok(cli, "lifetimer", "goal", "add", "Fly", "--as", "bob")
        try ok(cli, "lifetimer", "goal", "delete", "1", "--as", "bob")
        try ok(cli, "lifetimer", "milestone", "add", "2", "Lesson", "--visibility", "public", "--as", "bob")
        try ok(cli, "lifetimer", "follow", "bob")
        try ok(cli, "lifetimer", "start")
        try DBDoctorTests.png.write(to: URL(fileURLWithPath: cli.path("photo.png")))
        try ok(
            cli, "hereafter", "plant", "--text", "Open soon", "--at", "48.85,2.35", "--unlock", "2026-11-19", "--photo",
            cli.path("photo.png"))
        var later = cli
        later.environment["LIFECTL_NOW"] = "2026-11-19T12:00:00Z"
        try ok(later, "hereafter", "visit", "--at", "48.85,2.35")
        try ok(cli, "dailymenu", "settings", "--share-mood", "off")
        try ok(cli, "settings", "set", "--units", "imperial")
        return cli
    }

    @Test func roundTripIsByteIdenticalAndImportIsIdempotent() throws {
        let cli = try Self.populated()
        let export = try cli.run("export", "--json", cli.path("one.json"))
        #expect(export.status == 0, "\(export.stderr)")
        let one = try Data(contentsOf: URL(fileURLWithPath: cli.path("one.json")))
        let text = String(decoding: one, as: UTF8.self)
        #expect(text.contains("\"format\" : \"lifectl-export\""))
        #expect(text.contains("\"track\" : ["))
        #expect(text.contains("\"base64\" : \"\(DBDoctorTests.png.base64EncodedString())\""))
        #expect(text.contains(TimelineCommandTests.secret))  // the owner's own backup holds locked notes
        // A fresh database: import, then export again.
        var fresh = try Lifectl(now: "2026-11-18T12:00:00Z")
        fresh.environment["LIFECTL_DB"] = fresh.path("copy.db")
        let imported = try fresh.run("import", cli.path("one.json"))
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try fresh.run("export", "--json", fresh.path("two.json")).status == 0)
        let two = try Data(contentsOf: URL(fileURLWithPath: fresh.path("two.json")))
        #expect(one == two)
        // Twice, and into the original: nothing changes.
        #expect(try fresh.run("import", cli.path("one.json")).status == 0)
        #expect(try cli.run("import", cli.path("one.json")).status == 0)
        #expect(try fresh.run("export", "--json", fresh.path("three.json")).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: fresh.path("three.json"))) == one)
        #expect(try cli.run("export", "--json", cli.path("four.json")).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: cli.path("four.json"))) == one)
        // The copy answers like the original.
        #expect(try fresh.run("week").stdout == cli.run("week").stdout)
        // Checked on the day after the last write (a note was discovered on the 19th).
        var freshLater = fresh
        freshLater.environment["LIFECTL_NOW"] = "2026-11-20T12:00:00Z"
        let check = try freshLater.run("db", "check")
        #expect(check.status == 0, "\(check.stdout)")
    }

    @Test func onlyAndForSync() throws {
        let cli = try Self.populated()
        #expect(try cli.run("export", "--json", cli.path("walks.json"), "--only", "walks").status == 0)
        let walks = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: cli.path("walks.json"))))
                as? [String: Any])
        let products = try #require(walks["products"] as? [String: Any])
        #expect(Set(products.keys) == ["core", "walks"])
        #expect(try cli.run("export", "--json", cli.path("sync.json"), "--for-sync").status == 0)
        let sync = try String(contentsOfFile: cli.path("sync.json"), encoding: .utf8)
        #expect(!sync.contains("dailymenu_hidden_activities"))
        #expect(!sync.contains("\"Loved it\"") && !sync.contains("\"Better\"") && !sync.contains("\"Low\""))
        let full = try String(contentsOfFile: cli.path("walks.json"), encoding: .utf8)
        #expect(!full.contains("dailymenu"))
        let bad = try cli.run("export", "--json", cli.path("x.json"), "--only", "nothing")
        #expect(bad.status == 64 && bad.stderr.contains("--only"))
    }

    @Test func newerMalformedAndMissingFilesAreRefusedUnchanged() throws {
        let cli = try Self.populated()
        let before = try cli.dump()
        try #"{"format": "lifectl-export", "version": 2, "products": {}, "forSync": false}"#.write(
            toFile: cli.path("newer.json"), atomically: true, encoding: .utf8)
        let newer = try cli.run("import", cli.path("newer.json"))
        #expect(newer.status == 65)
        #expect(newer.stderr.contains("version is 2"))
        try "{ not json".write(toFile: cli.path("bad.json"), atomically: true, encoding: .utf8)
        #expect(try cli.run("import", cli.path("bad.json")).status == 65)
        #expect(try cli.run("import", cli.path("missing.json")).status == 66)
        // Values no column can hold: a track point off the globe, an unknown table or column.
        let exported = try cli.run("export", "--json", cli.path("good.json"))
        #expect(exported.status == 0)
        let good = try String(contentsOfFile: cli.path("good.json"), encoding: .utf8)
        let broken = [
            good.replacingOccurrences(
                of: #""track" : \[\s*\[\s*\[\s*52\.5"#, with: #""track" : [[[1e300"#, options: .regularExpression),
            good.replacingOccurrences(of: "\"finite_marks\"", with: "\"finite_secrets\""),
            good.replacingOccurrences(of: "\"phrase\" :", with: "\"phrase; DROP TABLE walks\" :"),
        ]
        for (index, text) in broken.enumerated() {
            #expect(text != good, "case \(index) changed nothing")
            try text.write(toFile: cli.path("broken.json"), atomically: true, encoding: .utf8)
            let result = try cli.run("import", cli.path("broken.json"))
            #expect(result.status == 65, "case \(index): \(result.stderr)")
        }
        #expect(try cli.dump() == before)
        // The database's own export imported back writes nothing at all.
        #expect(try cli.run("import", cli.path("good.json")).status == 0)
        #expect(try cli.dump() == before)
    }

    /// A locked note's words go only into a file, never to stdout, pipe or
    /// terminal (SPEC HA-3, REL-6); an export without them may go to stdout.
    @Test func anExportHoldingLockedWordsIsNeverWrittenToStdout() throws {
        let cli = try Self.populated()
        let all = try cli.run("export", "--json", "-")
        #expect(all.status == 64)
        #expect(all.stdout.isEmpty)
        #expect(all.stderr.hasPrefix("error: --json is '-': the export holds Hereafter notes that are still locked"))
        #expect(!all.stderr.contains(TimelineCommandTests.secret))
        let walks = try cli.run("export", "--json", "-", "--only", "walks")
        #expect(walks.status == 0, "\(walks.stderr)")
        #expect(walks.stdout.hasPrefix("{"))
        #expect(!walks.stdout.contains(TimelineCommandTests.secret))
    }

    /// Import keeps LifeTimer's rules as a merge (issue 17): a goal new to an
    /// account whose countdown started here is left out and reported (the
    /// list is locked here; the rest of the file goes in, and importing it
    /// again changes nothing); a goal new here whose number another goal
    /// holds here comes in under the next number (two devices that each
    /// added a goal before the start).
    @Test func importKeepsTheGoalRules() throws {
        let ok = TimelineCommandTests.ok
        let first = try Lifectl()
        try ok(first, "lifetimer", "account", "create", "ada")
        try ok(first, "lifetimer", "goal", "add", "One")
        try ok(first, "export", "--json", first.path("early.json"))
        try ok(first, "lifetimer", "goal", "add", "Two")
        try ok(first, "export", "--json", first.path("late.json"))
        let two = try first.sqlite("SELECT id FROM lifetimer_goals WHERE title = 'Two'")
        let goals =
            "SELECT group_concat(number || ' ' || title, ', ') FROM (SELECT number, title FROM lifetimer_goals ORDER BY number)"

        let started = try Lifectl()
        try ok(started, "import", first.path("early.json"))
        try ok(started, "lifetimer", "start")
        let goalsBefore = try started.sqlite("SELECT * FROM lifetimer_goals")
        let locked = try started.run("import", first.path("late.json"), "--json")
        #expect(locked.status == 0, "\(locked.stderr)")
        let summary = try #require(
            try JSONSerialization.jsonObject(with: Data(locked.stdout.utf8)) as? [String: Any])
        let skipped = try #require(summary["skipped"] as? [[String: Any]])
        #expect(skipped.count == 1)
        #expect(skipped.first?["table"] as? String == "lifetimer_goals")
        #expect(skipped.first?["id"] as? String == two)
        #expect(
            skipped.first?["reason"] as? String
                == "goal 'Two' is not here, and its account's countdown started here at 2026-11-22 12:00:00.000 UTC: the list of goals is locked from then on"
        )
        #expect(summary["imported"] as? Int == (summary["rows"] as? Int ?? 0) - 1)
        #expect(try started.sqlite("SELECT * FROM lifetimer_goals") == goalsBefore)
        #expect(try started.sqlite(goals) == "1 One")
        // The other device made two goals: both count towards the 20 here.
        #expect(try started.sqlite("SELECT goals_created FROM lifetimer_accounts") == "2")
        let before = try started.dump()
        let again = try started.run("import", first.path("late.json"), "--json")
        #expect(again.status == 0)
        #expect(again.stdout.contains("\"changed\" : 0"), "\(again.stdout)")
        #expect(try started.dump() == before)
        #expect(try started.run("db", "check").status == 0)

        let renumbered = try Lifectl()
        try ok(renumbered, "import", first.path("early.json"))
        try ok(renumbered, "lifetimer", "goal", "add", "Other")
        let taken = try renumbered.run("import", first.path("late.json"))
        #expect(taken.status == 0, "\(taken.stderr)")
        #expect(try renumbered.sqlite(goals) == "1 One, 2 Other, 3 Two")
        #expect(try renumbered.sqlite("SELECT goals_created FROM lifetimer_accounts") == "3")
        #expect(try renumbered.run("db", "check").status == 0)
    }
}
