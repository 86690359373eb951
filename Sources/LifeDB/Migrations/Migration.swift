import Foundation

/// One schema step: `Schema/NNNN_name.sql`, embedded in the build with the
/// SHA-256 of its text (SPEC CORE-3).
public struct Migration: Sendable, Hashable {
    public let version: Int
    public let name: String
    public let sql: String
    /// Lower-case hex SHA-256 of `sql`'s UTF-8 bytes, computed when the
    /// migrations were embedded and checked against the files by a test.
    public let sha256: String

    public init(version: Int, name: String, sql: String, sha256: String) {
        self.version = version
        self.name = name
        self.sql = sql
        self.sha256 = sha256
    }

    /// `0001_core`, as the file is named.
    public var identifier: String { Migration.identifier(version: version, name: name) }

    static func identifier(version: Int, name: String) -> String {
        let digits = String(version)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits + "_" + name
    }
}

/// What a migration needs beyond its SQL, written in Swift (a time zone
/// conversion, a value only a product's rules can compute): declared by the
/// product that owns the tables, run by the migrator after the migration's
/// SQL and inside its transaction (SPEC CORE-12).
public struct MigrationStep: Sendable {
    /// The migration it belongs to.
    public let version: Int
    /// What it does, for a reader of `db status` and of a failure.
    public let name: String
    /// Runs on the migrating connection, inside the migration's
    /// transaction; `now` is the migrator's clock.
    public let run: @Sendable (Database, Date) throws -> Void

    public init(version: Int, name: String, run: @escaping @Sendable (Database, Date) throws -> Void) {
        self.version = version
        self.name = name
        self.run = run
    }
}
