import Foundation
import LifeDB
import LifeDBTestSupport
import Testing

/// One statement per `execute`, several only through `executeScript`; the
/// statement cache never resets a statement an outer loop is stepping.
@Suite struct StatementRulesTests {
    func withNumbers(_ body: (Database) throws -> Void) throws {
        try withTemporaryDirectory { directory in
            let db = try openWAL(directory + "/rules.db")
            try db.executeScript("CREATE TABLE n (x INTEGER PRIMARY KEY); INSERT INTO n VALUES (1), (2), (3), (4)")
            try body(db)
        }
    }

    func ints(_ db: Database, _ sql: String, _ arguments: StatementArguments = []) throws -> [Int] {
        try db.fetchAll(sql, arguments).map { try $0.get(Int.self, at: 0) }
    }

    /// The same SQL inside a `forEachRow` body: the inner query gets a
    /// statement of its own, and the outer loop still sees all four rows.
    @Test func theSameQueryNestedInForEachRowDoesNotCutTheOuterLoopShort() throws {
        try withNumbers { db in
            let sql = "SELECT x FROM n WHERE x >= ? ORDER BY x"
            var pairs: [[Int]] = []
            try db.forEachRow(sql, [1]) { outer in
                let x = try outer.column(Int.self, at: 0)
                var inner: [Int] = []
                try db.forEachRow(sql, [x]) { inner.append(try $0.column(Int.self, at: 0)) }
                let all = try db.fetchAll(sql, [x]).map { try $0.get(Int.self, at: 0) }
                #expect(all == inner)
                let first = try db.fetchOne(Int.self, sql, [x])
                #expect(first == x)
                pairs.append([x] + inner)
            }
            #expect(pairs == [[1, 1, 2, 3, 4], [2, 2, 3, 4], [3, 3, 4], [4, 4]])
            // Afterwards the cached statement is reused as before.
            #expect(try ints(db, sql, [3]) == [3, 4])
        }
    }

    /// A write through `execute` of the outer SQL's own table inside the loop.
    @Test func aNestedExecuteOfTheSameSQLRunsOnItsOwnStatement() throws {
        try withNumbers { db in
            let insert = "INSERT INTO n (x) SELECT max(x) + 1 FROM n WHERE ? > 0"
            var seen: [Int] = []
            try db.forEachRow("SELECT x FROM n WHERE x <= 2 ORDER BY x") { row in
                seen.append(try row.column(Int.self, at: 0))
                try db.execute(insert, [1])
            }
            #expect(seen == [1, 2])
            #expect(try ints(db, "SELECT x FROM n ORDER BY x") == [1, 2, 3, 4, 5, 6])
        }
    }

    @Test(arguments: [
        "INSERT INTO n VALUES (10); INSERT INTO n VALUES (11)",
        "INSERT INTO n VALUES (10); DROP TABLE n",
        "SELECT 1; SELECT 2",
        // A second statement that would not even prepare is refused the same way.
        "INSERT INTO n VALUES (10); INSERT INTO nowhere VALUES (1)",
    ])
    func executeRefusesSeveralStatements(sql: String) throws {
        try withNumbers { db in
            let error = databaseError { try db.execute(sql) }
            #expect(error?.resultCode == .misuse)
            #expect(
                error?.message
                    == "the SQL holds more than one statement; several statements run only through executeScript")
            #expect(databaseError { _ = try db.makeStatement(sql) }?.resultCode == .misuse)
            let rows = try ints(db, "SELECT x FROM n ORDER BY x")
            #expect(rows == [1, 2, 3, 4])
        }
    }

    @Test func trailingSpacesAndCommentsAreOneStatement() throws {
        try withNumbers { db in
            try db.execute("INSERT INTO n VALUES (10);  -- the tenth\n /* done */ ;\n", [])
            try db.execute("INSERT INTO n VALUES (?);\n\t", [11])
            #expect(try count(db, "n") == 6)
        }
    }

    @Test func executeScriptRunsEveryStatement() throws {
        try withNumbers { db in
            try db.executeScript("INSERT INTO n VALUES (10); -- a comment\nINSERT INTO n VALUES (11);")
            #expect(try ints(db, "SELECT x FROM n WHERE x > 4 ORDER BY x") == [10, 11])
        }
    }

    @Test func aMissingNamedArgumentIsAnErrorNotNull() throws {
        try withTemporaryDirectory { directory in
            let db = try openWAL(directory + "/named.db")
            try db.execute("CREATE TABLE p (a TEXT, b TEXT)")
            let sql = "INSERT INTO p (a, b) VALUES (:a, :b)"
            let error = databaseError { try db.execute(sql, ["a": "x"]) }
            #expect(error?.message == "no value was given for parameter :b")
            #expect(databaseError { try db.execute(sql, ["a": "x", "c": "y"]) }?.message == "no parameter named c")
            #expect(databaseError { try db.execute(sql) }?.resultCode == .range)
            try db.execute(sql, ["a": "x", "b": nil as String?])  // an explicit NULL is fine
            #expect(try db.fetchAll("SELECT a, b FROM p").map(\.values) == [[.text("x"), .null]])
        }
    }
}
