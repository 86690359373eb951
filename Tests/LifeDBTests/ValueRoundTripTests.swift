import Foundation
import LifeCore
import LifeDB
import LifeDBTestSupport
import Testing

/// SPEC CORE-4, CORE-10: every Swift type LifeDB binds is stored in the
/// storage class and text form the spec names, and reads back equal, whichever
/// way it went in (typed fast path, generic, by index, by name, through
/// StatementArguments) and whichever way it comes out (Statement.column fast
/// path, generic column, by name, Row.get).
@Suite struct ValueRoundTripTests {
    /// `x` has no declared type (BLOB affinity): SQLite keeps each value in the
    /// storage class it was bound with, so the test sees exactly what LifeDB sent.
    static let schema = "CREATE TABLE v (id INTEGER PRIMARY KEY, x)"
    static let insertByIndex = "INSERT INTO v (id, x) VALUES (?, ?)"
    static let insertByName = "INSERT INTO v (id, x) VALUES (:id, :x)"
    static let select = "SELECT x FROM v WHERE id = ?"

    /// A fresh WAL database with table `v`, and its path for the raw oracle.
    func withValueTable(_ body: (Database, String) throws -> Void) throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/values.db"
            let db = try openWAL(path)
            try db.execute(Self.schema)
            try body(db, path)
        }
    }

    /// Inserts `value` once per way of binding it and returns the row ids.
    /// `typedBind`, when given, binds parameter 2 through the caller's concrete
    /// (fast-path) overload.
    @discardableResult
    func insertEveryWay<T: DatabaseValueEncodable>(
        _ db: Database, _ value: T, typedBind: ((Statement) throws -> Void)? = nil
    ) throws -> [Int] {
        try db.execute("DELETE FROM v")
        var ids: [Int] = []
        func insert(_ sql: String, _ bind: (Statement, Int) throws -> Void) throws {
            let id = ids.count + 1
            let statement = try db.cachedStatement(sql)
            try bind(statement, id)
            #expect(try statement.step() == false)
            statement.reset()
            ids.append(id)
        }
        if let typedBind {
            try insert(Self.insertByIndex) { statement, id in
                try statement.bind(id, at: 1)
                try typedBind(statement)
            }
        }
        try insert(Self.insertByIndex) { statement, id in
            try statement.bind(id, at: 1)
            try statement.bind(value.databaseValue, at: 2)
        }
        try insert(Self.insertByName) { statement, id in
            try statement.bind(id, named: ":id")
            try statement.bind(value, named: ":x")
        }
        try insert(Self.insertByName) { statement, id in
            try statement.bind(id, named: "id")
            try statement.bind(value, named: "x")
        }
        let positionalID = ids.count + 1
        try db.execute(Self.insertByIndex, [positionalID, value])
        ids.append(positionalID)
        let namedID = ids.count + 1
        try db.execute(Self.insertByName, [":id": namedID, ":x": value])
        ids.append(namedID)
        #expect(try count(db, "v") == ids.count)
        return ids
    }

    /// What a bare C-API connection sees in each row, with SQL's typeof().
    func stored(_ path: String, _ ids: [Int]) throws -> [(Raw, Raw)] {
        try ids.map { id in
            let rows = try rawRows(path: path, "SELECT x, typeof(x) FROM v WHERE id = \(id)")
            let row = try #require(rows.first)
            return (row[0], row[1])
        }
    }

    /// Reads each row back through every generic path.
    func readGeneric<T: DatabaseValueDecodable>(_ db: Database, _ ids: [Int], as type: T.Type) throws -> [T] {
        var values: [T] = []
        for id in ids {
            try db.forEachRow(Self.select, [id]) { statement in
                values.append(try statement.column(T.self, at: 0))
                values.append(try statement.column(T.self, named: "x"))
                values.append(try statement.column(T.self, named: "X"))
                values.append(try #require(T.fromDatabaseValue(statement.value(at: 0))))
            }
            let row = try #require(try db.fetchOne(Self.select, [id]))
            values.append(try row.get(T.self, at: 0))
            values.append(try row.get(T.self, "x"))
        }
        #expect(values.count == ids.count * 6)
        return values
    }

    /// Reads each row back through `Statement.column`'s fast path
    /// (`StatementColumnConvertible`, no intermediate DatabaseValue).
    func readFast<T: StatementColumnConvertible & DatabaseValueDecodable>(
        _ db: Database, _ ids: [Int], as type: T.Type
    ) throws -> [T] {
        var values: [T] = []
        for id in ids {
            try db.forEachRow(Self.select, [id]) { statement in
                values.append(try statement.column(T.self, at: 0))
            }
        }
        #expect(values.count == ids.count)
        return values
    }

    // MARK: Integers

    @Test(arguments: [Int64.min, Int64.min + 1, -1, 0, 1, (1 << 53) + 1, Int64.max] as [Int64])
    func int64(value: Int64) throws {
        try withValueTable { db, path in
            let ids = try insertEveryWay(db, value) { try $0.bind(value, at: 2) }
            for (x, type) in try stored(path, ids) {
                #expect(x == .integer(value))
                #expect(type == .text("integer"))
            }
            #expect(try readGeneric(db, ids, as: Int64.self).allSatisfy { $0 == value })
            #expect(try readFast(db, ids, as: Int64.self).allSatisfy { $0 == value })
        }
    }

    @Test(arguments: [Int.min, -42, 0, 42, Int.max])
    func int(value: Int) throws {
        try withValueTable { db, path in
            let ids = try insertEveryWay(db, value) { try $0.bind(value, at: 2) }
            for (x, type) in try stored(path, ids) {
                #expect(x == .integer(Int64(value)))
                #expect(type == .text("integer"))
            }
            #expect(try readGeneric(db, ids, as: Int.self).allSatisfy { $0 == value })
            #expect(try readFast(db, ids, as: Int.self).allSatisfy { $0 == value })
        }
    }

    // MARK: Reals

    @Test(arguments: [
        0.0, -0.0, 1e-300, -1e-300, Double.leastNonzeroMagnitude, 0.1, -2.5, 1e300, Double.greatestFiniteMagnitude,
        Double.infinity,
        -Double.infinity, 3.0,
    ])
    func double(value: Double) throws {
        try withValueTable { db, path in
            let ids = try insertEveryWay(db, value) { try $0.bind(value, at: 2) }
            for (x, type) in try stored(path, ids) {
                #expect(x == .real(value), "SQLite must hold the same 64 bits")
                #expect(type == .text("real"))
            }
            // Bit patterns, so that -0.0 does not pass for 0.0.
            let generic = try readGeneric(db, ids, as: Double.self).map(\.bitPattern)
            #expect(generic.allSatisfy { $0 == value.bitPattern })
            let fast = try readFast(db, ids, as: Double.self).map(\.bitPattern)
            #expect(fast.allSatisfy { $0 == value.bitPattern })
        }
    }

    @Test func negativeZeroKeepsItsSign() throws {
        try withValueTable { db, _ in
            let ids = try insertEveryWay(db, -0.0) { try $0.bind(-0.0, at: 2) }
            #expect(try readFast(db, ids, as: Double.self).allSatisfy { $0 == 0 && $0.sign == .minus })
        }
    }

    // MARK: Booleans

    @Test(arguments: [false, true])
    func bool(value: Bool) throws {
        try withValueTable { db, path in
            let ids = try insertEveryWay(db, value)
            for (x, type) in try stored(path, ids) {
                #expect(x == .integer(value ? 1 : 0), "SPEC CORE-4: booleans are INTEGER 0/1")
                #expect(type == .text("integer"))
            }
            #expect(try readGeneric(db, ids, as: Bool.self).allSatisfy { $0 == value })
            #expect(try readFast(db, ids, as: Bool.self).allSatisfy { $0 == value })
        }
    }

    @Test func anIntegerOtherThanZeroOrOneIsNotABool() throws {
        try withValueTable { db, _ in
            try db.execute("INSERT INTO v (id, x) VALUES (1, 2), (2, 'true')")
            for id in [1, 2] {
                try db.forEachRow(Self.select, [id]) { statement in
                    let fast = databaseError { _ = try statement.column(Bool.self, at: 0) }
                    #expect(fast?.extendedCode == 20)  // SQLITE_MISMATCH
                }
                let row = try #require(try db.fetchOne(Self.select, [id]))
                #expect(databaseError { _ = try row.get(Bool.self, at: 0) }?.extendedCode == 20)
            }
        }
    }

    // MARK: Text

    @Test(arguments: [
        "", "plain ASCII", "Zürich 東京 👨‍👩‍👧‍👦", "it's \"quoted\"; DROP TABLE v; --", "a\u{0}b", "\u{0}",
        "line one\nline two\ttab", String(repeating: "long text ", count: 10_000),
    ])
    func string(value: String) throws {
        try withValueTable { db, path in
            let ids = try insertEveryWay(db, value) { try $0.bind(value, at: 2) }
            for (x, type) in try stored(path, ids) {
                #expect(x == .text(Array(value.utf8)), "every UTF-8 byte, an embedded NUL included")
                #expect(type == .text("text"))
            }
            #expect(try readGeneric(db, ids, as: String.self).allSatisfy { Array($0.utf8) == Array(value.utf8) })
            #expect(try readFast(db, ids, as: String.self).allSatisfy { Array($0.utf8) == Array(value.utf8) })
        }
    }

    @Test func textWithAnEmbeddedNULIsStoredWhole() throws {
        try withValueTable { db, _ in
            try insertEveryWay(db, "a\u{0}b")
            // hex() sees every byte; SQLite's length() counts characters up to the NUL.
            let hexes = try db.fetchAll("SELECT hex(x) FROM v").map { try $0.get(String.self, at: 0) }
            #expect(hexes.allSatisfy { $0 == "610062" })
        }
    }

    // MARK: Blobs

    @Test func emptyBlobIsABlobNotNull() throws {
        try withValueTable { db, path in
            let ids = try insertEveryWay(db, Data())
            for (x, type) in try stored(path, ids) {
                #expect(x == .blob([]))
                #expect(type == .text("blob"))
            }
            #expect(try readGeneric(db, ids, as: Data.self).allSatisfy(\.isEmpty))
            #expect(try readFast(db, ids, as: Data.self).allSatisfy(\.isEmpty))
        }
    }

    @Test func fiveMegabyteBlob() throws {
        // A deterministic pattern that is not periodic in any small power of two.
        var generator: UInt64 = 0x9E37_79B9_7F4A_7C15
        let bytes = (0..<5 * 1024 * 1024).map { _ -> UInt8 in
            generator = generator &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: generator >> 56)
        }
        let value = Data(bytes)
        try withValueTable { db, path in
            try db.execute("DELETE FROM v")
            try db.execute(Self.insertByIndex, [1, value])
            try db.execute(Self.insertByName, [":id": 2, ":x": value])
            for (x, type) in try stored(path, [1, 2]) {
                #expect(x == .blob(bytes))
                #expect(type == .text("blob"))
            }
            let lengths = try db.fetchAll("SELECT length(x), hex(substr(x, 1, 4)) FROM v ORDER BY id")
            for row in lengths {
                #expect(try row.get(Int.self, at: 0) == 5_242_880)
                #expect(try row.get(String.self, at: 1) == hex(bytes[0..<4]))
            }
            #expect(try readGeneric(db, [1, 2], as: Data.self).allSatisfy { $0 == value })
            #expect(try readFast(db, [1, 2], as: Data.self).allSatisfy { $0 == value })
        }
    }

    // MARK: Identity, time and dates

    @Test func uuidIsLowerCaseText() throws {
        let value = try #require(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        try withValueTable { db, path in
            let ids = try insertEveryWay(db, value)
            for (x, type) in try stored(path, ids) {
                #expect(x == .text("e621e1f8-c36c-495a-93fc-0c247a3e6e5f"), "SPEC CORE-10: lower-case text")
                #expect(type == .text("text"))
            }
            #expect(try readGeneric(db, ids, as: UUID.self).allSatisfy { $0 == value })
        }
    }

    @Test(arguments: [
        // (year, month, day, hour, minute, second, milliseconds, stored text)
        (2026, 3, 1, 8, 30, 15, 125, "2026-03-01 08:30:15.125"),
        (2024, 2, 29, 23, 59, 59, 875, "2024-02-29 23:59:59.875"),
        (1970, 1, 1, 0, 0, 0, 0, "1970-01-01 00:00:00.000"),
        (1969, 12, 31, 23, 59, 59, 500, "1969-12-31 23:59:59.500"),
        (1900, 1, 1, 0, 0, 0, 0, "1900-01-01 00:00:00.000"),
        (2100, 12, 31, 12, 0, 0, 250, "2100-12-31 12:00:00.250"),
    ])
    func dateIsUTCTextWithMilliseconds(
        components: (Int, Int, Int, Int, Int, Int, Int, String)
    ) throws {
        let (year, month, day, hour, minute, second, ms, text) = components
        let value = try utcInstant(year, month, day, hour, minute, second, milliseconds: ms)
        try withValueTable { db, path in
            let ids = try insertEveryWay(db, value)
            for (x, type) in try stored(path, ids) {
                #expect(x == .text(text), "SPEC CORE-4: TEXT YYYY-MM-DD HH:MM:SS.SSS in UTC")
                #expect(type == .text("text"))
            }
            #expect(try readGeneric(db, ids, as: Date.self).allSatisfy { $0 == value })
            // SQLite's own date functions read the stored text (whole seconds).
            let epoch = try db.fetchOne(Int64.self, "SELECT CAST(strftime('%s', x) AS INTEGER) FROM v WHERE id = 1")
            #expect(epoch == Int64(value.timeIntervalSince1970.rounded(.down)))
        }
    }

    @Test func storedInstantsSortChronologically() throws {
        let instants = try [
            utcInstant(2026, 3, 1, 8, 0, 0, milliseconds: 125), utcInstant(1969, 12, 31, 23, 59, 59, milliseconds: 500),
            utcInstant(2026, 3, 1, 7, 59, 59, milliseconds: 875), utcInstant(2001, 1, 1, 0, 0, 0),
            utcInstant(2026, 3, 1, 8, 0, 0, milliseconds: 0),
        ]
        try withValueTable { db, _ in
            for (offset, instant) in instants.enumerated() {
                try db.execute(Self.insertByIndex, [offset + 1, instant])
            }
            let sorted = try db.fetchAll("SELECT x FROM v ORDER BY x").map { try $0.get(Date.self, at: 0) }
            #expect(sorted == instants.sorted())
        }
    }

    @Test func civilDateIsISOText() throws {
        let value = try #require(CivilDate(year: 2024, month: 2, day: 29))
        try withValueTable { db, path in
            let ids = try insertEveryWay(db, value)
            for (x, type) in try stored(path, ids) {
                #expect(x == .text("2024-02-29"), "SPEC CORE-4: date-only values are TEXT YYYY-MM-DD")
                #expect(type == .text("text"))
            }
            #expect(try readGeneric(db, ids, as: CivilDate.self).allSatisfy { $0 == value })
            #expect(try db.fetchOne(String.self, "SELECT date(x, '+1 day') FROM v WHERE id = 1") == "2024-03-01")
        }
    }

    @Test(arguments: [(0, 0, "00:00"), (8, 5, "08:05"), (23, 59, "23:59")])
    func localTimeIsHHMMText(components: (Int, Int, String)) throws {
        let (hour, minute, text) = components
        let value = try #require(LocalTime(hour: hour, minute: minute))
        try withValueTable { db, path in
            let ids = try insertEveryWay(db, value)
            for (x, _) in try stored(path, ids) {
                #expect(x == .text(text))
            }
            #expect(try readGeneric(db, ids, as: LocalTime.self).allSatisfy { $0 == value })
        }
    }

    @Test func malformedTextIsNotADateNorAUUID() throws {
        try withValueTable { db, _ in
            try db.execute(
                "INSERT INTO v (id, x) VALUES (1, '2026-02-30'), (2, 'not-a-uuid'), (3, '2026-03-01T08:00:00Z')")
            let rows = try db.fetchAll("SELECT x FROM v ORDER BY id")
            #expect(databaseError { _ = try rows[0].get(CivilDate.self, at: 0) }?.extendedCode == 20)
            #expect(databaseError { _ = try rows[1].get(UUID.self, at: 0) }?.extendedCode == 20)
            #expect(databaseError { _ = try rows[2].get(Date.self, at: 0) }?.extendedCode == 20)
        }
    }

    // MARK: Optionals and DatabaseValue

    @Test func nilIsNullAndNullDecodesAsNil() throws {
        try withValueTable { db, path in
            let ids = try insertEveryWay(db, Int?.none)
            for (x, type) in try stored(path, ids) {
                #expect(x == .null)
                #expect(type == .text("null"))
            }
            #expect(try readGeneric(db, ids, as: Int?.self).allSatisfy { $0 == nil })
            #expect(try readGeneric(db, ids, as: String?.self).allSatisfy { $0 == nil })
            #expect(try readGeneric(db, ids, as: Date?.self).allSatisfy { $0 == nil })
            #expect(try readGeneric(db, ids, as: DatabaseValue.self).allSatisfy { $0 == .null })
            // A NULL is not a value of a non-optional type, on either path.
            let row = try #require(try db.fetchOne(Self.select, [ids[0]]))
            #expect(databaseError { _ = try row.get(Int.self, at: 0) }?.extendedCode == 20)
            try db.forEachRow(Self.select, [ids[0]]) { statement in
                #expect(databaseError { _ = try statement.column(Int64.self, at: 0) }?.extendedCode == 20)
                #expect(databaseError { _ = try statement.column(Double.self, at: 0) }?.extendedCode == 20)
                #expect(databaseError { _ = try statement.column(String.self, at: 0) }?.extendedCode == 20)
                #expect(databaseError { _ = try statement.column(Data.self, at: 0) }?.extendedCode == 20)
            }
            #expect(try db.fetchOne(Int.self, Self.select, [ids[0]]) == nil)
        }
    }

    @Test func someIsTheWrappedValue() throws {
        try withValueTable { db, path in
            let ids = try insertEveryWay(db, String?.some("Zürich"))
            for (x, _) in try stored(path, ids) {
                #expect(x == .text("Zürich"))
            }
            #expect(try readGeneric(db, ids, as: String?.self).allSatisfy { $0 == "Zürich" })
            // A value of the wrong type is an error, not nil.
            let row = try #require(try db.fetchOne(Self.select, [ids[0]]))
            #expect(databaseError { _ = try row.get(Int?.self, at: 0) }?.extendedCode == 20)
        }
    }

    @Test func databaseValueRoundTripsEveryStorageClass() throws {
        let cases: [(DatabaseValue, Raw)] = [
            (.null, .null), (.integer(-7), .integer(-7)), (.real(-0.0), .real(-0.0)),
            (.text("東京"), .text("東京")), (.blob(Data([0, 1, 254, 255])), .blob([0, 1, 254, 255])),
        ]
        for (value, raw) in cases {
            try withValueTable { db, path in
                let ids = try insertEveryWay(db, value)
                for (x, _) in try stored(path, ids) {
                    #expect(x == raw)
                }
                let read = try readGeneric(db, ids, as: DatabaseValue.self)
                #expect(read.allSatisfy { $0 == value })
            }
        }
    }

    @Test func columnsAreFoundByNameCaseInsensitively() throws {
        try withValueTable { db, _ in
            try db.execute("INSERT INTO v (id, x) VALUES (1, 'one')")
            let row = try #require(try db.fetchOne("SELECT id AS Identifier, x AS Label FROM v"))
            #expect(row["identifier"] == .integer(1))
            #expect(row["LABEL"] == .text("one"))
            #expect(row["missing"] == nil)
            #expect(try row.get(String.self, "label") == "one")
            #expect(databaseError { _ = try row.get(String.self, "missing") }?.extendedCode == 25)  // SQLITE_RANGE
            try db.forEachRow("SELECT id AS Identifier, x AS Label FROM v") { statement throws in
                #expect(try statement.column(Int.self, named: "IDENTIFIER") == 1)
                #expect(databaseError { _ = try statement.column(Int.self, named: "nope") }?.extendedCode == 25)
            }
        }
    }
}
