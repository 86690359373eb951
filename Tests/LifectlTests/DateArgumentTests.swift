import Foundation
import LifeKitTestSupport
import Testing

/// A date written as "-3d" is a value, never taken for an option (the help's
/// own example, `lifectl dailymenu day -3d`), in a positional as in options;
/// an unknown "--word" stays an unknown option.
@Suite(.tags(.endToEnd)) struct DateArgumentTests {
    @Test func aRelativeDateWithAMinusIsAPositionalValue() throws {
        let cli = try Lifectl(now: "2026-11-22T12:00:00Z")
        #expect(try cli.run("dailymenu", "complete", "sigh").status == 0)
        let text = try cli.run("dailymenu", "day", "-3d")
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.hasPrefix("2026-11-19 "), "\(text.stdout)")
        let json = try cli.run("dailymenu", "day", "-3d", "--json")
        #expect(json.status == 0, "\(json.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(report["date"] as? String == "2026-11-19")
        let today = try cli.run("dailymenu", "day", "-0d", "--json")
        #expect(today.stdout.contains("\"date\" : \"2026-11-22\""), "\(today.stdout)")
    }

    @Test(arguments: [
        (["dailymenu", "day", "--colour-scheme"], "error: Unknown option '--colour-scheme'"),
        (["dailymenu", "day", "2026-11-20", "2026-11-21"], "error: Unexpected argument '2026-11-21'"),
        (["dailymenu", "day", "-3x"], "error: date is '-3x'"),
        (["week", "--date", "-3x"], "error: --date is '-3x'"),
    ])
    func aBadDateOrOptionIsAUsageError(arguments: [String], message: String) throws {
        let cli = try Lifectl()
        #expect(try cli.run("db", "init").status == 0)
        let result = try cli.run(arguments)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
    }

    /// The options that take a date expression accept one starting with "-".
    @Test func dateOptionsTakeAMinus() throws {
        let cli = try Lifectl(now: "2026-11-22T12:00:00Z")
        #expect(try cli.run("finite", "setup", "--birthday", "1990-05-01").status == 0)
        #expect(try cli.run("finite", "show", "--date", "-2w").status == 0)
        #expect(try cli.run("dailymenu", "menu", "--date", "-1d").status == 0)
        #expect(try cli.run("finite", "notifications", "--from", "-1d").status == 0)
        #expect(try cli.run("walks", "prune", "--before", "-6m", "--yes").status == 0)
        #expect(try cli.run("lifetimer", "account", "create", "ada").status == 0)
        #expect(try cli.run("lifetimer", "goal", "add", "Sail").status == 0)
        let due = try cli.run("lifetimer", "milestone", "add", "1", "Course", "--due", "-1d")
        #expect(due.status == 0, "\(due.stderr)")
        #expect(try cli.sqlite("SELECT due_date FROM lifetimer_milestones") == "2026-11-21")
        #expect(try cli.run("lifetimer", "notifications", "--from", "-1d").status == 0)
    }
}
