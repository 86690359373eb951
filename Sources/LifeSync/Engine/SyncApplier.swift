import Foundation
import LifeCore
import LifeDB
import LifeExchange
import LifeKernel

/// Merges arriving records with this site's and makes the tables agree
/// (docs/sync.md, sections 5–7), inside the apply's transaction. Every row
/// it writes goes through `TableMerger.admit`, the path an import takes:
/// the product's rules, the table's constraints (SPEC CORE-12).
struct SyncApplier {
    let db: Database
    let catalog: SyncCatalog
    var metadata: SyncMetadata
    let registry: ProductRegistry
    let context: ImportContext
    var mergers: [String: TableMerger] = [:]
    var report = SyncApplyReport()

    init(db: Database, catalog: SyncCatalog, metadata: SyncMetadata, registry: ProductRegistry, context: ImportContext)
    {
        self.db = db
        self.catalog = catalog
        self.metadata = metadata
        self.registry = registry
        self.context = context
    }

    /// What became of a record offered to its table.
    enum Outcome {
        case shown(changed: Bool)
        case held(String)
    }

    mutating func merger(_ table: SyncTable) throws -> TableMerger {
        if let merger = mergers[table.name] { return merger }
        guard let product = registry.product(named: table.product) else {
            throw LifeError.bug("\(table.name) has no product")
        }
        let merger = try TableMerger(spec: table.spec, product: product, db: db, context: context)
        mergers[table.name] = merger
        return merger
    }

    /// `finishes` the shape tables of the mergers.
    func finish() throws {
        for merger in mergers.values { try merger.finish() }
    }

    func serverClass(_ site: SiteID) -> Int { metadata.serverClass(site) }

    // MARK: Receiving

    mutating func receive(_ arriving: SyncRecord) throws {
        guard let table = catalog.table(named: arriving.table) else { return }
        guard
            let incoming = arriving.keepingServerData(
                table: table, localSite: metadata.site, serverClass: { metadata.serverClass($0) })
        else { return }
        let local = try metadata.record(table, identity: incoming.identity)
        let merged =
            local.map { SyncRecord.merge($0.record, incoming, table: table, serverClass: serverClass) } ?? incoming
        if let local, merged == local.record { return }
        try metadata.store(merged, table: table, previous: local?.record)
        try settle(merged, table: table, place: local?.place ?? .absent, row: local?.row)
    }

    /// Makes the table (and `sync_parked`) agree with `record`.
    mutating func settle(_ record: SyncRecord, table: SyncTable, place: SyncPlace, row: [String: DatabaseValue]?)
        throws
    {
        guard record.isAlive else {
            switch place {
            case .shown:
                try unshow(table, identity: record.identity, reason: "its \(table.name) row was deleted")
                report.rowsChanged += 1
            case .parked:
                try metadata.unpark(table, identity: record.identity)
            case .absent:
                break
            }
            return
        }
        switch try show(record, table: table, existing: row) {
        case .shown(let changed):
            if changed { report.rowsChanged += 1 }
            if place == .parked { try metadata.unpark(table, identity: record.identity) }
        case .held(let reason):
            if place == .shown {
                try unshow(table, identity: record.identity, reason: "its \(table.name) row is held back")
                report.rowsChanged += 1
            }
            try metadata.park(record, table: table, reason: reason)
            report.heldBack.append(
                SyncApplyReport.HeldBack(table: table.name, id: Self.describe(record.identity), reason: reason))
        }
    }

    /// Tries every parked record again until none moves.
    mutating func retryParked() throws {
        var moved = true
        while moved {
            moved = false
            for row in try db.fetchAll("SELECT t, k FROM sync_parked ORDER BY t, k") {
                guard let table = catalog.table(ordinal: try row.get(at: 0)) else { continue }
                let identity = try metadata.identity(table, key: row[1])
                guard let local = try metadata.record(table, identity: identity), local.place == .parked else {
                    try metadata.unpark(table, identity: identity)
                    continue
                }
                if case .shown = try show(local.record, table: table, existing: nil) {
                    try metadata.unpark(table, identity: identity)
                    report.rowsChanged += 1
                    report.heldBack.removeAll { $0.table == table.name && $0.id == Self.describe(identity) }
                    moved = true
                }
            }
        }
    }

    // MARK: Showing

    static func describe(_ identity: [DatabaseValue]) -> String {
        identity.map { value in
            switch value {
            case .text(let text): text
            case .integer(let number): String(number)
            default: value.description
            }
        }.joined(separator: " ")
    }

    static func label(_ table: SyncTable, _ identity: [DatabaseValue]) -> String {
        let pairs = zip(table.identity, identity).map { "\($0) \(TableMerger.quoted($1))" }
        return "\(table.name) row (\(pairs.joined(separator: ", ")))"
    }

