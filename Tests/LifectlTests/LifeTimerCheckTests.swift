import Foundation
import LifeKitTestSupport
import Testing

/// CORE-4, CORE-11 (issue 17): `db check` holds LifeTimer's rows to the same
/// limits an import does and never traps on a stored value, whatever it is:
/// rows written past the CHECKs (as `sqlite3` with `ignore_check_constraints`
/// would) are problem lines, exit 65; and the commands that read them answer
/// with an error or with what they can, never with a crash.
@Suite(.tags(.endToEnd)) struct LifeTimerCheckTests {
    @Test func insaneStoredValuesAreProblemLinesNeverACrash() throws {
        let cli = try Lifectl()
        let ok = TimelineCommandTests.ok
        try ok(cli, "lifetimer", "account", "create", "ada", "--visibility", "public")
        try ok(cli, "lifetimer", "goal", "add", "Sail")
        try ok(cli, "lifetimer", "milestone", "add", "1", "Buy a boat", "--due", "2027-01-01")
        try ok(cli, "lifetimer", "milestone", "add", "1", "Learn knots")
        try ok(cli, "lifetimer", "milestone", "complete", "1.2")
        try ok(cli, "lifetimer", "start")
        try ok(cli, "lifetimer", "account", "create", "bob", "--visibility", "public")
        try ok(cli, "lifetimer", "goal", "add", "Climb", "--as", "bob")
        try ok(cli, "lifetimer", "milestone", "add", "1", "Boots", "--as", "bob")
        #expect(try cli.run("db", "check").status == 0)
        let goal = try cli.sqlite("SELECT id FROM lifetimer_goals WHERE title = 'Sail'")
        let first = try cli.sqlite("SELECT id FROM lifetimer_milestones WHERE title = 'Buy a boat'")
        let bob = try cli.sqlite("SELECT id FROM lifetimer_accounts WHERE username = 'bob'")
        _ = try cli.sqlite(
            """
            PRAGMA ignore_check_constraints = ON;
            UPDATE lifetimer_goals SET updated_at = '2026-19-39 29:00:00.000' WHERE id = '\(goal)';
            UPDATE lifetimer_milestones SET due_date = '0000-01-01' WHERE id = '\(first)';
            UPDATE lifetimer_milestones SET position = 9223372036854775807 WHERE account_id = '\(bob)';
            UPDATE lifetimer_accounts SET longest_streak_days = 9223372036854775807 WHERE id = '\(bob)';
            INSERT INTO lifetimer_activity_days (account_id, day) VALUES ('\(bob)', '0000-01-01');
            """)
        let check = try cli.run("db", "check")
        #expect(check.status == 65, "\(check.stderr)")
        for line in [
            "lifetimer_goals row '\(goal)': updated_at is '2026-19-39 29:00:00.000', which is not an instant in the years 1–9999",
            "lifetimer_milestones row '\(first)': due_date is '0000-01-01', which is not a date in the years 1–9999",
            "lifetimer_activity_days row '\(bob) 0000-01-01': day is '0000-01-01', which is not a date in the years 1–9999",
            // Ada's goals cannot be read (the date): that is her problem line,
            // and the check goes on with Bob.
            "lifetimer_milestones row '\(first)' cannot be read: lifetimer_milestones.due_date: column due_date holds TEXT that cannot be read as CivilDate",
            "account bob milestone 1.9223372036854775807: position is above 10,000, where positions stop",
            // Bob's day cannot be read as a date: his streak cannot be
            // checked, and the checks after it still run.
            "lifetimer_activity_days row '0000-01-01' cannot be read: lifetimer_activity_days.day: column day holds TEXT that cannot be read as CivilDate",
        ] {
            #expect(check.stdout.contains(line), "missing: \(line)\n\(check.stdout)")
        }
        // Every read of the rows answers in words: no trap (exit 132–139).
        let reads: [[String]] = [
            ["lifetimer", "goal", "list"], ["lifetimer", "profile"], ["lifetimer", "countdown"],
            ["lifetimer", "progress"], ["lifetimer", "notifications"], ["lifetimer", "leaderboard", "streaks"],
            ["lifetimer", "countdown", "--svg", cli.path("ring.svg")], ["today"], ["week"], ["calendar"],
            ["export", "--json", cli.path("all.json")], ["search", "boat"],
        ]
        for read in reads {
            let result = try cli.run(read)
            #expect([0, 64, 65].contains(result.status), "\(read): \(result.status) \(result.stderr)")
            #expect(result.status == 0 || result.stderr.hasPrefix("error: "), "\(read): \(result.stderr)")
        }
    }
}
