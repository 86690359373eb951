import Foundation
import LifeCore
import LifeDB
import LifeKernel
import Synchronization

/// The merge units of one synced table (docs/sync.md, section 1): the
/// columns that merge together, and the rule they merge by.
package struct SyncUnit: Sendable, Hashable {
    package enum Kind: String, Sendable, Hashable {
        /// Last writer wins: the later unit version (a column, or a group).
        case lastWriterWins
        /// `@created`: the created-once columns (and, in a table with a
        /// natural key, its primary key).
        case created
        /// The smaller value; null never wins.
        case earliest
        /// The larger value; null never wins.
        case latest
        /// Last writer wins, absent while the product withholds it.
        case withheld
        /// Only a server's versions are applied (a column, or `@server`).
        case server
    }

    /// Its number within the table, as the triggers record it (`sync_cell.u`).
    package let ordinal: Int
    /// `@created`, `@server`, `group:NAME`, or the column's name.
    package let name: String
    package let kind: Kind
    /// Its columns, in the table's order.
    package let columns: [String]
}

/// A foreign key from a synced table to another synced table.
package struct SyncForeignKey: Sendable, Hashable {
    package let parent: String
    /// Pairs of (column here, column of the parent).
    package let columns: [String]
    package let parentColumns: [String]
}

/// A UNIQUE index other than the primary key's and the identity's.
package struct SyncUniqueIndex: Sendable, Hashable {
    package let name: String
    package let columns: [String]
    /// Per column: compared without ASCII case (COLLATE NOCASE).
    package let noCase: [Bool]
    /// The condition of a partial index (`source_sha256 IS NOT NULL`), if any.
    package let condition: String?
    /// Every column is created once: the value names a thing (the same
    /// GPX track), and the rows holding it are that thing's copies
    /// (docs/sync.md, section 7); else it is a name a row may change.
    package let namesAThing: Bool
}

