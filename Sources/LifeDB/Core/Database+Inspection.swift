import CSQLite

/// Read-only questions about the file itself, for `lifectl db status|check|schema`.
extension Database {
    /// One object of the schema as SQLite keeps it.
    public struct SchemaObject: Sendable, Codable, Equatable {
        public let type: String
        public let name: String
        public let sql: String

        public init(type: String, name: String, sql: String) {
            self.type = type
            self.name = name
            self.sql = sql
        }
    }

    /// Every table, index, view and trigger with its SQL, in creation order.
    public func schemaObjects() throws -> [SchemaObject] {
        try fetchAll("SELECT type, name, sql FROM sqlite_schema WHERE sql IS NOT NULL ORDER BY rowid").map {
            SchemaObject(
                type: try $0.get(String.self, "type"), name: try $0.get(String.self, "name"),
                sql: try $0.get(String.self, "sql"))
        }
    }

    /// The names of the ordinary tables (not SQLite's own, not virtual-table shadows' internals).
    public func tableNames() throws -> [String] {
        try fetchAll("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
            .map { try $0.get(at: 0) }
    }

    /// `SELECT count(*)` of a table named by the schema (quoted, never spliced from input).
    public func rowCount(table: String) throws -> Int {
        try fetchOne(Int.self, "SELECT count(*) FROM \(Database.quoteIdentifier(table))") ?? 0
    }

    /// `PRAGMA integrity_check`: ["ok"] when the file is sound.
    public func integrityCheck() throws -> [String] {
        try fetchAll("PRAGMA integrity_check").map { try $0.get(at: 0) }
    }

    /// `PRAGMA foreign_key_check`, one line per violation (every table).
    public func foreignKeyViolations() throws -> [String] {
        try fetchAll("PRAGMA foreign_key_check").map { row in
            let table = try row.get(String.self, "table")
            let parent = try row.get(String.self, "parent")
            let rowid = try row.get(Int64?.self, "rowid")
            return "\(table) row \(rowid.map(String.init) ?? "(no rowid)") refers to a missing row of \(parent)"
        }
    }

    public func journalMode() throws -> String {
        try fetchOne(String.self, "PRAGMA journal_mode") ?? ""
    }

    public func userVersion() throws -> Int {
        try fetchOne(Int.self, "PRAGMA user_version") ?? 0
    }

    /// An identifier in double quotes with inner quotes doubled.
    public static func quoteIdentifier(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
