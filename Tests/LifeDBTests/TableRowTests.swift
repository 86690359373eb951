import Foundation
import LifeCore
import LifeDB
import LifeDBTestSupport
import LifeKernel
import Testing

/// Strict decoding: columns by name, enums through their raw value with an
/// unknown word named (table, column, value), integers only when exact.
@Suite struct TableRowTests {
    enum Color: String { case red, green }
    enum Level: Int { case low = 1, high = 2 }

    /// A table without CHECKs, so that it can hold what a store must refuse.
    func withPaint(_ rows: String, _ body: (Database) throws -> Void) throws {
        try withTemporaryDirectory { directory in
            let db = try openWAL(directory + "/paint.db")
            try db.executeScript(
                "CREATE TABLE paint (id INTEGER PRIMARY KEY, color TEXT, level ANY, note TEXT); " + rows)
            try body(db)
        }
    }

    struct Paint: Equatable {
        let id: Int
        let color: Color?
        let level: Level
        let note: String?
    }

    static func decode(_ row: TableRow) throws -> Paint {
        Paint(
            id: try row["id"], color: try row["color", as: Color?.self], level: try row["level", as: Level.self],
            note: try row["note"])
    }

    /// What a table read reports about a value it cannot read: a
    /// malformed-input error (exit 65) naming the table and the row's key,
    /// then what TableRow said of the column.
    func unreadable(_ body: () throws -> Void) -> String? {
        do {
            try body()
        } catch let error as LifeError where error.kind == .malformedInput && error.remedy == .databaseCheck {
            let damaged = "; the file was changed outside lifectl or is damaged"
            guard error.message.hasSuffix(damaged) else { return "unexpected wording: " + error.message }
            return String(error.message.dropLast(damaged.count))
        } catch {
            return "unexpected error: \(error)"
        }
        return nil
    }

    func paints(_ db: Database, _ sql: String) throws -> [Paint] {
        var paints: [Paint] = []
        try db.forEachRow(table: "paint", sql) { paints.append(try Self.decode($0)) }
        return paints
    }

    @Test func columnsAreReadByNameInAnyOrder() throws {
        try withPaint("INSERT INTO paint VALUES (1, 'red', 2, 'wall'), (2, NULL, 1, NULL);") { db in
            let expected = [
                Paint(id: 1, color: .red, level: .high, note: "wall"), Paint(id: 2, color: nil, level: .low, note: nil),
            ]
            #expect(try paints(db, "SELECT id, color, level, note FROM paint ORDER BY id") == expected)
            #expect(try paints(db, "SELECT note, level, color, id FROM paint ORDER BY id") == expected)
            #expect(try paints(db, "SELECT * FROM paint ORDER BY id") == expected)
            let one = try db.fetchOne(
                table: "paint", "SELECT level, id, note, color FROM paint WHERE id = 1", [], Self.decode)
            #expect(one == expected[0])
        }
    }

    @Test func anUnknownEnumWordIsAnErrorNamingTableColumnAndValue() throws {
        try withPaint("INSERT INTO paint VALUES (1, 'mauve', 1, NULL);") { db in
            #expect(
                unreadable { _ = try paints(db, "SELECT * FROM paint") }
                    == "paint row 1 cannot be read: paint.color holds 'mauve', which is not a known Color value")
        }
        try withPaint("INSERT INTO paint VALUES (1, 'red', 3, NULL);") { db in
            #expect(
                unreadable { _ = try paints(db, "SELECT * FROM paint") }
                    == "paint row 1 cannot be read: paint.level holds '3', which is not a known Level value")
        }
    }

    @Test func aWrongStorageClassNamesTableAndColumn() throws {
        try withPaint("INSERT INTO paint VALUES (1, 'red', 'high', NULL);") { db in
            #expect(
                unreadable { _ = try paints(db, "SELECT * FROM paint") }
                    == "paint row 1 cannot be read: paint.level: column level holds TEXT that cannot be read as Int")
        }
        try withPaint("INSERT INTO paint VALUES (1, NULL, NULL, NULL);") { db in
            #expect(
                unreadable { _ = try paints(db, "SELECT * FROM paint") }?.hasPrefix(
                    "paint row 1 cannot be read: paint.level:")
                    == true)
        }
    }

    /// Int(exactly:): 2.0 is the integer 2; 2.5 and 1e19 are no Int at all.
    @Test(arguments: [("2.0", 2 as Int?), ("2.5", nil), ("1e19", nil), ("-3", -3)])
    func integersAreReadOnlyWhenExact(stored: String, expected: Int?) throws {
        try withPaint("INSERT INTO paint VALUES (1, 'red', \(stored), NULL);") { db in
            let read = { () throws -> Int? in
                try db.fetchOne(table: "paint", "SELECT id, level FROM paint") { row -> Int in try row["level"] }
            }
            if let expected {
                let value = try read()
                #expect(value == expected)
            } else {
                let message = unreadable { _ = try read() }
                #expect(
                    message?.hasPrefix(
                        "paint row 1 cannot be read: paint.level: column level holds a REAL that cannot be read as Int")
                        == true)
            }
        }
    }

    @Test func aMissingColumnIsNamed() throws {
        try withPaint("INSERT INTO paint VALUES (1, 'red', 1, NULL);") { db in
            #expect(
                unreadable { _ = try paints(db, "SELECT id, color, note FROM paint") }
                    == "paint row 1 cannot be read: no column named level")
        }
    }

    /// OwnerStore decodes `units` strictly: an unknown word (a table without
    /// the schema's CHECK, as a future build might write) is an error, not
    /// metric.
    @Test func ownerUnitsAreDecodedStrictly() throws {
        try withTemporaryDirectory { directory in
            let db = try openWAL(directory + "/owner.db")
            try db.executeScript(
                """
                CREATE TABLE owner (id INTEGER PRIMARY KEY, time_zone TEXT, units TEXT, created_at TEXT, updated_at TEXT);
                INSERT INTO owner VALUES (1, NULL, 'furlongs', '2026-01-01 00:00:00.000', '2026-01-01 00:00:00.000');
                """)
            let store = Owner(db)
            #expect(
                unreadable { _ = try store.settings() }
                    == "owner row 1 cannot be read: owner.units holds 'furlongs', which is not a known Units value")
            try db.execute("UPDATE owner SET units = 'imperial', time_zone = 'Asia/Tokyo'")
            #expect(try store.settings() == OwnerSettings(timeZone: "Asia/Tokyo", units: .imperial))
        }
    }
}
