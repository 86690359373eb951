import Foundation
import LifeCore
import LifeDB
import LifeKernel

/// Merges one table's rows of an import file into the database, row by row,
/// inside the import's transaction (see `Exchange`).
package struct TableMerger {
    let spec: TableSpec
    let product: any Product
    let db: Database
    let context: ImportContext
    /// The table's columns, in order, with their declared types.
    let columns: [String]
    let types: [String: String]
    let keys: [String]
    /// Keys of the file's rows met so far: a key given twice is refused.
    var seen: Set<[DatabaseValue]> = []
    /// An empty copy of the table in the temporary schema, with its
    /// constraints, on which each file row is tried (`checkShape`).
    let shapeTable: String
    /// The statements this merger has written, by what they do and the
    /// columns they name (one table's rows name the same few sets).
    private let texts = StatementTexts()

    package init(spec: TableSpec, product: any Product, db: Database, context: ImportContext) throws {
        self.spec = spec
        self.product = product
        self.db = db
        self.context = context
        var columns: [String] = []
        var types: [String: String] = [:]
        for row in try db.fetchAll("SELECT name, type FROM pragma_table_info(?) ORDER BY cid", [spec.name]) {
            let name: String = try row.get(at: 0)
            columns.append(name)
            types[name] = try row.get(String.self, at: 1).uppercased()
        }
        self.columns = columns
        self.types = types
        keys = try Exchange.primaryKey(spec.name, db: db)
        shapeTable = try Self.makeShapeTable(of: spec.name, db: db)
    }

    /// `CREATE TEMP TABLE` from the table's own `CREATE TABLE`, so that a
    /// row is checked against exactly the constraints the table has.
    static func makeShapeTable(of table: String, db: Database) throws -> String {
        // One copy per table: sync keeps several tables' mergers open at once.
        let name = Database.quoteIdentifier("lifectl_shape_" + table)
        try db.execute("DROP TABLE IF EXISTS temp.\(name)")
        guard
            let sql = try db.fetchOne(
                String.self, "SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = ?", [table]),
            let open = sql.firstIndex(of: "(")
        else { throw LifeError.bug("\(table) has no CREATE TABLE statement to check rows against") }
        try db.execute("CREATE TEMP TABLE \(name) " + sql[open...])
        return "temp.\(name)"
    }

    /// Drops the empty copy of the table.
    package func finish() throws {
        try db.execute("DROP TABLE IF EXISTS \(shapeTable)")
    }

    /// The file's row on its own, its values over the row as it will be
    /// written: the table's constraints (on the empty copy) and the
    /// product's own sanity rules. Nothing of it is kept.
    /// The file's values over `row`'s, for the columns the file leaves out.
    func fileView(_ row: ImportRow) -> ImportRow {
        var values = row.values
        for (column, value) in row.incoming { values[column] = value }
        return ImportRow(
            table: spec.name, values: values, existing: row.existing, incoming: row.incoming,
            privateColumns: spec.privateColumns, retired: row.retired)
    }

    /// The product's sanity rules on the file's row.
    func checkFileRow(_ row: ImportRow, label: String) throws {
        let view = fileView(row)
        do {
            try product.checkImport(view, context: context)
        } catch let error as LifeError where error.kind == .invalidValue || error.kind == .malformedInput {
            throw refused(error, row: view, label: label)
        }
    }

    /// The table's constraints on the file's row, tried on the empty copy.
    func checkShape(_ row: ImportRow, label: String) throws {
        let view = fileView(row)
        let values = view.values
        let names = values.keys.sorted()
        var arguments = StatementArguments()
        arguments.positional = names.map { values[$0] ?? .null }
        do {
            try db.execute(texts.insert(into: shapeTable, names), arguments)
            try db.execute("DELETE FROM \(shapeTable)")
        } catch let error as DatabaseError where error.constraint != nil {
            throw rowRefused(error, row: view, label: label)
        }
    }

    mutating func merge(_ fileRow: [String: ExportValue], index: Int, report: inout ImportReport) throws {
        let label = rowLabel(fileRow, index: index)
        for name in fileRow.keys.sorted() where !columns.contains(name) && !spec.retiredColumns.contains(name) {
            throw LifeError.malformed(
                "the file's \(label) has a column '\(TerminalText.echoed(name))' that \(spec.name) does not have; nothing was imported",
                field: spec.name)
        }
        // A retired column goes to the product alone (`ImportRow.retired`).
        let retired = try decode(fileRow.filter { spec.retiredColumns.contains($0.key) }, label: label)
        let incoming = try decode(fileRow.filter { !spec.retiredColumns.contains($0.key) }, label: label)
        let keyValues = keys.map { incoming[$0] ?? .null }
        if let missing = keys.first(where: { (incoming[$0] ?? .null).isNull }) {
            throw LifeError.malformed(
                "the file's \(label) has no \(missing), which identifies its row; nothing was imported",
                field: spec.name)
        }
        guard seen.insert(keyValues).inserted else {
            throw LifeError.malformed(
                "the file holds \(label) twice (one key, two rows); nothing was imported", field: spec.name)
        }
        let existing = try find(incoming)
        if spec.role == .reference {
            return try checkReference(incoming, existing: existing, label: label)
        }
        if spec.role == .localOnly, existing != nil { return }
        var row = ImportRow(
            table: spec.name, values: existing.map { merged($0, incoming) } ?? incoming, existing: existing,
            incoming: incoming, privateColumns: spec.privateColumns, retired: retired)
        switch try admit(&row, existing: existing, label: label, identity: keys) {
        case .written(let changed):
            if changed { report.rowsChanged += 1 }
        case .skipped(let skip):
            report.skipped.append(
                SkippedRow(
                    product: product.name, table: spec.name, id: keyValues.map(Self.plain).joined(separator: " "),
                    existingId: skip.existingId, reason: skip.reason))
        case .refused(let error):
            throw refused(error, row: row, label: label)
        }
    }

    /// What became of a row offered to the table.
    package enum Admission {
        /// Written (true) or already as it is (false).
        case written(Bool)
        /// The product's import rule skipped it (`ImportSkip`).
        case skipped(ImportSkip)
        /// The product's import rule refused it here (sync holds it back).
        case refused(LifeError)
    }

    /// The one path every row arriving from elsewhere takes, whoever decided
    /// its values (an import by the table's version column, sync by cell
    /// versions): the product's sanity rules on the arriving values
    /// (`checkImport`), its rules in this database (`prepareImport`, which
    /// may adjust the row), the table's own constraints, then the write.
    /// A row the sanity rules or the constraints refuse is malformed input
    /// (exit 65); one `prepareImport` refuses is answered as `.refused`, for
    /// the caller to refuse the file (import) or hold the row back (sync).
    /// `identity` finds the row here (the key, or a natural key).
    /// With `holdingTriggerRefusals` (sync), a trigger's refusal (a rule
    /// that depends on other rows, such as a countdown that needs a goal)
    /// is answered as `.refused` too.
    package func admit(
        _ row: inout ImportRow, existing: [String: DatabaseValue]?, label: String, identity: [String],
        holdingTriggerRefusals: Bool = false
    ) throws -> Admission {
        try checkFileRow(row, label: label)
        do {
            try product.prepareImport(&row, context: context)
        } catch let skip as ImportSkip {
            // A row left out is still the file's: it must be a sane row.
            try checkShape(row, label: label)
            return .skipped(skip)
        } catch let error as LifeError where error.kind == .invalidValue || error.kind == .malformedInput {
            return .refused(error)
        }
        try checkShape(row, label: label)
        do {
            return .written(try write(row, existing: existing, identity: identity))
        } catch let error as DatabaseError where error.constraint == .trigger && holdingTriggerRefusals {
            return .refused(LifeError.invalid(field: spec.name, error.message))
        } catch let error as DatabaseError where error.constraint != nil {
            throw rowRefused(error, row: row, label: label)
        }
    }

    /// Sync's checks of a row about to be shown, without writing it
    /// (docs/sync.md, section 7, rule 5): the product's rules on the row on
    /// its own (`checkImport`), its preparation of the row here
    /// (`prepareImport`, which may set local columns), then the table's own
    /// constraints. Answers why the row cannot be shown, in the product's
    /// words (a private column's words never quoted), or nil.
    /// The product's preparation of a row about to be written, again: a
    /// value it gives from what the table holds (a thread's next free R*Tree
    /// key) is worked out once the rows written before it are in.
    package func prepare(_ row: inout ImportRow) throws {
        try product.prepareImport(&row, context: context)
    }

    package func holdReason(_ row: inout ImportRow, label: String) throws -> String? {
        do {
            try product.checkImport(fileView(row), context: context)
            try product.prepareImport(&row, context: context)
        } catch let skip as ImportSkip {
            return skip.reason
        } catch let error as LifeError where error.kind == .invalidValue || error.kind == .malformedInput {
            return heldBackReason(error, row: row)
        }
        do {
            try checkShape(row, label: label)
        } catch let error as LifeError {
            return heldBackReason(error, row: row)
        }
        return nil
    }

    // MARK: Reading the file's row

    /// The file's values as the database stores them: through the column's
    /// codec (a track), numbers as the column's declared type, control
    /// characters refused in any text (CORE-9).
    func decode(_ fileRow: [String: ExportValue], label: String) throws -> [String: DatabaseValue] {
        var values: [String: DatabaseValue] = [:]
        for (column, value) in fileRow.sorted(by: { $0.key < $1.key }) {
            let policy = spec.columns[column] ?? .lastWriterWins()
            if policy == .derived { continue }
            var stored: DatabaseValue
            do {
                if let codec = spec.codecs[column], value != .null {
                    stored = try codec.import(value, column)
                } else {
                    stored = try value.databaseValue(column: column)
                }
            } catch let error as LifeError {
                throw LifeError.malformed(
                    "the file's \(label) is refused: \(error.message); nothing was imported", field: spec.name)
            }
            switch (types[column], stored) {
            case ("REAL", .integer(let number)): stored = .real(Double(number))
            case ("INTEGER", .real(let number)) where number.rounded() == number && abs(number) < 9e15:
                stored = .integer(Int64(number))
            default: break
            }
            if case .text(let text) = stored, let scalar = TextRule.forbiddenScalar(in: text) {
                throw LifeError.malformed(
                    "the file's \(label) has \(column) with the control character \(TextRule.codePoint(scalar)); only newline and tab are allowed in text; nothing was imported",
                    field: spec.name)
            }
            values[column] = stored
        }
        return values
    }

    /// The row here that the file's row is: by key, else by a natural key.
    func find(_ incoming: [String: DatabaseValue]) throws -> [String: DatabaseValue]? {
        if let row = try fetch(where: keys, incoming) { return row }
        for natural in spec.naturalKeys where natural.allSatisfy({ !(incoming[$0] ?? .null).isNull }) {
            if let row = try fetch(where: natural, incoming) { return row }
        }
        return nil
    }

    func fetch(where columns: [String], _ values: [String: DatabaseValue]) throws -> [String: DatabaseValue]? {
        let condition = columns.map { "\(Database.quoteIdentifier($0)) = ?" }.joined(separator: " AND ")
        var arguments = StatementArguments()
        arguments.positional = columns.map { values[$0] ?? .null }
        guard
            let row = try db.fetchOne(
                "SELECT * FROM \(Database.quoteIdentifier(spec.name)) WHERE \(condition)", arguments)
        else { return nil }
        var found: [String: DatabaseValue] = [:]
        for (index, name) in row.columnNames.enumerated() { found[name] = row[index] }
        return found
    }

    // MARK: Merging

    /// The row here merged with the file's, column by column by policy.
    func merged(_ existing: [String: DatabaseValue], _ incoming: [String: DatabaseValue]) -> [String: DatabaseValue] {
        // Last-writer-wins compares the rows' versions; with none, or equal
        // ones, the row here stays as it is.
        let fileIsNewer =
            spec.version.map { column in
                DatabaseValue.compare(incoming[column] ?? .null, existing[column] ?? .null) == .orderedDescending
            } ?? false
        var result = existing
        for (column, value) in incoming {
            let here = existing[column] ?? .null
            switch spec.columns[column] ?? .lastWriterWins() {
            case .key, .createdOnce, .localOnly, .derived, .serverWins:
                continue
            case .lastWriterWins:
                if fileIsNewer { result[column] = value }
            case .withheld:
                // A null that arrives is a value withheld, never "no mood".
                if !value.isNull && (here.isNull || fileIsNewer) { result[column] = value }
            case .earliest:
                if here.isNull || (!value.isNull && DatabaseValue.compare(value, here) == .orderedAscending) {
                    result[column] = value
                }
            case .latest:
                if here.isNull || (!value.isNull && DatabaseValue.compare(value, here) == .orderedDescending) {
                    result[column] = value
                }
            }
        }
        return result
    }

    /// A catalogue row must be this build's, as it is.
    func checkReference(_ incoming: [String: DatabaseValue], existing: [String: DatabaseValue]?, label: String) throws {
        guard let existing else {
            throw LifeError(
                kind: .malformedInput, field: spec.name,
                message:
                    "the file's \(label) is not in this build's catalogue, which an import cannot add to; nothing was imported",
                remedy: .newerVersion)
        }
        for column in incoming.keys.sorted() where incoming[column] != existing[column] {
            throw LifeError.malformed(
                "the file's \(label) has \(column) \(Self.quoted(incoming[column] ?? .null)) where this build's catalogue has \(Self.quoted(existing[column] ?? .null)); the catalogue cannot be changed by an import; nothing was imported",
                field: spec.name)
        }
    }

    // MARK: Writing

    /// Writes `row`: an INSERT for a new row, an UPDATE of the columns that
    /// changed for a row here, found by `identity` (none changed: nothing is
    /// written, no trigger runs). Answers whether anything was written.
    package func write(_ row: ImportRow, existing: [String: DatabaseValue]?, identity: [String]) throws -> Bool {
        let table = Database.quoteIdentifier(spec.name)
        guard let existing else {
            let names = row.values.keys.sorted()
            var arguments = StatementArguments()
            arguments.positional = names.map { row.values[$0] ?? .null }
            try db.execute(texts.insert(into: table, names), arguments)
            return true
        }
        let changed = row.values.keys.sorted().filter { row.values[$0] != existing[$0] && !identity.contains($0) }
        guard !changed.isEmpty else { return false }
        var arguments = StatementArguments()
        arguments.positional = changed.map { row.values[$0] ?? .null } + identity.map { existing[$0] ?? .null }
        try db.execute(texts.update(table, set: changed, where: identity), arguments)
        return true
    }

    /// Deletes the row whose `identity` columns hold `values`; answers
    /// whether there was one.
    package func delete(identity: [String], values: [DatabaseValue]) throws -> Bool {
        var arguments = StatementArguments()
        arguments.positional = values
        try db.execute(
            "DELETE FROM \(Database.quoteIdentifier(spec.name)) WHERE "
                + identity.map { "\(Database.quoteIdentifier($0)) = ?" }.joined(separator: " AND "), arguments)
        return db.changes > 0
    }
}
