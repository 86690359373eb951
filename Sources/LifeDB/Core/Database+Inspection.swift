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
    ///
    /// SQLite compiles a table's CHECK constraints only for a writable file,
    /// so on a read-only connection (how `lifectl db check` opens) the pragma
    /// passes rows that break them. This function therefore runs it on a
    /// private in-memory copy (page for page, so damage is copied too), and
    /// names each row behind a "CHECK constraint failed in TABLE" line.
    public func integrityCheck() throws -> [String] {
        let copy: Database
        do {
            copy = try copyIntoMemory()
        } catch let error as DatabaseError where !error.isClosed {
            // A file too damaged to copy: the pragma on the file itself still
            // says what it can.
            return try fetchAll("PRAGMA integrity_check").map { try $0.get(at: 0) }
        }
        defer { copy.close() }
        let lines: [String] = try copy.fetchAll("PRAGMA integrity_check").map { try $0.get(at: 0) }
        let prefix = "CHECK constraint failed in "
        var problems: [String] = []
        // The pragma says "CHECK constraint failed in T" once per bad row;
        // each table's rows are named once.
        var named: Set<String> = []
        for line in lines {
            guard line.hasPrefix(prefix) else {
                problems.append(line)
                continue
            }
            let table = String(line.dropFirst(prefix.count))
            if named.contains(table) { continue }
            if let rows = try? copy.rowsBreakingChecks(in: table), !rows.isEmpty {
                named.insert(table)
                problems += rows
            } else {
                problems.append(line)
            }
        }
        return problems
    }

    /// Each row of `table` that breaks one of its CHECK constraints, as
    /// "TABLE row KEY: CHECK constraint failed: EXPRESSION" (at most 20, then
    /// a count): every column is set to itself, in a savepoint rolled back,
    /// which makes SQLite evaluate every CHECK for that row. Only ever run on
    /// a private copy: its triggers are dropped first, so none fires.
    private func rowsBreakingChecks(in table: String) throws -> [String] {
        guard
            try fetchOne(Int.self, "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = ?", [table]) == 1
        else { return [] }
        for trigger in try fetchAll("SELECT name FROM sqlite_schema WHERE type = 'trigger'") {
            try execute("DROP TRIGGER \(Database.quoteIdentifier(try trigger.get(String.self, at: 0)))")
        }
        try execute("PRAGMA foreign_keys = OFF")
        let columns = try fetchAll("SELECT name, pk FROM pragma_table_info(?) ORDER BY cid", [table]).map {
            (name: try $0.get(String.self, "name"), pk: try $0.get(Int.self, "pk"))
        }
        var keys = columns.filter { $0.pk > 0 }.sorted { $0.pk < $1.pk }.map(\.name)
        if keys.isEmpty { keys = ["rowid"] }
        let quotedTable = Database.quoteIdentifier(table)
        let assignments = columns.map { "\(Database.quoteIdentifier($0.name)) = \(Database.quoteIdentifier($0.name))" }
        let match = keys.map { "\(Database.quoteIdentifier($0)) IS ?" }.joined(separator: " AND ")
        let update = try makeStatement(
            "UPDATE \(quotedTable) SET \(assignments.joined(separator: ", ")) WHERE \(match)")
        var found: [String] = []
        var more = 0
        for row in try fetchAll(
            "SELECT \(keys.map(Database.quoteIdentifier).joined(separator: ", ")) FROM \(quotedTable)")
        {
            let values = (0..<keys.count).map { row[$0] }
            try execute("SAVEPOINT row_check")
            defer {
                try? execute("ROLLBACK TO row_check")
                try? execute("RELEASE row_check")
            }
            do {
                update.reset()
                var arguments = StatementArguments()
                arguments.positional = values
                try update.execute(arguments)
            } catch let error as DatabaseError where error.isConstraintViolation {
                guard found.count < 20 else {
                    more += 1
                    continue
                }
                let key = zip(keys, values).map { "\($0) \($1)" }.joined(separator: ", ")
                // The constraint's SQL may span lines; one line per problem.
                let message = error.message.split(whereSeparator: \.isWhitespace).joined(separator: " ")
                found.append("\(table) row \(key): \(message)")
            }
        }
        if more > 0 { found.append("\(table): \(more) more rows break a CHECK constraint") }
        return found
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
        // Most names hold no quote: no search-and-replace (it showed in sync's profile).
        guard name.utf8.contains(UInt8(ascii: "\"")) else { return "\"" + name + "\"" }
        return "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
