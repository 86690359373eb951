import Foundation
import LifeCore
import LifeDB
import LifeKernel

/// Export and import of every product's saved rows in one versioned JSON
/// format (docs/json.md, "export"), by the registry's declarations alone:
/// no table is named here (SPEC CORE-12).
///
/// Export writes each exported table's rows in key order, every column but
/// the derived ones (and, for sync, neither local-only columns nor local-only
/// tables; withheld columns as null while their product withholds them).
///
/// Import is a merge (SPEC SYNC-4), one transaction for the whole file: each
/// row of the file meets the row here with the same key (or natural key),
/// each column is merged by its policy (so an older file moves nothing back:
/// a discovered note stays discovered, a newer mark stays), the product
/// checks the merged row by its own rules (`Product.prepareImport`), and
/// only a row that changed is written. The products' invariants run before
/// the commit. Whatever a command would refuse, the import refuses with
/// exit 65 naming the table, the row and the column, and writes nothing.
public struct Exchange: Sendable {
    public let writer: any DatabaseWriter
    public let registry: ProductRegistry
    public let clock: Clock

    public init(_ writer: any DatabaseWriter, registry: ProductRegistry, clock: Clock) {
        self.writer = writer
        self.registry = registry
        self.clock = clock
    }

    /// The products a file may hold, without the kernel's own.
    public var productNames: [String] {
        registry.products.map(\.name).filter { $0 != CoreProduct.productName }
    }

    // MARK: Export

    /// Every exported row of every product (or of `only` and the owner's
    /// shared settings), read in one snapshot.
    public func export(only: String? = nil, forSync: Bool = false) throws -> ExportDocument {
        if let only, !productNames.contains(only) {
            throw LifeError.invalid(
                field: "product",
                "'\(TerminalText.echoed(only))' is not a product; the products are \(productNames.joined(separator: ", "))"
            )
        }
        return try writer.read { db in
            var products: [String: [String: [[String: ExportValue]]]] = [:]
            var sealed = false
            for product in registry.products
            where only == nil || product.name == only || product.name == CoreProduct.productName {
                let withholding = forSync ? try product.isWithholding(db) : false
                var tables: [String: [[String: ExportValue]]] = [:]
                for spec in product.tables where forSync ? spec.isSynced : spec.isExported {
                    let keys = try Self.primaryKey(spec.name, db: db)
                    var rows: [[String: ExportValue]] = []
                    try db.forEachRow(
                        "SELECT * FROM \(Database.quoteIdentifier(spec.name)) ORDER BY "
                            + keys.map(Database.quoteIdentifier).joined(separator: ", ")
                    ) { statement in
                        var object: [String: ExportValue] = [:]
                        for (index, column) in statement.columnNames.enumerated() {
                            let policy = spec.columns[column] ?? .lastWriterWins()
                            if policy == .derived || (forSync && !policy.travels) { continue }
                            let value = statement.value(at: index)
                            if withholding && policy == .withheld {
                                object[column] = .null
                            } else if let codec = spec.codecs[column], !value.isNull {
                                object[column] = try codec.export(value)
                            } else {
                                object[column] = try ExportValue(value)
                            }
                        }
                        if let column = spec.sealedUntil, (object[column] ?? .null) == .null { sealed = true }
                        rows.append(object)
                    }
                    tables[spec.name] = rows
                }
                products[product.name] = tables
            }
            var document = ExportDocument(products: products, forSync: forSync)
            document.holdsSealedContent = sealed
            return document
        }
    }

