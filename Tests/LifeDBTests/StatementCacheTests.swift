import Foundation
import LifeDB
import LifeDBTestSupport
import Testing

/// The statement cache (STYLE "LifeDB: small and exact"): keyed by SQL text,
/// reset and unbound before reuse, evicted after an error.
@Suite struct StatementCacheTests {
    static let insert = "INSERT INTO item (id, name) VALUES (:id, :name)"

    func withItemTable(_ body: (Database) throws -> Void) throws {
        try withTemporaryDirectory { directory in
            let db = try openWAL(directory + "/cache.db")
            try db.execute("CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT UNIQUE)")
            try body(db)
        }
    }

    func items(_ db: Database) throws -> [[DatabaseValue]] {
        try db.fetchAll("SELECT id, name FROM item ORDER BY id").map(\.values)
    }

    @Test func theSameSQLAnswersTheSameStatement() throws {
        try withItemTable { db in
            let first = try db.cachedStatement(Self.insert)
            let second = try db.cachedStatement(Self.insert)
            #expect(first === second)
            let other = try db.cachedStatement("SELECT name FROM item")
            #expect(other !== first)
            // makeStatement is the caller's own, never the cached one.
            #expect(try db.makeStatement(Self.insert) !== first)
        }
    }

    @Test func aCachedStatementComesBackUnbound() throws {
        try withItemTable { db in
            let statement = try db.cachedStatement(Self.insert)
            try statement.bind(1, named: ":id")
            try statement.bind("kept", named: ":name")
            #expect(try statement.step() == false)
            // Bind only :id this time: :name must be NULL, not last row's "kept".
            let again = try db.cachedStatement(Self.insert)
            try again.bind(2, named: ":id")
            #expect(try again.step() == false)
            #expect(try items(db) == [[.integer(1), .text("kept")], [.integer(2), .null]])
        }
    }

    @Test func aCachedQueryComesBackAtItsFirstRow() throws {
        try withItemTable { db in
            try db.execute("INSERT INTO item (id, name) VALUES (1, 'a'), (2, 'b'), (3, 'c')")
            let query = "SELECT name FROM item ORDER BY id"
            let statement = try db.cachedStatement(query)
            #expect(try statement.step())
            #expect(try statement.column(String.self, at: 0) == "a")
            // Abandoned after one row; the next user starts from the top.
            let names = try db.fetchAll(query).map { try $0.get(String.self, at: 0) }
            #expect(names == ["a", "b", "c"])
        }
    }

