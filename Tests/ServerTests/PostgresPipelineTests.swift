import Foundation
import LifeCore
import LifeKitTestSupport
import LifeServer
import ServerTestSupport
import Testing

/// PERF-8: a read is the request's settings and its statements in one
/// round trip (`PostgresConnection.pipeline`), one implicit transaction: the
/// settings hold for the statements after them and end with it, a refusal
/// undoes every statement of the pipeline, a value PostgreSQL cannot hold
/// sends nothing, and the connection stays usable after each.
@Suite(.tags(.server), .enabled(if: TestServer.enabled, Comment(rawValue: TestServer.remedy)))
struct PostgresPipelineTests {
    @Test func settingsHoldForTheStatementsAfterThemAndEndWithThePipeline() throws {
        let database = try TestServer.database(migrated: false)
        defer { database.drop() }
        let c = try database.connect()
        let results = try c.pipeline([
            ("SELECT set_config('lifectl.probe', $1, true)", ["seen"]),
            ("SELECT current_setting('lifectl.probe', true) AS v", []),
            ("SELECT $1::int + 1 AS v", [41]),
        ])
        #expect(results.count == 3)
        #expect(try results[1].rows.first?.text("v") == "seen")
        #expect(try results[2].rows.first?.text("v") == "42")
        // Set with is_local: gone once the pipeline's transaction ended
        // (a setting once defined reads back empty, not missing).
        #expect(try c.row("SELECT current_setting('lifectl.probe', true) AS v")?.text("v") == "")
    }

    @Test func aRefusalUndoesTheWholePipelineAndTheConnectionStaysUsable() throws {
        let database = try TestServer.database(migrated: false)
        defer { database.drop() }
        let c = try database.connect()
        try c.execute("CREATE TABLE probe (x int PRIMARY KEY)")
        var refused: PostgresError?
        do {
            _ = try c.pipeline([
                ("INSERT INTO probe VALUES ($1)", [1]),
                ("INSERT INTO probe VALUES ($1)", [1]),
                ("INSERT INTO probe VALUES ($1)", [2]),
            ])
        } catch let error as PostgresError {
            refused = error
        }
        #expect(refused?.sqlState == "23505")
        #expect(try c.row("SELECT count(*) AS n FROM probe")?.get("n", as: Int.self) == 0)
        // The next pipeline runs and commits.
        _ = try c.pipeline([("INSERT INTO probe VALUES ($1)", [3]), ("INSERT INTO probe VALUES ($1)", [4])])
        #expect(try c.rows("SELECT x FROM probe ORDER BY x").map { try $0.get("x", as: Int.self) } == [3, 4])
    }

    @Test func aValuePostgreSQLCannotHoldSendsNothing() throws {
        let database = try TestServer.database(migrated: false)
        defer { database.drop() }
        let c = try database.connect()
        try c.execute("CREATE TABLE probe (x int PRIMARY KEY, t text)")
        #expect(throws: LifeError.self) {
            try c.pipeline([
                ("INSERT INTO probe VALUES ($1, $2)", [1, "fine"]),
                ("INSERT INTO probe VALUES ($1, $2)", [2, "a\u{0}b"]),
            ])
        }
        #expect(try c.row("SELECT count(*) AS n FROM probe")?.get("n", as: Int.self) == 0)
        #expect(try c.row("SELECT 1 AS v")?.text("v") == "1")
    }

    @Test func aPipelineIsRefusedInsideAnOpenTransaction() throws {
        let database = try TestServer.database(migrated: false)
        defer { database.drop() }
        let c = try database.connect()
        try c.transaction { _ in
            #expect(throws: LifeError.self) { try c.pipeline([("SELECT 1", [])]) }
        }
    }
}