    /// The file's bytes: pretty-printed, keys sorted, a final newline.
    public static func encode(_ document: ExportDocument) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(document) + Data("\n".utf8)
    }

    // MARK: Import

    /// Merges the export file at `path` (`name` is how messages call it).
    /// The file is streamed: its rows are staged in a temporary table as
    /// they are read (no lock is held meanwhile), then merged in one
    /// transaction (see the type), so memory holds one row at a time.
    @discardableResult
    public func importFile(at path: String, name: String) throws -> ImportReport {
        let json = try JSONReader(path: path, name: name)
        defer { json.close() }
        return try importStream(json)
    }

    /// Merges `document`, through the same path as a file.
    @discardableResult
    public func importDocument(_ document: ExportDocument) throws -> ImportReport {
        try importStream(JSONReader(data: try Self.encode(document), name: "the export"))
    }

    private func importStream(_ json: JSONReader) throws -> ImportReport {
        try writer.inDatabase { db in
            var staged = try StagedImport(db: db, registry: registry)
            defer { staged.drop() }
            var reader = ExportReader(json)
            let header = try reader.read(
                table: { product, table in staged.begin(product, table) },
                row: { product, table, row in try staged.add(product, table, row) })
            try checkHeader(header)
            for name in staged.products() where registry.product(named: name) == nil {
                throw LifeError.malformed(
                    "the file holds a product '\(TerminalText.echoed(name))' that this build does not know (it knows \(productNames.joined(separator: ", "))); nothing was imported",
                    field: "products")
            }
            let clock = try HybridClock.judgingClock(db, latest: staged.latestInstant, now: clock.now())
            // A value that only moves forward, dated after any clock this
            // device accepts, would win over every later change for ever.
            if let forward = staged.latestForward, forward.instant > clock.now() {
                throw LifeError.malformed(
                    "the file's \(forward.table) row says \(forward.column) \(TerminalText.echoed(forward.text)), more than a day after now (\(Timestamp.database(clock.now())) at the latest); such a date would win over every later change, so nothing was imported",
                    field: "\(forward.table).\(forward.column)")
            }
            do {
                return try merge(staged, db: db, clock: clock, baseline: false)
            } catch is ProblemsFound {
                return try merge(staged, db: db, clock: clock, baseline: true)
            }
        }
    }

    /// A format this build reads: `lifectl-export`, version 1 to the current one.
    func checkHeader(_ header: ExportReader.Header) throws {
        guard header.format == ExportDocument.formatName else {
            throw LifeError.malformed(
                "the file is not a lifectl export (it has no \"format\": \"\(ExportDocument.formatName)\")",
                field: "format")
        }
        guard let version = header.version else {
            throw LifeError.malformed(
                "the file has no \"version\"; an export always says its version", field: "version")
        }
        guard version >= 1 else {
            throw LifeError.malformed(
                "the file's format version is \(version); versions start at 1, so the file was not written by lifectl",
                field: "version")
        }
        guard version <= ExportDocument.currentVersion else {
            throw LifeError(
                kind: .malformedInput, field: "version",
                message:
                    "the file's format version is \(version), newer than this build's \(ExportDocument.currentVersion)",
                remedy: .newerVersion)
        }
    }

    /// The first try found problems that may have been there before.
    package struct ProblemsFound: Error {
        package init() {}
    }

    private func merge(_ staged: StagedImport, db: Database, clock checkClock: Clock, baseline: Bool) throws
        -> ImportReport
    {
        try db.withForeignKeysOff {
            // The rows an import writes are this device's changes (docs/sync.md):
            // recorded by the sync triggers at this transaction's clock.
            try db.writeTransaction { db in
                try SyncCapture.stamped(db, now: self.clock.now()) { db in
                    let present = Set(staged.products())
                    let presentProducts = registry.products.filter { present.contains($0.name) }
                    let before = baseline ? Set(try violations(of: presentProducts, db: db, clock: checkClock)) : []
                    var report = ImportReport()
                    let context = ImportContext(db: db, clock: checkClock)
                    for product in presentProducts {
                        let tables = staged.tables(of: product.name)
                        for table in tables.sorted() {
                            guard let spec = product.table(named: table), spec.isExported else {
                                throw LifeError.malformed(
                                    "the file names a table '\(TerminalText.echoed(table))' that \(product.name) does not export; nothing was imported",
                                    field: "products")
                            }
                        }
                        for spec in product.tables where tables.contains(spec.name) {
                            var merger = try TableMerger(spec: spec, product: product, db: db, context: context)
                            var index = 0
                            try staged.forEachRow(product: product.name, table: spec.name) { row in
                                report.rowsRead += 1
                                try merger.merge(row, index: index, report: &report)
                                index += 1
                            }
                            try merger.finish()
                        }
                        do {
                            try product.finishImport(context)
                        } catch let error as DatabaseError where error.constraint != nil {
                            throw LifeError.malformed(
                                "the file's \(product.name) rows do not fit together (\(TerminalText.echoed(error.message))); nothing was imported",
                                field: "products")
                        }
                    }
                    if let first = try db.foreignKeyViolations().first {
                        throw LifeError.malformed(
                            "the file's rows do not fit together: \(first); nothing was imported", field: "products")
                    }
                    let added = try violations(of: presentProducts, db: db, clock: checkClock).filter {
                        !before.contains($0)
                    }
                    if !added.isEmpty {
                        if !baseline { throw ProblemsFound() }
                        throw Self.refusal(added)
                    }
                    return report
                }
            }
        }
    }

    /// The invariants of `products`, each problem prefixed with its product's name.
    package func violations(of products: [any Product], db: Database, clock: Clock) throws -> [String] {
        var problems: [String] = []
        for product in products {
            problems += try product.invariantViolations(db, clock: clock).map { "\(product.name): \($0)" }
        }
        return problems
    }

    /// Refuses a file whose rows break a product's invariants: the problems
    /// the import added, one sentence.
    static func refusal(_ problems: [String]) -> LifeError {
        let shown = 5
        var text = problems.prefix(shown).joined(separator: "; ")
        if problems.count > shown { text += "; and \(problems.count - shown) more" }
        return LifeError.malformed(
            "the file's rows break the products' rules: \(text); nothing was imported", field: "file")
    }

    static func primaryKey(_ table: String, db: Database) throws -> [String] {
        let rows = try db.fetchAll("SELECT name, pk FROM pragma_table_info(?) WHERE pk > 0 ORDER BY pk", [table])
        let keys = try rows.map { try $0.get(String.self, at: 0) }
        if keys.isEmpty {
            return try db.fetchAll("SELECT name FROM pragma_table_info(?) ORDER BY cid", [table]).map {
                try $0.get(String.self, at: 0)
            }
        }
        return keys
    }
}
