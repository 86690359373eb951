import Foundation
import LifeKitTestSupport
import Testing

/// End-to-end: `lifectl finite phase add|list|edit|delete` and the phases on
/// the grid (SPEC FIN-11). Weeks worked out by hand for the birthday
/// 1990-05-14: 1996-09-01 is in week 328 (1996-08-27 … 09-02), 2008-07-31 in
/// week 948 (2008-07-30 … 08-05); today, 2026-11-22, is week 1,900.
@Suite(.tags(.endToEnd)) struct FinitePhaseCommandTests {
    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func addListEditDelete() throws {
        let cli = try FiniteCommandTests.setUp()
        let school = try cli.run("finite", "phase", "add", "School", "--from", "1996-09-01", "--to", "2008-07-31")
        #expect(school.status == 0)
        #expect(school.stdout == "Added the phase 'School': weeks 328\u{2013}948, 1996-08-27 to 2008-08-05 (sky)\n")
        let berlin = try cli.run("finite", "phase", "add", "Berlin", "--from", "1,197", "--color", "INDIGO", "--json")
        #expect(berlin.status == 0)
        let object = try Self.json(berlin.stdout)
        #expect(object["name"] as? String == "Berlin")
        #expect(object["colour"] as? String == "indigo")
        #expect(object["ongoing"] as? Bool == true)
        #expect(object["to"] == nil)
        #expect((object["from"] as? [String: Any])?["number"] as? Int == 1_197)
        #expect((object["through"] as? [String: Any])?["number"] as? Int == 1_900)
        #expect(object["weekCount"] as? Int == 704)
        #expect((object["id"] as? String)?.count == 36)
        #expect(object["createdAt"] as? String == "2026-11-22T12:00:00Z")

        let list = try cli.run("finite", "phase", "list")
        #expect(
            list.stdout == """
                A  School  sky     weeks 328\u{2013}948, 1996-08-27 to 2008-08-05
                B  Berlin  indigo  weeks 1,197\u{2013}1,900, 2013-05-14 to now (ongoing)

                """)
        let listed = try Self.json(try cli.run("finite", "phase", "list", "--json").stdout)
        #expect((listed["phases"] as? [[String: Any]])?.map { $0["name"] as? String } == ["School", "Berlin"])

        let edit = try cli.run(
            "finite", "phase", "edit", "school", "--to", "948", "--colour", "violet", "--name", "Schools")
        #expect(edit.status == 0)
        #expect(edit.stdout == "Changed the phase 'Schools': weeks 328\u{2013}948, 1996-08-27 to 2008-08-05 (violet)\n")
        #expect(
            try cli.sqlite(
                "SELECT name, start_week_index, end_week_index, colour FROM finite_phases ORDER BY start_week_index")
                == "Schools|327|947|violet\nBerlin|1196||indigo")
        let ongoing = try cli.run("finite", "phase", "edit", "Schools", "--no-end", "--json")
        #expect(try Self.json(ongoing.stdout)["ongoing"] as? Bool == true)

        let delete = try cli.run("finite", "phase", "delete", "BERLIN", "--json")
        #expect(delete.status == 0)
        #expect((try Self.json(delete.stdout)["removed"] as? [String: Any])?["name"] as? String == "Berlin")
        #expect(try cli.sqlite("SELECT count(*) FROM finite_phases") == "1")
    }

    @Test func anEmptyList() throws {
        let cli = try FiniteCommandTests.setUp()
        let list = try cli.run("finite", "phase", "list")
        #expect(list.status == 0)
        #expect(
            list.stdout
                == "No life phases yet; add one with `lifectl finite phase add NAME --from WEEK|DATE [--to WEEK|DATE]`\n"
        )
        #expect(try cli.run("finite", "phase", "list", "--json").stdout == "{\n  \"phases\" : [\n\n  ]\n}\n")
    }

    /// Every refusal: exit 64, a sentence naming the field and the rule, nothing changed.
    @Test func refusalsChangeNothing() throws {
        let cli = try FiniteCommandTests.setUp()
        #expect(try cli.run("finite", "phase", "add", "School", "--from", "328", "--to", "948").status == 0)
        let before = try cli.sqlite("SELECT * FROM finite_phases")
        let cases: [([String], String)] = [
            (
                ["add", "school", "--from", "1000", "--to", "1001"],
                "error: name 'school' is taken by the phase 'School'; phase names are unique, ignoring case"
            ),
            (
                ["add", "Later", "--from", "2,000"],
                "error: the phase starts in week 2,000, after the current week (1,900), and has no end; a phase that has not begun needs an end week"
            ),
            (
                ["add", "X", "--from", "1,85"],
                "error: --from is '1,85'; expected a week number such as 1900 or 1,900, or a date"
            ),
            (
                ["add", "X", "--from", "-2w", "--to", "soon"],
                "error: --to is 'soon'; expected a real date as YYYY-MM-DD (or YYYY-MM-DDTHH:MM), today, yesterday, tomorrow, a weekday name, or an offset such as +3d, +2w, +6m, +1y, or a week number such as 1,900"
            ),
            (
                ["add", "X", "--from", "1", "--colour", "red"],
                "error: --colour is 'red'; it must be one of sky, violet, magenta, indigo, slate, pink (the phase colours, none of which is a rating's)"
            ),
            (["add", "X", "--from", "1980-01-01"], "error: from is 1980-01-01; it is before the birthday 1990-05-14"),
            (
                ["add", "X", "--from", "20", "--to", "10"],
                "error: to is week 10, before the start, week 20; a phase ends on or after the week it starts"
            ),
            (
                ["add", "Two\nlines", "--from", "1"],
                "error: name holds a line break or a tab; a phase's name is one line"
            ),
            (["edit", "nope", "--colour", "sky"], "error: no phase is named 'nope' (see `lifectl finite phase list`)"),
            (["delete", "nope"], "error: no phase is named 'nope' (see `lifectl finite phase list`)"),
        ]
        for (arguments, message) in cases {
            let result = try cli.run(["finite", "phase"] + arguments)
            #expect(result.status == 64, "\(arguments)")
            #expect(result.stderr == message + "\n", "\(arguments)")
            #expect(result.stdout == "")
        }
        // Usage: nothing to change, or both --to and --no-end.
        let nothing = try cli.run("finite", "phase", "edit", "School")
        #expect(nothing.status == 64)
        #expect(nothing.stderr.hasPrefix("error: nothing to change: give --name, --from, --to, --no-end or --colour\n"))
        #expect(try cli.run("finite", "phase", "edit", "School", "--to", "900", "--no-end").status == 64)
        #expect(try cli.sqlite("SELECT * FROM finite_phases") == before)
    }

    @Test func theGridShowsThePhases() throws {
        let cli = try FiniteCommandTests.setUp()
        #expect(
            try cli.run("finite", "phase", "add", "School", "--from", "1996-09-01", "--to", "2008-07-31").status == 0)
        let grid = try cli.run("finite", "grid")
        let lines = grid.stdout.split(separator: "\n").map(String.init)
        // Rows 6 … 18 (lines 8 … 20) carry School's letter; row 5 and row 19 do not.
        #expect(lines[7].hasSuffix("\u{25A0}"))
        #expect(lines[8].hasSuffix(" A"))
        #expect(lines[20].hasSuffix(" A"))
        #expect(lines[21].hasSuffix("\u{25A0}"))
        #expect(lines.last == "A School \u{2014} weeks 328\u{2013}948, 1996-08-27 to 2008-08-05")
        let json = try Self.json(try cli.run("finite", "grid", "--json").stdout)
        let phases = try #require(json["phases"] as? [[String: Any]])
        #expect(phases.map { $0["name"] as? String } == ["School"])
        #expect((phases[0]["to"] as? [String: Any])?["number"] as? Int == 948)
        // The poster holds its band and its legend line.
        let svg = try cli.run("finite", "grid", "--svg", "-")
        #expect(svg.stdout.contains("<line class=\"band ph-sky\" x1=\"679\""))
        #expect(svg.stdout.contains("A  School \u{2014} weeks 328\u{2013}948, 1996-08-27 to 2008-08-05"))
    }

    /// Phases travel in an export and come back through the import's rules.
    @Test func exportAndImport() throws {
        let cli = try FiniteCommandTests.setUp()
        #expect(try cli.run("finite", "phase", "add", "School", "--from", "328", "--to", "948").status == 0)
        #expect(try cli.run("export", "--json", cli.path("life.json")).status == 0)
        let fresh = try FiniteCommandTests.setUp()
        let imported = try fresh.run("import", cli.path("life.json"))
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(
            try fresh.sqlite("SELECT name, start_week_index, end_week_index, colour FROM finite_phases")
                == "School|327|947|sky")
        // Another phase of the same name here: the file is refused and nothing changes.
        let other = try FiniteCommandTests.setUp()
        #expect(try other.run("finite", "phase", "add", "SCHOOL", "--from", "1", "--to", "2").status == 0)
        let before = try other.sqlite("SELECT * FROM finite_phases")
        let refused = try other.run("import", cli.path("life.json"))
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("name 'School' is taken by the phase 'SCHOOL'"))
        #expect(try other.sqlite("SELECT * FROM finite_phases") == before)
    }
}