    /// Writes the record's row, or says why it cannot be shown (section 7).
    mutating func show(_ record: SyncRecord, table: SyncTable, existing: [String: DatabaseValue]?) throws -> Outcome {
        // 1. A row not here needs all of it: a bundle written for devices
        // that had the row's creation carries only its later units.
        if existing == nil,
            let missing = table.units.first(where: { Self.mustArrive($0) && record.units[$0.name] == nil })
        {
            return .held("the rest of the row (\(missing.columns.joined(separator: ", "))) has not arrived yet")
        }
        // 2. Every row it references is shown.
        for key in table.parents {
            let values = key.columns.map { record.values[$0] ?? .null }
            guard !values.contains(where: \.isNull) else { continue }
            var arguments = StatementArguments()
            arguments.positional = values
            let found = try db.fetchOne(
                Int.self,
                "SELECT count(*) FROM \(Database.quoteIdentifier(key.parent)) WHERE \(SyncMetadata.condition(key.parentColumns))",
                arguments)
            if found == 0 { return .held("the \(key.parent) row it belongs to is not here") }
        }
        var values = existing ?? table.localDefaults
        for column in table.travellingColumns {
            if let value = record.values[column] { values[column] = value }
        }
        // 3. No other shown row holds its unique values, unless it was created later.
        for index in table.uniqueIndexes {
            let keyValues = index.columns.map { values[$0] ?? .null }
            guard !keyValues.contains(where: \.isNull) else { continue }
            var arguments = StatementArguments()
            arguments.positional = keyValues
            let condition = index.condition.map { " AND (\($0))" } ?? ""
            let others = try db.fetchAll(
                "SELECT \(table.identity.map(Database.quoteIdentifier).joined(separator: ", ")) FROM \(Database.quoteIdentifier(table.name)) WHERE \(SyncMetadata.condition(index.columns))\(condition)",
                arguments)
            for other in others {
                let identity = other.values
                guard identity != record.identity else { continue }
                let theirs = try metadata.creationVersion(table, identity: identity)
                if let theirs, theirs < record.version {
                    return .held(
                        "another \(table.name) row, created first, has the same \(index.columns.joined(separator: ", "))"
                    )
                }
                guard let their = try metadata.record(table, identity: identity)?.record else { continue }
                try unshow(table, identity: identity, reason: "its \(table.name) row is held back")
                let reason =
                    "another \(table.name) row, created first, has the same \(index.columns.joined(separator: ", "))"
                try metadata.park(their, table: table, reason: reason)
                report.heldBack.append(
                    SyncApplyReport.HeldBack(table: table.name, id: Self.describe(identity), reason: reason))
                report.rowsChanged += 1
            }
        }
        // 4. The product's rules, the table's constraints, the write.
        var incoming: [String: DatabaseValue] = [:]
        for column in table.travellingColumns { incoming[column] = record.values[column] }
        var row = ImportRow(
            table: table.name, values: values, existing: existing, incoming: incoming,
            privateColumns: table.spec.privateColumns)
        let merger = try self.merger(table)
        context.notes.values[HybridClock.arrivingCreationNote] = .integer(record.version.hlc)
        defer { context.notes.values[HybridClock.arrivingCreationNote] = nil }
        switch try merger.admit(
            &row, existing: existing, label: Self.label(table, record.identity), identity: table.identity,
            holdingTriggerRefusals: true)
        {
        case .written(let changed): return .shown(changed: changed)
        case .skipped(let skip): return .held(skip.reason)
        case .refused(let error): return .held(merger.heldBackReason(error, row: row))
        }
    }

    /// A unit every bundle that carries a row whole holds (a withheld or
    /// server unit may be absent from one).
    static func mustArrive(_ unit: SyncUnit) -> Bool {
        switch unit.kind {
        case .lastWriterWins, .created, .earliest, .latest: true
        case .withheld, .server: false
        }
    }

    /// Removes a shown row, parking its shown children first (their
    /// records stay alive: a parent created again brings them back).
    mutating func unshow(_ table: SyncTable, identity: [DatabaseValue], reason: String) throws {
        guard let row = try metadata.row(table, identity: identity) else { return }
        for child in catalog.children(of: table.name) {
            for key in child.parents where key.parent == table.name {
                let values = key.parentColumns.map { row[$0] ?? .null }
                guard !values.contains(where: \.isNull) else { continue }
                var arguments = StatementArguments()
                arguments.positional = values
                let rows = try db.fetchAll(
                    "SELECT \(child.identity.map(Database.quoteIdentifier).joined(separator: ", ")) FROM \(Database.quoteIdentifier(child.name)) WHERE \(SyncMetadata.condition(key.columns))",
                    arguments)
                for childRow in rows {
                    let childIdentity = childRow.values
                    guard let local = try metadata.record(child, identity: childIdentity), local.place == .shown
                    else { continue }
                    let record = local.record
                    let childReason = "the \(table.name) row it belongs to is not here"
                    try unshow(child, identity: childIdentity, reason: childReason)
                    if record.isAlive {
                        try metadata.park(record, table: child, reason: childReason)
                        report.heldBack.append(
                            SyncApplyReport.HeldBack(
                                table: child.name, id: Self.describe(childIdentity), reason: childReason))
                    }
                    report.rowsChanged += 1
                }
            }
        }
        // This device's own children (a recording's live points) go with it,
        // as the schema's cascade would: the apply runs with foreign keys off.
        for (child, key) in catalog.localChildren where key.parent == table.name {
            let values = key.parentColumns.map { row[$0] ?? .null }
            var arguments = StatementArguments()
            arguments.positional = values
            try db.execute(
                "DELETE FROM \(Database.quoteIdentifier(child)) WHERE \(SyncMetadata.condition(key.columns))", arguments
            )
        }
        _ = try merger(table).delete(identity: table.identity, values: identity)
    }
}
