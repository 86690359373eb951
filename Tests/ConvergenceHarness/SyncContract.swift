import Foundation
import LifeDB

/// What the reference model knows of the synced tables, read from
/// `docs/sync.md` itself (section 13, the policy of every column) and from
/// the schema (foreign keys and unique indexes, which section 7 names but
/// does not list). Nothing here comes from the sync engine or the registry:
/// the model must stand or fall with the document (REL-7).
struct SyncContract {
    enum Policy: String {
        case lastWriterWins, createdOnce, earliest, latest, withheld, serverWins
    }

    struct Unit {
        let name: String
        let policy: Policy
        let columns: [String]
    }

    /// A reference from a child's `columns` to the parent's `parentColumns`.
    struct ForeignKey {
        let parent: String
        let columns: [String]
        let parentColumns: [String]
    }

    /// A UNIQUE index over travelling columns other than the identity's.
    struct UniqueIndex {
        let name: String
        let columns: [String]
        /// Per column: true when it compares without case (COLLATE NOCASE).
        let noCase: [Bool]
    }

    struct Table {
        let name: String
        let product: String
        /// The identity's columns, in the document's order.
        let identity: [String]
        let hasNaturalKey: Bool
        /// The travelling units (section 1), in the document's order.
        let units: [Unit]
        /// Every travelling column outside the identity, in the document's order.
        let travelling: [String]
        /// Section 1: every travelling column outside the identity is *server wins*.
        let serverOwned: Bool
        var parents: [ForeignKey] = []
        var uniqueIndexes: [UniqueIndex] = []

        /// The columns the model reads and compares: identity, then travelling.
        var columns: [String] { identity + travelling }

        func unit(named name: String) -> Unit? { units.first { $0.name == name } }

        var withheldUnits: [Unit] { units.filter { $0.policy == .withheld } }
    }

    /// In the document's order, which is the registry's (parents first).
    let tables: [Table]

    func table(_ name: String) -> Table? { tables.first { $0.name == name } }

