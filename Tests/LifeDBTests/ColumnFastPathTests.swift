import Foundation
import LifeCore
import LifeDB
import Testing

/// The hand-written readers behind the column fast path (UUID and timestamp
/// text read straight from SQLite's buffer, and optional columns) must agree
/// with the slow path and refuse what it refuses.
@Suite struct ColumnFastPathTests {
    static func database() throws -> Database {
        let db = try Database(path: ":memory:")
        try db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, v)")
        return db
    }

    /// The value of column `v` for `text`, through the fast path and through `Row`.
    static func read<T: StatementColumnConvertible & DatabaseValueDecodable>(_ type: T.Type, _ value: DatabaseValue)
        throws -> (fast: T?, row: T?)
    {
        let db = try database()
        try db.execute("INSERT INTO t (v) VALUES (?)", [value])
        var fast: T?
        try db.forEachRow("SELECT v FROM t") { fast = try? $0.column(T.self, at: 0) }
        let row = try #require(try db.fetchOne("SELECT v FROM t"))
        return (fast, try? row.get(T.self, at: 0))
    }

    @Test(arguments: [
        ("0226612a-05cc-41f6-b81b-699a7d7066c3", "0226612a-05cc-41f6-b81b-699a7d7066c3"),
        ("0226612A-05CC-41F6-B81B-699A7D7066C3", "0226612a-05cc-41f6-b81b-699a7d7066c3"),
        ("ffffffff-ffff-ffff-ffff-ffffffffffff", "ffffffff-ffff-ffff-ffff-ffffffffffff"),
    ])
    func uuidsInEitherCase(text: String, expected: String) throws {
        let (fast, row) = try Self.read(UUID.self, .text(text))
        #expect(fast?.uuidString.lowercased() == expected)
        #expect(row?.uuidString.lowercased() == expected)
        // The oracle: Foundation's own parser.
        #expect(fast == UUID(uuidString: text))
    }

    @Test(arguments: [
        "0226612a-05cc-41f6-b81b-699a7d7066c", "0226612a05cc-41f6-b81b-699a7d7066c3x",
        "0226612g-05cc-41f6-b81b-699a7d7066c3",
        "0226612a_05cc-41f6-b81b-699a7d7066c3", "", "{0226612a-05cc-41f6-b81b-699a7d7066c3}",
    ])
    func malformedUUIDsAreRefused(text: String) throws {
        let (fast, row) = try Self.read(UUID.self, .text(text))
        #expect(fast == nil)
        #expect(row == nil)
        #expect(UUID(uuidString: text) == nil)
    }

    @Test func timestampsFromTheBuffer() throws {
        let (fast, row) = try Self.read(Date.self, .text("2026-11-22 12:00:00.123"))
        #expect(fast.map(Timestamp.iso8601) == "2026-11-22T12:00:00.123Z")
        #expect(row == fast)
        for bad in [
            "2026-11-22 12:00:00", "2026-02-30 12:00:00.000", "2026-11-22T12:00:00.000", "2026-11-22 24:00:00.000", "x",
        ] {
            let (fastBad, rowBad) = try Self.read(Date.self, .text(bad))
            #expect(fastBad == nil, "\(bad)")
            #expect(rowBad == nil, "\(bad)")
        }
        // Not text at all.
        #expect(try Self.read(Date.self, .integer(5)).fast == nil)
    }

    @Test func optionalColumnsReadNullAsNil() throws {
        let db = try Self.database()
        try db.execute("INSERT INTO t (v) VALUES (NULL), ('text'), (7)")
        var texts: [String?] = []
        var failures = 0
        try db.forEachRow("SELECT v FROM t ORDER BY id") { statement in
            do {
                let value: String? = try statement.column(at: 0)
                texts.append(value)
            } catch {
                failures += 1
            }
        }
        // NULL → nil, TEXT → the text, INTEGER 7 is not a String: an error, not nil.
        #expect(texts == [nil, "text"])
        #expect(failures == 1)
    }
}