/// One synced table as sync sees it: its identity, its units, its parents.
package final class SyncTable: Sendable {
    package let name: String
    package let product: String
    /// Its number in `sync_table`, which the metadata stores.
    package let ordinal: Int
    /// Its place in the registry's order (parents before children), from 0.
    package let position: Int
    package let spec: TableSpec
    /// Every column, in the table's order.
    package let columns: [String]
    /// Each column's declared type, upper case (`TEXT`, `INTEGER`, `REAL`, `BLOB`).
    package let types: [String: String]
    package let primaryKey: [String]
    /// The natural key when the product declares one, else the primary key.
    package let identity: [String]
    package let hasNaturalKey: Bool
    package let units: [SyncUnit]
    /// Server-owned: every travelling column outside the identity is server-wins.
    package let serverOwned: Bool
    package let parents: [SyncForeignKey]
    package let uniqueIndexes: [SyncUniqueIndex]
    /// The declared defaults of the columns that never travel (a row new
    /// here takes them, as an INSERT without them would).
    package let localDefaults: [String: DatabaseValue]
    /// The product's rule over groups of records (LifeTimer's goals).
    package var group: SyncGroupRule? { spec.syncGroup }
    /// The rows of other tables that keep a row of this one out.
    package var coverage: [SyncCoverage] { spec.syncCoverage }

    /// Each column's unit, by name.
    let unitOfColumn: [String: SyncUnit]
    let unitByName: [String: SyncUnit]
    /// Every column that travels, the identity's included, in the table's order.
    package let travellingColumns: [String]
    /// The columns whose values are sealed in a bundle while the row's
    /// `sealedUntil` column is null (a Hereafter note not yet discovered).
    package let sealedColumns: [String]
    /// `SELECT * FROM table WHERE` its identity, one `?` per identity column.
    let selectRowSQL: String

    init(
        name: String, product: String, ordinal: Int, position: Int, spec: TableSpec, columns: [String],
        types: [String: String],
        primaryKey: [String], identity: [String], hasNaturalKey: Bool, units: [SyncUnit], serverOwned: Bool,
        parents: [SyncForeignKey], uniqueIndexes: [SyncUniqueIndex], localDefaults: [String: DatabaseValue]
    ) {
        self.name = name
        self.product = product
        self.ordinal = ordinal
        self.position = position
        self.spec = spec
        self.columns = columns
        self.types = types
        self.primaryKey = primaryKey
        self.identity = identity
        self.hasNaturalKey = hasNaturalKey
        self.units = units
        self.serverOwned = serverOwned
        self.parents = parents
        self.uniqueIndexes = uniqueIndexes
        self.localDefaults = localDefaults
        var byColumn: [String: SyncUnit] = [:]
        for unit in units { for column in unit.columns { byColumn[column] = unit } }
        unitOfColumn = byColumn
        unitByName = Dictionary(units.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        travellingColumns = columns.filter { identity.contains($0) || byColumn[$0] != nil }
        sealedColumns =
            spec.sealedUntil == nil ? [] : columns.filter { spec.privateColumns.contains($0) && byColumn[$0] != nil }
        selectRowSQL =
            "SELECT * FROM \(Database.quoteIdentifier(name)) WHERE \(SyncMetadata.condition(identity))"
    }

    /// The unit a column belongs to (none for identity, local-only and derived columns).
    package func unit(of column: String) -> SyncUnit? { unitOfColumn[column] }

    package func unit(named name: String) -> SyncUnit? { unitByName[name] }
}

/// Every synced table of a registry, in the registry's order (parents
/// before children), with what `PRAGMA` says of its columns, keys and
/// indexes, and its number from `sync_table`. The capture triggers
/// (`SyncTriggers`) and the engine both read it, so they cannot disagree on
/// a unit's number.
package struct SyncCatalog: Sendable {
    package let tables: [SyncTable]
    private let byName: [String: SyncTable]
    private let byOrdinal: [Int: SyncTable]
    /// Foreign keys from tables that stay on this device (local-only) to
    /// synced tables: when sync removes a parent, it removes these children
    /// (the cascade the schema declares; an apply runs with foreign keys off).
    package let localChildren: [(table: String, key: SyncForeignKey)]
    /// The tables that had no number in `sync_table` (only when generating:
    /// the generated SQL numbers them).
    package let unnumbered: [SyncTable]
    /// The tables that reference each table, by its name.
    private let childrenByName: [String: [SyncTable]]
    /// The tables some other record's place depends on (see `hasDependents`).
    private let withDependents: Set<String>

    package func table(named name: String) -> SyncTable? { byName[name] }

    package func table(ordinal: Int) -> SyncTable? { byOrdinal[ordinal] }

    /// The tables that reference `table`.
    package func children(of table: String) -> [SyncTable] {
        childrenByName[table] ?? []
    }

    /// Whether the place of any record may depend on a record of `table`:
    /// it has children, unique values, a group, or it locks a group or
    /// covers rows of another table (docs/sync.md, section 7).
    package func hasDependents(_ table: String) -> Bool { withDependents.contains(table) }

    /// The catalog of `registry` on `db`'s schema, read once per schema: kept
    /// under the text of the schema's tables and indexes and `sync_table`'s
    /// numbers (everything `init` reads), so a migration, or a table
    /// changed by hand, reads it again. Every apply, bundle and status
    /// asks for it; reading it takes a few hundred `PRAGMA` rows.
    package static func read(registry: ProductRegistry, db: Database) throws -> SyncCatalog {
        let schema =
            try db.fetchOne(
                String.self,
                """
                SELECT group_concat(type || ' ' || name || ' ' || coalesce(sql, ''), char(10))
                FROM sqlite_schema WHERE type IN ('table', 'index')
                """) ?? ""
        let hasNumbers =
            try db.fetchOne(Int.self, "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'sync_table'")
            == 1
        let numbers =
            hasNumbers
            ? try db.fetchOne(String.self, "SELECT group_concat(ordinal || ' ' || name, char(10)) FROM sync_table")
                ?? ""
            : ""
        // Kept as bytes: a String key would be hashed through Unicode
        // normalisation, which costs more than the lookup saves.
        let key = CatalogKey(registry: registry.serial, schema: Data(schema.utf8), numbers: Data(numbers.utf8))
        if let known = catalogs.withLock({ $0[key] }) { return known }
        let catalog = try SyncCatalog(registry: registry, db: db)
        catalogs.withLock { known in
            // A process meets a handful of schemas; a long-lived one that
            // meets more starts again rather than growing.
            if known.count >= 16 { known.removeAll() }
            known[key] = catalog
        }
        return catalog
    }

    private struct CatalogKey: Hashable {
        let registry: Int
        let schema: Data
        let numbers: Data
    }

    private static let catalogs = Mutex<[CatalogKey: SyncCatalog]>([:])

    /// Reads the tables of `registry` from `db`, each with its number from
    /// `sync_table`. A synced table the schema or `sync_table` lacks is a bug
    /// of the build (exit 70). With `generating`, a table the schema lacks
    /// is left out (a migration before the one that creates it) and one
    /// `sync_table` lacks gets the next free number, in the registry's order.
    package init(registry: ProductRegistry, db: Database, generating: Bool = false) throws {
        var numbers: [String: Int] = [:]
        let hasNumbers =
            try db.fetchOne(Int.self, "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'sync_table'")
            == 1
        if hasNumbers {
            for row in try db.fetchAll("SELECT ordinal, name FROM sync_table") {
                numbers[try row.get(String.self, at: 1)] = try row.get(Int.self, at: 0)
            }
        }
        var next = (numbers.values.max() ?? 0) + 1
        var synced: [(any Product, TableSpec)] = []
        for product in registry.products {
            for spec in product.tables where spec.role == .saved {
                if generating,
                    try db.fetchOne(
                        Int.self, "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = ?", [spec.name])
                        == 0
                {
                    continue
                }
                synced.append((product, spec))
            }
        }
        let names = Set(synced.map(\.1.name))
        var tables: [SyncTable] = []
        var unnumbered: [SyncTable] = []
        for (position, (product, spec)) in synced.enumerated() {
            var ordinal = numbers[spec.name]
            if ordinal == nil {
                guard generating else {
                    throw LifeError.bug("the synced table \(spec.name) has no number in sync_table")
                }
                ordinal = next
                next += 1
            }
            let table = try Self.describe(
                spec, product: product.name, ordinal: ordinal ?? 0, position: position, synced: names, db: db)
            if numbers[spec.name] == nil { unnumbered.append(table) }
            tables.append(table)
        }
        self.tables = tables
        self.unnumbered = unnumbered
        byName = Dictionary(tables.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        byOrdinal = Dictionary(tables.map { ($0.ordinal, $0) }, uniquingKeysWith: { first, _ in first })
        var local: [(String, SyncForeignKey)] = []
        for product in registry.products {
            for spec in product.tables where spec.role == .localOnly {
                for key in try Self.foreignKeys(of: spec.name, synced: names, db: db) { local.append((spec.name, key)) }
            }
        }
        localChildren = local
        var children: [String: [SyncTable]] = [:]
        var dependents: Set<String> = []
        for table in tables {
            for parent in Set(table.parents.map(\.parent)) { children[parent, default: []].append(table) }
            if !table.uniqueIndexes.isEmpty || table.group != nil { dependents.insert(table.name) }
            if let lock = table.group?.lock { dependents.insert(lock) }
            for coverage in table.coverage { dependents.insert(coverage.table) }
        }
        dependents.formUnion(children.keys)
        childrenByName = children
        withDependents = dependents
    }

    /// The foreign keys of `table` to tables in `synced`.
    static func foreignKeys(of table: String, synced: Set<String>, db: Database) throws -> [SyncForeignKey] {
        let keys = try db.fetchAll(
            "SELECT id, seq, \"table\", \"from\", \"to\" FROM pragma_foreign_key_list(?) ORDER BY id, seq", [table])
        var byID: [Int: (parent: String, from: [String], to: [String])] = [:]
        for row in keys {
            let id: Int = try row.get(at: 0)
            let parent: String = try row.get(at: 2)
            var entry = byID[id] ?? (parent, [], [])
            entry.from.append(try row.get(String.self, at: 3))
            entry.to.append(try row.get(String.self, at: 4))
            byID[id] = entry
        }
        return byID.keys.sorted().compactMap { id in
            guard let entry = byID[id], synced.contains(entry.parent) else { return nil }
            return SyncForeignKey(parent: entry.parent, columns: entry.from, parentColumns: entry.to)
        }
    }

    static func describe(
        _ spec: TableSpec, product: String, ordinal: Int, position: Int, synced: Set<String>, db: Database
    ) throws -> SyncTable {
        let info = try db.fetchAll(
            "SELECT name, pk, type, dflt_value FROM pragma_table_info(?) ORDER BY cid", [spec.name])
        guard !info.isEmpty else { throw LifeError.bug("the synced table \(spec.name) is not in the schema") }
        let columns = try info.map { try $0.get(String.self, at: 0) }
        var types: [String: String] = [:]
        for row in info { types[try row.get(String.self, at: 0)] = try row.get(String.self, at: 2).uppercased() }
        let primaryKey = try info.map { (try $0.get(Int.self, at: 1), try $0.get(String.self, at: 0)) }
            .filter { $0.0 > 0 }.sorted { $0.0 < $1.0 }.map(\.1)
        let natural = spec.naturalKeys.first
        let identity = natural ?? primaryKey
        func policy(_ column: String) -> MergePolicy { spec.columns[column] ?? .lastWriterWins() }
        let travelling = columns.filter { !identity.contains($0) && policy($0).travels }
        var localDefaults: [String: DatabaseValue] = [:]
        for row in info {
            let column: String = try row.get(at: 0)
            guard !policy(column).travels, let expression = try row.get(String?.self, at: 3),
                let value = try db.fetchOne("SELECT \(expression)")
            else { continue }
            localDefaults[column] = value[0]
        }
        let serverOwned = !travelling.isEmpty && travelling.allSatisfy { policy($0) == .serverWins }

        // Units in the order of their first column.
        var units: [SyncUnit] = []
        var members: [String: [String]] = [:]
        var kinds: [String: SyncUnit.Kind] = [:]
        var order: [String] = []
        for column in travelling {
            let name: String
            let kind: SyncUnit.Kind
            switch policy(column) {
            case .key, .createdOnce: (name, kind) = ("@created", .created)
            case .lastWriterWins(let group):
                (name, kind) = group.map { ("group:\($0)", .lastWriterWins) } ?? (column, .lastWriterWins)
            case .earliest: (name, kind) = (column, .earliest)
            case .latest: (name, kind) = (column, .latest)
            case .withheld: (name, kind) = (column, .withheld)
            case .serverWins: (name, kind) = serverOwned ? ("@server", .server) : (column, .server)
            case .localOnly, .derived: continue
            }
            if members[name] == nil { order.append(name) }
            members[name, default: []].append(column)
            kinds[name] = kind
        }
        for (index, name) in order.enumerated() {
            units.append(
                SyncUnit(ordinal: index, name: name, kind: kinds[name] ?? .lastWriterWins, columns: members[name] ?? [])
            )
        }

        let parents = try foreignKeys(of: spec.name, synced: synced, db: db)

        var uniques: [SyncUniqueIndex] = []
        for index in try db.fetchAll(
            "SELECT name, origin, partial FROM pragma_index_list(?) WHERE \"unique\" = 1 ORDER BY name", [spec.name])
        {
            let name: String = try index.get(at: 0)
            guard try index.get(String.self, at: 1) != "pk" else { continue }
            let keyColumns = try db.fetchAll(
                "SELECT name, coll FROM pragma_index_xinfo(?) WHERE key = 1 ORDER BY seqno", [name])
            let indexColumns = try keyColumns.map { try $0.get(String?.self, at: 0) ?? "" }
            guard !indexColumns.contains("") else {
                throw LifeError.bug("\(spec.name): the unique index \(name) holds an expression sync cannot read")
            }
            // An index holding the whole identity (or primary key) never
            // joins two identities (a goal's `(id, account_id)`).
            if Set(identity).isSubset(of: indexColumns) || Set(primaryKey).isSubset(of: indexColumns) { continue }
            // A key over local-only columns is the product's own numbering.
            if indexColumns.contains(where: { !policy($0).travels }) { continue }
            var condition: String?
            if try index.get(Int.self, at: 2) == 1,
                let sql = try db.fetchOne(
                    String.self, "SELECT sql FROM sqlite_schema WHERE type = 'index' AND name = ?", [name]),
                let range = sql.range(of: " WHERE ", options: [.caseInsensitive, .backwards])
            {
                condition = String(sql[range.upperBound...]).trimmingCharacters(in: .whitespacesAndNewlines)
            }
            let noCase = try keyColumns.map { (try $0.get(String?.self, at: 1) ?? "").uppercased() == "NOCASE" }
            let thing = indexColumns.allSatisfy {
                switch policy($0) {
                case .key, .createdOnce: true
                default: false
                }
            }
            uniques.append(
                SyncUniqueIndex(
                    name: name, columns: indexColumns, noCase: noCase, condition: condition, namesAThing: thing))
        }

        return SyncTable(
            name: spec.name, product: product, ordinal: ordinal, position: position, spec: spec, columns: columns,
            types: types,
            primaryKey: primaryKey,
            identity: identity, hasNaturalKey: natural != nil, units: units, serverOwned: serverOwned, parents: parents,
            uniqueIndexes: uniques, localDefaults: localDefaults)
    }
}
