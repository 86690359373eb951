import Foundation
import LifeKitTestSupport
import Testing

/// CORE-12, SYNC-4: an import is a merge through the products' own rules,
/// read as a stream. The file's shape is refused by line and column; a file
/// that repeats a row, says a version no lifectl wrote or names a product
/// this build does not know is refused; an older export moves nothing back;
/// whatever a command refuses, an import refuses (65, the database
/// unchanged); a second import changes nothing.
@Suite(.tags(.endToEnd)) struct ImportMergeTests {
    typealias Object = [String: Any]

    /// A database with Finite set up and two weeks marked.
    static func populated() throws -> Lifectl {
        let cli = try Lifectl()
        #expect(try cli.run("finite", "setup", "--birthday", "1990-05-14").status == 0)
        #expect(try cli.run("finite", "mark", "1800", "--rating", "3", "--phrase", "Before").status == 0)
        #expect(try cli.run("finite", "mark", "1801", "--rating", "4").status == 0)
        return cli
    }

    static func write(_ text: String, _ cli: Lifectl, _ name: String = "file.json") throws -> String {
        let path = cli.path(name)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static func document(_ cli: Lifectl) throws -> Object {
        #expect(try cli.run("export", "--json", cli.path("export.json"), "--force").status == 0)
        let data = try Data(contentsOf: URL(fileURLWithPath: cli.path("export.json")))
        return try #require(try JSONSerialization.jsonObject(with: data) as? Object)
    }

    static func write(_ document: Object, _ cli: Lifectl, _ name: String = "file.json") throws -> String {
        let path = cli.path(name)
        try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys]).write(
            to: URL(fileURLWithPath: path))
        return path
    }

    /// Runs `import` on `path` and expects a refusal with 65 whose message
    /// contains `words`, the database unchanged.
    static func refused(
        _ cli: Lifectl, _ path: String, _ words: String, sourceLocation: SourceLocation = #_sourceLocation
    )
        throws
    {
        let before = try cli.dump()
        let result = try cli.run("import", path)
        #expect(result.status == 65, "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.hasPrefix("error: "), sourceLocation: sourceLocation)
        #expect(result.stderr.contains(words), "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stdout.isEmpty, sourceLocation: sourceLocation)
        #expect(try cli.dump() == before, sourceLocation: sourceLocation)
    }

    // MARK: The file's shape

    /// A JSON error names its line and column (counted in characters).
    @Test(arguments: [
        // text, line, column, words
        ("{\n  \"format\": \"lifectl-export\",\n  \"version\": 1,,\n}", 3, 16, "a member's name in double quotes"),
        ("{\n  \"format\": \"lifectl-export\"\n  \"version\": 1\n}", 3, 3, "a comma or } is expected"),
        (
            "{\"format\": \"lifectl-export\", \"products\": {\"finite\": {\"finite_marks\": [tru]}}}", 1, 74,
            "'true' is misspelt"
        ),
        ("{\"format\": \"é\u{2603}x", 1, 12, "a string opened here is never closed"),
        ("{\"format\": \"lifectl-export\"} {}", 1, 30, "the JSON value ends before this; nothing may follow it"),
        ("[1, 2]", 1, 1, "the file is not a JSON object"),
        ("", 1, 1, "the file ends in the middle of its JSON"),
        ("{\"version\": 01}", 1, 13, "a number may not start with 0"),
    ])
    func aJSONErrorNamesLineAndColumn(text: String, line: Int, column: Int, words: String) throws {
        let cli = try Self.populated()
        let path = try Self.write(text, cli)
        try Self.refused(cli, path, "\(path):\(line):\(column): \(words)")
    }

    @Test func aFileWithoutAVersionOrWithAVersionNoLifectlWroteIsRefused() throws {
        let cli = try Self.populated()
        for (version, words) in [
            ("0", "the file's format version is 0; versions start at 1"),
            ("-1", "the file's format version is -1; versions start at 1"),
            ("2", "the file's format version is 2, newer than this build's 1"),
            ("1.5", "\"version\" must be a whole number"),
        ] {
            let path = try Self.write(
                "{\"format\": \"lifectl-export\", \"forSync\": false, \"products\": {}, \"version\": \(version)}", cli)
            try Self.refused(cli, path, words)
        }
        let path = try Self.write("{\"format\": \"lifectl-export\", \"products\": {}}", cli)
        try Self.refused(cli, path, "the file has no \"version\"")
    }

    @Test func anUnknownProductOrFieldIsRefused() throws {
        let cli = try Self.populated()
        var document = try Self.document(cli)
        var products = try #require(document["products"] as? Object)
        products["gardening"] = ["beds": [Object]()]
        document["products"] = products
        try Self.refused(
            cli, try Self.write(document, cli), "holds a product 'gardening' that this build does not know")
        var other = try Self.document(cli)
        other["comment"] = "hello"
        try Self.refused(cli, try Self.write(other, cli), "has a field \"comment\" that an export does not have")
    }

    @Test func aRowTwiceInOneFileIsRefused() throws {
        let cli = try Self.populated()
        var document = try Self.document(cli)
        var products = try #require(document["products"] as? Object)
        var finite = try #require(products["finite"] as? Object)
        var marks = try #require(finite["finite_marks"] as? [Object])
        var twin = marks[0]
        twin["rating"] = 5
        marks.append(twin)
        finite["finite_marks"] = marks
        products["finite"] = finite
        document["products"] = products
        let id = try #require(marks[0]["id"] as? String)
        try Self.refused(cli, try Self.write(document, cli), "holds finite_marks row '\(id)' twice")
    }

    @Test func anEmptyRowIsRefusedByItsMissingKey() throws {
        let cli = try Self.populated()
        var document = try Self.document(cli)
        var products = try #require(document["products"] as? Object)
        var finite = try #require(products["finite"] as? Object)
        finite["finite_marks"] = [Object()]
        products["finite"] = finite
        document["products"] = products
        try Self.refused(
            cli, try Self.write(document, cli), "the file's finite_marks row 1 has no id, which identifies its row")
    }

    /// A string longer than any export holds is refused where it starts,
    /// before it is read whole.
    @Test func aHugeStringIsRefused() throws {
        let cli = try Self.populated()
        let huge = String(repeating: "a", count: 33 << 20)
        let head = "{\"format\": \"lifectl-export\", \"products\": {\"finite\": {\"finite_marks\": [{\"phrase\": \""
        let path = try Self.write(head + huge + "\"}]}}}", cli)
        // The string opens at the last character of `head`.
        try Self.refused(cli, path, "\(path):1:\(head.count): a string is longer than 33,554,432 bytes")
    }

    // MARK: Merging

    /// SYNC-4: an export written before a change, imported after it, moves
    /// nothing back; one written after it brings it.
    @Test func anOlderExportMovesNothingBack() throws {
        let cli = try Self.populated()
        #expect(try cli.run("export", "--json", cli.path("old.json")).status == 0)
        let later = ["LIFECTL_NOW": "2026-11-22T13:00:00Z"]
        #expect(
            try cli.run(
                ["finite", "mark", "1800", "--rating", "5", "--phrase", "After"], extraEnvironment: later
            ).status == 0)
        #expect(try cli.run(["finite", "settings", "--life-expectancy", "90"], extraEnvironment: later).status == 0)
        let after = try cli.dump()
        let old = try cli.run(["import", cli.path("old.json"), "--json"], extraEnvironment: later)
        #expect(old.status == 0, "\(old.stderr)")
        #expect(old.stdout.contains("\"changed\" : 0"), "\(old.stdout)")
        #expect(try cli.dump() == after)

        // Another database that has the old state imports the newer export:
        // the newer mark and expectancy arrive.
        let other = try Self.populated()
        #expect(try cli.run(["export", "--json", cli.path("new.json")], extraEnvironment: later).status == 0)
        let result = try other.run(["import", cli.path("new.json")], extraEnvironment: later)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            try other.sqlite("SELECT rating || ' ' || phrase FROM finite_marks WHERE week_index = 1799") == "5 After")
        #expect(try other.sqlite("SELECT life_expectancy_years FROM finite_profile") == "90")
        // A second import of the same file changes nothing.
        let again = try other.run(["import", cli.path("new.json"), "--json"], extraEnvironment: later)
        #expect(again.stdout.contains("\"changed\" : 0"), "\(again.stdout)")
    }

    /// SYNC-2: two devices marking the same week mark one week: the file's
    /// mark, under another id, merges into the one here by its week.
    @Test func theSameWeekMarkedOnTwoDevicesMergesByItsWeek() throws {
        let here = try Self.populated()
        let there = try Lifectl(now: "2026-11-22T14:00:00Z")
        #expect(try there.run("finite", "setup", "--birthday", "1990-05-14").status == 0)
        #expect(try there.run("finite", "mark", "1800", "--rating", "1", "--phrase", "There").status == 0)
        #expect(try there.run("export", "--json", there.path("there.json")).status == 0)
        let result = try here.run(
            ["import", there.path("there.json")], extraEnvironment: ["LIFECTL_NOW": "2026-11-22T14:00:00Z"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try here.sqlite("SELECT count(*) FROM finite_marks WHERE week_index = 1799") == "1")
        #expect(
            try here.sqlite("SELECT rating || ' ' || phrase FROM finite_marks WHERE week_index = 1799") == "1 There")
    }

    /// CORE-12: what `finite mark` refuses, an import refuses: a rating out
    /// of range, a week past any grid (the largest integer: `db check` used
    /// to trap on it), a future week, an untrimmed phrase.
    @Test(arguments: [
        ("rating", "9", "rating is 9; it must be a whole number from 1 (Awful) to 5 (Great)"),
        ("week_index", "9223372036854775807", "week_index is 9223372036854775807; it must be from 0 to 520000"),
        ("week_index", "1900", "week 1,901 is in the future"),
        ("phrase", " Before", "phrase has white space around it"),
        ("category", "Work", "category is 'Work'; it must be written in lower case"),
    ])
    func whatAMarkRefusesAnImportRefuses(column: String, text: String, words: String) throws {
        // Numbers as JSON numbers, the rest as text.
        let value: Any = Int64(text) ?? text
        let cli = try Self.populated()
        var document = try Self.document(cli)
        var products = try #require(document["products"] as? Object)
        var finite = try #require(products["finite"] as? Object)
        var marks = try #require(finite["finite_marks"] as? [Object])
        marks[0][column] = value
        marks[0]["id"] = "00000000-0000-4000-8000-000000000001"
        marks[0]["week_index"] = column == "week_index" ? value : 1_700
        finite["finite_marks"] = marks
        products["finite"] = finite
        document["products"] = products
        try Self.refused(
            cli, try Self.write(document, cli),
            "the file's finite_marks row '00000000-0000-4000-8000-000000000001' is refused: \(words)")
    }

    /// A mark forced by hand onto a week no life has is a problem `db check`
    /// names, never a crash of the doctor or of the commands that read it.
    @Test func aStoredWeekPastAnyLifeIsAProblemNotATrap() throws {
        let cli = try Self.populated()
        _ = try cli.sqlite("UPDATE finite_marks SET week_index = 9223372036854775807 WHERE week_index = 1800")
        let check = try cli.run("db", "check")
        #expect(check.status == 65)
        #expect(
            check.stdout.contains("week_index is 9223372036854775807, which is no week of a life"), "\(check.stdout)")
        for arguments in [
            ["finite", "grid"], ["finite", "status"], ["week"], ["export", "--json", cli.path("x.json")],
        ] {
            let result = try cli.run(arguments)
            #expect(result.status == 65 || result.status == 0, "\(arguments): \(result.status) \(result.stderr)")
        }
    }

    /// CORE-12: a store reads what it decides on inside its write
    /// transaction, so two processes changing different settings of the same
    /// row at once lose neither's change.
    @Test func twoProcessesEditingOneRowLoseNothing() throws {
        let cli = try Self.populated()
        let failures = Failures()
        DispatchQueue.concurrentPerform(iterations: 2) { worker in
            for round in 1...10 {
                let arguments =
                    worker == 0
                    ? ["finite", "settings", "--life-expectancy", "\(80 + round)"]
                    : ["finite", "settings", "--time", "09:\(round < 10 ? "0" : "")\(round)"]
                do {
                    let result = try cli.run(arguments)
                    if result.status != 0 { failures.add("\(arguments): \(result.stderr)") }
                } catch {
                    failures.add("\(arguments): \(error)")
                }
            }
        }
        #expect(failures.all.isEmpty, "\(failures.all)")
        // Each process's last change is there: neither wrote back the
        // other's older value.
        #expect(
            try cli.sqlite("SELECT life_expectancy_years || ' ' || daily_notification_time FROM finite_profile")
                == "90 09:10")
    }
}