    @Test func afterAFailureTheSameSQLWorksWithFreshValues() throws {
        try withItemTable { db in
            try db.execute(Self.insert, [":id": 1, ":name": "first"])
            let failure = databaseError { try db.execute(Self.insert, [":id": 2, ":name": "first"]) }
            #expect(failure?.extendedCode == 2067)  // SQLITE_CONSTRAINT_UNIQUE
            try db.execute(Self.insert, [":id": 3, ":name": "third"])
            // Also through the statement object itself, after a failed step.
            let statement = try db.cachedStatement(Self.insert)
            try statement.bind(4, named: ":id")
            try statement.bind("third", named: ":name")
            #expect(databaseError { _ = try statement.step() }?.extendedCode == 2067)
            let next = try db.cachedStatement(Self.insert)
            try next.bind(5, named: ":id")
            try next.bind("fifth", named: ":name")
            #expect(try next.step() == false)
            #expect(
                try items(db) == [
                    [.integer(1), .text("first")], [.integer(3), .text("third")], [.integer(5), .text("fifth")],
                ])
        }
    }

    @Test func aFailedQueryDoesNotPoisonTheNextOne() throws {
        try withItemTable { db in
            try db.execute("INSERT INTO item (id, name) VALUES (1, 'a')")
            // abs(Int64.min) overflows at step time: a run-time error from a read.
            let query = "SELECT abs(:n) FROM item"
            #expect(databaseError { _ = try db.fetchAll(query, [":n": Int64.min]) } != nil)
            #expect(try db.fetchOne(Int64.self, query, [":n": -5]) == 5)
        }
    }

    @Test func resetClearsTheBindings() throws {
        try withItemTable { db in
            let statement = try db.makeStatement(Self.insert)
            try statement.bind(1, named: ":id")
            try statement.bind("named once", named: ":name")
            #expect(try statement.step() == false)
            statement.reset()
            try statement.bind(2, named: ":id")
            #expect(try statement.step() == false)
            #expect(try items(db) == [[.integer(1), .text("named once")], [.integer(2), .null]])
        }
    }

    /// A named argument left out is an error, neither NULL nor the previous
    /// run's value: a caller who forgot a key must not store a NULL.
    @Test func aNamedArgumentLeftOutIsAnError() throws {
        try withItemTable { db in
            let statement = try db.makeStatement(Self.insert)
            try statement.execute([":id": 1, ":name": "one"])
            let error = databaseError { try statement.execute([":id": 2]) }
            #expect(error?.extendedCode == 25)  // SQLITE_RANGE
            #expect(error?.message == "no value was given for parameter :name")
            #expect(databaseError { try db.execute(Self.insert, ["id": 3]) }?.extendedCode == 25)
            #expect(try items(db) == [[.integer(1), .text("one")]])
        }
    }

    /// Bound text is copied into buffers the statement reuses from one
    /// binding to the next (PERF-1): every size change, every parameter and
    /// the long-text path must still bind exactly the bytes given.
    @Test func reboundTextIsExactlyTheNewText() throws {
        try withItemTable { db in
            let long = String(repeating: "ü", count: 3_000)  // 6,000 bytes: SQLite copies it itself
            let texts = [
                "short", "a much longer text than the one before it", "", "x", long, "after long", "Zürich 東京 👨‍👩‍👧‍👦",
            ]
            let echo = try db.makeStatement("SELECT ?1, ?2, length(?1), hex(?2)")
            for (offset, text) in texts.enumerated() {
                let other = texts[(offset + 3) % texts.count]
                try echo.bind(text, at: 1)
                try echo.bind(other, at: 2)
                #expect(try echo.step())
                #expect(try echo.column(String.self, at: 0) == text)
                #expect(try echo.column(String.self, at: 1) == other)
                #expect(try echo.column(Int.self, at: 2) == text.unicodeScalars.count)  // SQLite counts code points
                #expect(try echo.column(String.self, at: 3) == hex(other.utf8))
                #expect(try echo.step() == false)
                echo.reset()
            }
        }
    }

    @Test func bindingWhileRunningIsRefusedAndLeavesTheRunAlone() throws {
        try withItemTable { db in
            try db.execute("INSERT INTO item (id, name) VALUES (1, 'a'), (2, 'b'), (3, 'c')")
            let query = try db.makeStatement("SELECT ?1 || name FROM item ORDER BY id")
            try query.bind("first-", at: 1)
            #expect(try query.step())
            #expect(try query.column(String.self, at: 0) == "first-a")
            let refused = databaseError { try query.bind("second-and-longer-than-the-buffer-was-", at: 1) }
            #expect(refused?.extendedCode == 21)  // SQLITE_MISUSE
            #expect(try query.step())
            #expect(try query.column(String.self, at: 0) == "first-b")
            #expect(try query.step())
            #expect(try query.column(String.self, at: 0) == "first-c")
            #expect(try query.step() == false)
        }
    }

    @Test func argumentCountMustMatch() throws {
        try withItemTable { db throws in
            let error = databaseError { try db.execute("INSERT INTO item (id, name) VALUES (?, ?)", [1]) }
            #expect(error?.extendedCode == 25)  // SQLITE_RANGE
            #expect(try count(db, "item") == 0)
            let unknown = databaseError { try db.execute(Self.insert, [":id": 1, ":nope": "x"]) }
            #expect(unknown?.extendedCode == 25)
        }
    }
}
