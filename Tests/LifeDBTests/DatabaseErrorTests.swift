import Foundation
import LifeDB
import LifeDBTestSupport
import Testing

/// Constraint violations surface as DatabaseError with SQLite's extended
/// result code, the SQL and SQLite's message, and never the bound values,
/// which may be private (STYLE "LifeDB: small and exact", SPEC CORE-2, CORE-7).
@Suite struct DatabaseErrorTests {
    static let secret = "s3cret-Hereafter-note-\u{1F511}-4711"

    static let schema = """
        CREATE TABLE parent (id INTEGER PRIMARY KEY);
        CREATE TABLE child (
            id        INTEGER PRIMARY KEY,
            parent_id INTEGER REFERENCES parent (id),
            code      TEXT UNIQUE,
            quantity  INTEGER CHECK (quantity >= 0),
            label     TEXT NOT NULL
        );
        INSERT INTO parent (id) VALUES (1);
        INSERT INTO child (id, parent_id, code, quantity, label) VALUES (1, 1, 'taken', 1, 'first');
        """

    static let insert = "INSERT INTO child (id, parent_id, code, quantity, label) VALUES (?, ?, ?, ?, ?)"

    /// One way to break a rule, with the secret bound somewhere in it.
    struct Violation: Sendable, CustomTestStringConvertible {
        let constraint: String
        /// What SQLite's message says (a rowid conflict reads "UNIQUE").
        let messageWord: String
        let arguments: [DatabaseValue]
        let extendedCode: Int32
        var testDescription: String { constraint }
    }

    static let violations = [
        Violation(
            constraint: "CHECK", messageWord: "CHECK constraint failed: quantity >= 0",
            arguments: [.integer(2), .integer(1), .text(secret), .integer(-1), .text(secret)], extendedCode: 275),
        Violation(
            constraint: "UNIQUE", messageWord: "UNIQUE constraint failed: child.code",
            arguments: [.integer(2), .integer(1), .text("taken"), .integer(1), .text(secret)], extendedCode: 2067),
        Violation(
            constraint: "FOREIGN KEY", messageWord: "FOREIGN KEY constraint failed",
            arguments: [.integer(2), .integer(99), .text(secret), .integer(1), .text(secret)], extendedCode: 787),
        Violation(
            constraint: "NOT NULL", messageWord: "NOT NULL constraint failed: child.label",
            arguments: [.integer(2), .integer(1), .text(secret), .integer(1), .null], extendedCode: 1299),
        Violation(
            constraint: "PRIMARY KEY", messageWord: "UNIQUE constraint failed: child.id",
            arguments: [.integer(1), .integer(1), .text(secret), .integer(1), .text(secret)], extendedCode: 1555),
    ]

    @Test(arguments: violations)
    func violationCarriesExtendedCodeAndSQLButNoValues(violation: Violation) throws {
        let code = violation.extendedCode
        try withTemporaryDirectory { directory in
            let db = try openWAL(directory + "/errors.db")
            try db.executeScript(Self.schema)
            let error = try #require(
                databaseError { try db.execute(Self.insert, StatementArguments(violation.arguments)) })
            #expect(error.extendedCode == code, "\(violation.constraint)")
            #expect(error.primaryCode == 19)  // SQLITE_CONSTRAINT
            #expect(error.isConstraintViolation)
            #expect(error.sql == Self.insert)
            #expect(error.message.contains(violation.messageWord), "SQLite's own message: \(error.message)")
            for rendering in [error.description, "\(error)", String(reflecting: error), error.message] {
                #expect(rendering.contains(Self.secret) == false, "a bound value leaked: \(rendering)")
                #expect(rendering.contains("s3cret") == false)
            }
            #expect(error.description.contains(Self.insert))
            #expect(error.description.contains(String(code)))
            // Nothing was written.
            #expect(try count(db, "child") == 1)
        }
    }

    @Test func theSameViolationThroughAStatementObject() throws {
        try withTemporaryDirectory { directory in
            let db = try openWAL(directory + "/errors.db")
            try db.executeScript(Self.schema)
            let statement = try db.makeStatement(Self.insert)
            try statement.bind(2, at: 1)
            try statement.bind(1, at: 2)
            try statement.bind(Self.secret, at: 3)
            try statement.bind(-5, at: 4)
            try statement.bind(Self.secret, at: 5)
            let error = try #require(databaseError { _ = try statement.step() })
            #expect(error.extendedCode == 275)
            #expect(!error.description.contains(Self.secret))
        }
    }

    @Test func syntaxErrorNamesTheSQL() throws {
        try withTemporaryDirectory { directory in
            let db = try openWAL(directory + "/errors.db")
            let sql = "SELEC 1"
            let error = try #require(databaseError { _ = try db.makeStatement(sql) })
            #expect(error.extendedCode == 1)  // SQLITE_ERROR
            #expect(error.sql == sql)
            #expect(error.message.contains("syntax error"))
            let missing = try #require(
                databaseError { try db.execute("INSERT INTO nowhere VALUES (?)", [Self.secret]) })
            #expect(missing.message.contains("no such table: nowhere"))
            #expect(!missing.description.contains(Self.secret))
        }
    }
}