    /// The document next to this test's package.
    static var documentURL: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/sync.md")
    }

    struct ContractError: Error, CustomStringConvertible {
        let description: String
    }

    /// Reads section 13's table and completes it from the schema of `db`.
    static func load(schema db: Database) throws -> SyncContract {
        let text = try String(contentsOf: documentURL, encoding: .utf8)
        var tables = try parsePolicyTable(text)
        for index in tables.indices {
            try describeSchema(of: &tables[index], in: db, all: tables)
        }
        return SyncContract(tables: tables)
    }

    /// The rows between the generated table's markers: product, table,
    /// column, policy, unit.
    static func parsePolicyTable(_ text: String) throws -> [Table] {
        guard let start = text.range(of: "<!-- policy table"),
            let end = text.range(of: "<!-- end of policy table -->")
        else { throw ContractError(description: "docs/sync.md has no policy table (section 13)") }
        struct Line {
            let product, table, column, policy, unit: String
        }
        var lines: [Line] = []
        for raw in text[start.upperBound..<end.lowerBound].split(separator: "\n") {
            let cells = raw.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "`", with: "")
            }
            guard cells.count == 7, cells[1] != "product", !cells[1].hasPrefix("---") else { continue }
            lines.append(Line(product: cells[1], table: cells[2], column: cells[3], policy: cells[4], unit: cells[5]))
        }
        var order: [String] = []
        var byTable: [String: [Line]] = [:]
        for line in lines {
            if byTable[line.table] == nil { order.append(line.table) }
            byTable[line.table, default: []].append(line)
        }
        return try order.map { name in
            let rows = byTable[name] ?? []
            var identity: [String] = []
            var travelling: [String] = []
            var unitOrder: [String] = []
            var unitColumns: [String: [String]] = [:]
            var unitPolicies: [String: Set<Policy>] = [:]
            var natural = false
            for row in rows {
                if row.policy == "natural key" { natural = true }
                if row.unit == "(identity)" {
                    identity.append(row.column)
                    continue
                }
                if row.unit == "—" { continue }  // local only, derived: never sent
                let policy: Policy
                switch row.policy {
                case "last writer wins": policy = .lastWriterWins
                case "created once", "key, created once": policy = .createdOnce
                case "earliest": policy = .earliest
                case "latest": policy = .latest
                case "withheld": policy = .withheld
                case "server wins": policy = .serverWins
                default:
                    throw ContractError(
                        description:
                            "docs/sync.md: \(name).\(row.column) has policy '\(row.policy)' the model does not know")
                }
                travelling.append(row.column)
                if unitColumns[row.unit] == nil { unitOrder.append(row.unit) }
                unitColumns[row.unit, default: []].append(row.column)
                unitPolicies[row.unit, default: []].insert(policy)
            }
            let units = try unitOrder.map { unit -> Unit in
                let policies = unitPolicies[unit] ?? []
                guard policies.count == 1, let policy = policies.first else {
                    throw ContractError(description: "docs/sync.md: unit \(unit) of \(name) mixes policies \(policies)")
                }
                return Unit(name: unit, policy: policy, columns: unitColumns[unit] ?? [])
            }
            let serverOwned = !travelling.isEmpty && units.allSatisfy { $0.policy == .serverWins }
            return Table(
                name: name, product: rows.first?.product ?? "", identity: identity, hasNaturalKey: natural,
                units: units, travelling: travelling, serverOwned: serverOwned)
        }
    }

    /// Foreign keys to other synced tables and unique indexes over
    /// travelling columns, from the schema; and a check that the document
    /// lists every column the table has.
    static func describeSchema(of table: inout Table, in db: Database, all: [Table]) throws {
        let columns = try db.fetchAll("SELECT name FROM pragma_table_info(?)", [table.name]).compactMap {
            if case .text(let name) = $0[0] { return name } else { return nil }
        }
        guard !columns.isEmpty else {
            throw ContractError(description: "docs/sync.md lists \(table.name), which the schema does not have")
        }
        let listed = Set(table.identity + table.travelling)
        let localOnly = Set(columns).subtracting(listed)
        let synced = Set(all.map(\.name))
        var keys: [Int64: (parent: String, from: [String], to: [String?])] = [:]
        for row in try db.fetchAll(
            "SELECT id, \"table\", \"from\", \"to\" FROM pragma_foreign_key_list(?) ORDER BY id, seq", [table.name])
        {
            guard case .integer(let id) = row[0], case .text(let parent) = row[1], case .text(let from) = row[2]
            else { continue }
            let to: String? = if case .text(let name) = row[3] { name } else { nil }
            keys[id, default: (parent, [], [])].from.append(from)
            keys[id, default: (parent, [], [])].to.append(to)
        }
        for id in keys.keys.sorted() {
            guard let key = keys[id], synced.contains(key.parent) else { continue }
            var parentColumns: [String] = []
            for (offset, column) in key.to.enumerated() {
                if let column {
                    parentColumns.append(column)
                } else {
                    // The parent's primary key, in order.
                    let primary = try db.fetchAll(
                        "SELECT name FROM pragma_table_info(?) WHERE pk > 0 ORDER BY pk", [key.parent])
                    guard offset < primary.count, case .text(let name) = primary[offset][0] else {
                        throw ContractError(
                            description: "\(table.name): a foreign key to \(key.parent) without columns")
                    }
                    parentColumns.append(name)
                }
            }
            table.parents.append(ForeignKey(parent: key.parent, columns: key.from, parentColumns: parentColumns))
        }
        for index in try db.fetchAll(
            "SELECT name, partial FROM pragma_index_list(?) WHERE \"unique\" = 1 AND origin <> 'pk'", [table.name])
        {
            guard case .text(let name) = index[0] else { continue }
            let keyColumns = try db.fetchAll(
                "SELECT name, coll FROM pragma_index_xinfo(?) WHERE key = 1 ORDER BY seqno", [name])
            let names = keyColumns.compactMap { row -> String? in
                if case .text(let column) = row[0] { return column } else { return nil }
            }
            guard names.count == keyColumns.count else {
                throw ContractError(description: "\(table.name): unique index \(name) over an expression")
            }
            // Indexes over a local-only column are the products' business,
            // and one holding the whole identity never joins two identities.
            if names.contains(where: localOnly.contains) || Set(table.identity).isSubset(of: names) { continue }
            if case .integer(1) = index[1] {
                // Only "WHERE c IS NOT NULL" over the index's own columns is
                // understood: NULLs never collide in a unique index anyway.
                let sql = try db.fetchOne("SELECT sql FROM sqlite_master WHERE name = ?", [name])
                let text: String = if case .text(let s) = sql?[0] { s } else { "" }
                let condition = text.components(separatedBy: " WHERE ").last ?? ""
                let plain = names.contains { condition.trimmingCharacters(in: .whitespaces) == "\($0) IS NOT NULL" }
                guard plain else {
                    throw ContractError(
                        description:
                            "\(table.name): partial unique index \(name) (\(condition)) the model does not read")
                }
            }
            let noCase = keyColumns.map { row -> Bool in
                if case .text(let collation) = row[1] { return collation.uppercased() == "NOCASE" }
                return false
            }
            table.uniqueIndexes.append(UniqueIndex(name: name, columns: names, noCase: noCase))
        }
    }
}
