import Foundation
import LifeCore
import LifeDB
import LifeDBTestSupport
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

    /// PERF-1: `withUTF8` lends the stored bytes, the same as the String
    /// would hold, and refuses what `column(String.self, at:)` refuses.
    @Test(arguments: ["", "plain", "Zürich – 東京 🚶", String(repeating: "long text ", count: 50)])
    func borrowedTextIsTheStoredBytes(text: String) throws {
        let db = try Self.database()
        try db.execute("INSERT INTO t (v) VALUES (?)", [text])
        var borrowed: [UInt8] = []
        var named: [UInt8] = []
        try db.forEachRow("SELECT v FROM t") { statement in
            borrowed = try statement.withUTF8(at: 0) { Array($0) }
            named = try statement.withUTF8(named: "V") { Array($0) }
        }
        #expect(borrowed == Array(text.utf8))
        #expect(named == Array(text.utf8))
    }

    @Test func borrowedTextRefusesWhatIsNotText() throws {
        let db = try Self.database()
        try db.execute("INSERT INTO t (v) VALUES (NULL), (7), (2.5), (x'00ff')")
        var messages: [String] = []
        var bodies = 0
        try db.forEachRow("SELECT v FROM t ORDER BY id") { statement in
            do {
                try statement.withUTF8(at: 0) { _ in bodies += 1 }
            } catch let error as DatabaseError {
                messages.append(error.message)
            }
        }
        #expect(bodies == 0)
        #expect(
            messages == [
                "column v holds NULL that cannot be read as String",
                "column v holds an INTEGER that cannot be read as String",
                "column v holds a REAL that cannot be read as String",
                "column v holds a BLOB that cannot be read as String",
            ])
    }

    /// Dates are parsed in SQLite's buffer too (PERF-6), and an optional one
    /// takes the fast path: the same answers as the slow path.
    @Test func civilDatesFromTheBuffer() throws {
        let (fast, row) = try Self.read(CivilDate.self, .text("2028-02-29"))
        #expect(fast == CivilDate(year: 2028, month: 2, day: 29))
        #expect(row == fast)
        for bad in ["2027-02-29", "2028-2-29", "20280229", "2028-02-29 ", "", "２０２８-02-29"] {
            let (fastBad, rowBad) = try Self.read(CivilDate.self, .text(bad))
            #expect(fastBad == nil, "\(bad)")
            #expect(rowBad == nil, "\(bad)")
        }
        #expect(try Self.read(CivilDate.self, .integer(20_280_229)).fast == nil)
        let db = try Self.database()
        try db.execute("INSERT INTO t (v) VALUES (NULL), ('2026-11-22')")
        var dates: [CivilDate?] = []
        try db.forEachRow("SELECT v FROM t ORDER BY id") { dates.append(try $0.column(CivilDate?.self, at: 0)) }
        #expect(dates == [nil, CivilDate(year: 2026, month: 11, day: 22)])
    }

    /// Columns read by name row after row, in changing orders and spellings,
    /// more names than `columnIndex` keeps, and a name that is not there.
    @Test func namesAreFoundInAnyOrderRowAfterRow() throws {
        let db = try Database(path: ":memory:")
        let names = (0..<70).map { "c\($0)" }
        try db.execute("CREATE TABLE wide (\(names.joined(separator: ", ")))")
        for row in 0..<3 {
            try db.execute(
                "INSERT INTO wide VALUES (\(names.indices.map { String(row * 100 + $0) }.joined(separator: ", ")))")
        }
        var row = 0
        var wrong: [String] = []
        try db.forEachRow("SELECT * FROM wide ORDER BY rowid") { statement in
            // Each row in its own order: forwards, backwards, then shuffled and in capitals.
            var order = Array(names.indices)
            if row == 1 { order.reverse() }
            if row == 2 { order = order.map { ($0 * 37) % 70 } }
            for index in order {
                let name = row == 2 ? names[index].uppercased() : names[index]
                let value = try statement.column(Int.self, named: name)
                if value != row * 100 + index { wrong.append("\(name)=\(value) in row \(row)") }
            }
            #expect(throws: DatabaseError.self) { try statement.column(Int.self, named: "c70") }
            #expect(try statement.column(Int.self, named: "c0") == row * 100)
            row += 1
        }
        #expect(row == 3)
        #expect(wrong.isEmpty)
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
