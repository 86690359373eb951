import Foundation
import LifeDB
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
