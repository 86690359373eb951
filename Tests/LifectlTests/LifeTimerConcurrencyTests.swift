import Foundation
import LifeKitTestSupport
import Testing

/// Issue 17 (CORE-2, CORE-12): two `lifectl` processes editing the same
/// goal at once lose nothing of each other's. One changes the goal's
/// description again and again; the other edits the goal's place and
/// completes and reopens one of its milestones. Every change is logged by a
/// trigger the test adds to the file (a write made by any connection fires
/// it), so that a write made from a stale read — the old store read the goal
/// before its transaction and wrote every column back — shows as a value
/// going back, wherever it happens, not only at the end.
@Suite(.tags(.endToEnd)) struct LifeTimerConcurrencyTests {
    static let rounds = 30

    @Test func twoProcessesEditingOneGoalLoseNothing() throws {
        let cli = try Lifectl()
        try TimelineCommandTests.ok(cli, "lifetimer", "account", "create", "ada")
        try TimelineCommandTests.ok(cli, "lifetimer", "goal", "add", "Sail", "--description", "d-00")
        try TimelineCommandTests.ok(cli, "lifetimer", "milestone", "add", "1", "Buy a boat")
        _ = try cli.sqlite(
            """
            CREATE TABLE test_log (seq INTEGER PRIMARY KEY, what TEXT NOT NULL, value TEXT);
            CREATE TRIGGER test_log_description AFTER UPDATE OF description ON lifetimer_goals
            WHEN new.description IS NOT old.description
            BEGIN INSERT INTO test_log (what, value) VALUES ('description', new.description); END;
            CREATE TRIGGER test_log_place AFTER UPDATE OF place_name ON lifetimer_goals
            WHEN new.place_name IS NOT old.place_name
            BEGIN INSERT INTO test_log (what, value) VALUES ('place', new.place_name); END;
            CREATE TRIGGER test_log_milestone AFTER UPDATE OF completed_at ON lifetimer_milestones
            WHEN (new.completed_at IS NULL) IS NOT (old.completed_at IS NULL)
            BEGIN
                INSERT INTO test_log (what, value)
                VALUES ('milestone', CASE WHEN new.completed_at IS NULL THEN 'open' ELSE 'done' END);
            END;
            """)
        #expect(try cli.sqlite("SELECT count(*) FROM sqlite_schema WHERE name LIKE 'test_log%'") == "4")
        let failures = Failures()
        @Sendable func run(_ arguments: String...) {
            do {
                let result = try cli.run(arguments)
                if result.status != 0 { failures.add("\(arguments): \(result.stderr)") }
            } catch {
                failures.add("\(arguments): \(error)")
            }
        }
        @Sendable func number(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        DispatchQueue.concurrentPerform(iterations: 2) { worker in
            for round in 1...Self.rounds {
                if worker == 0 {
                    run("lifetimer", "goal", "edit", "1", "--description", "d-\(number(round))")
                } else {
                    run("lifetimer", "milestone", round % 2 == 1 ? "complete" : "reopen", "1.1")
                    run(
                        "lifetimer", "goal", "edit", "1", "--at", "45.\(number(round))5,5.3",
                        "--place", "p-\(number(round))")
                }
            }
        }
        #expect(failures.all.isEmpty, "\(failures.all)")
        func log(_ what: String) throws -> [String] {
            try cli.sqlite(
                "SELECT group_concat(value, ',') FROM (SELECT value FROM test_log WHERE what = '\(what)' ORDER BY seq)"
            )
            .split(separator: ",").map(String.init)
        }
        // Each process's values arrive in its own order, each once: none
        // is written back over a newer one.
        #expect(try log("description") == (1...Self.rounds).map { "d-\(number($0))" })
        #expect(try log("place") == (1...Self.rounds).map { "p-\(number($0))" })
        #expect(try log("milestone") == (1...Self.rounds).map { $0 % 2 == 1 ? "done" : "open" })
        #expect(
            try cli.sqlite("SELECT description || ' ' || place_name || ' ' || latitude FROM lifetimer_goals")
                == "d-\(Self.rounds) p-\(Self.rounds) 45.\(Self.rounds)5")
        #expect(
            try cli.sqlite("SELECT completed_at IS NULL FROM lifetimer_milestones")
                == (Self.rounds % 2 == 0 ? "1" : "0"))
        #expect(try cli.run("db", "check").status == 0)
    }
}
