import Foundation
import LifeCore
import LifeDB
import LifeKernel

/// Where a record's values are (docs/sync.md, section 3): in its table
/// (shown), in `sync_parked` (alive, kept out for a reason), in
/// `sync_kept` (deleted: a tombstone's values), or nowhere (a tombstone
/// that never had them here).
enum SyncPlace: Equatable {
    case shown
    case parked
    case kept
}

/// This site's record of an identity, where its values are, its row in the
/// table when shown (every column), and why it is parked when it is.
struct SyncLocal {
    var record: SyncRecord
    var place: SyncPlace
    var row: [String: DatabaseValue]?
    var reason: String?
    /// Whether the person has been told why it is parked.
    var told = true
}

/// This site's sync tables (docs/sync.md, section 3), read and written
/// inside a transaction the engine opened.
struct SyncMetadata {
    let db: Database
    let catalog: SyncCatalog
    let site: SiteID
    let role: SiteRole
    /// Site number → site; 0 is this site.
    private(set) var sites: [Int: (id: SiteID, role: SiteRole)] = [:]
    private(set) var ordinals: [SiteID: Int] = [:]

    init(db: Database, catalog: SyncCatalog) throws {
        self.db = db
        self.catalog = catalog
        guard let row = try db.fetchOne("SELECT site, role FROM sync_site WHERE id = 1"),
            let site = SiteID(bytes: try row.get(Data.self, at: 0)),
            let role = SiteRole(rawValue: try row.get(String.self, at: 1))
        else { throw LifeError.bug("sync_site has no site") }
        self.site = site
        self.role = role
        sites[0] = (site, role)
        ordinals[site] = 0
        for peer in try db.fetchAll("SELECT ordinal, site, role FROM sync_peer") {
            guard let id = SiteID(bytes: try peer.get(Data.self, at: 1)),
                let peerRole = SiteRole(rawValue: try peer.get(String.self, at: 2))
            else { continue }
            let ordinal: Int = try peer.get(at: 0)
            sites[ordinal] = (id, peerRole)
            ordinals[id] = ordinal
        }
    }

    // MARK: Sites

    func serverClass(_ id: SiteID) -> Int {
        guard let ordinal = ordinals[id], let entry = sites[ordinal] else { return 0 }
        return entry.role == .server ? 1 : 0
    }

    /// The number of `id`, learning it (with `role`) when new. A site known
    /// with another role is a malformed bundle (a role never changes).
    mutating func ordinal(of id: SiteID, role: SiteRole) throws -> Int {
        if let ordinal = ordinals[id] {
            if let known = sites[ordinal]?.role, known != role {
                throw LifeError.malformed(
                    "the bundle says site \(id.hex) is a \(role.rawValue), but this device knows it as a \(known.rawValue); nothing was applied",
                    field: "bundle")
            }
            return ordinal
        }
        let ordinal = (sites.keys.max() ?? 0) + 1
        try db.execute(
            "INSERT INTO sync_peer (ordinal, site, role) VALUES (?, ?, ?)", [ordinal, id.bytes, role.rawValue])
        sites[ordinal] = (id, role)
        ordinals[id] = ordinal
        return ordinal
    }

    func siteID(_ ordinal: Int) throws -> SiteID {
        guard let entry = sites[ordinal] else { throw LifeError.bug("sync metadata names site \(ordinal), unknown") }
        return entry.id
    }

    func knownOrdinal(_ id: SiteID) throws -> Int {
        guard let ordinal = ordinals[id] else { throw LifeError.bug("site \(id.hex) is not in sync_peer") }
        return ordinal
    }

    func version(_ hlc: Int64, _ ordinal: Int) throws -> SyncVersion {
        SyncVersion(hlc: hlc, site: try siteID(ordinal))
    }

    // MARK: Identities

    /// `sync_row.k` for an identity: the value, or the JSON array SQLite makes.
    func key(_ table: SyncTable, _ identity: [DatabaseValue]) throws -> DatabaseValue {
        if identity.count == 1, let value = identity.first { return value }
        var arguments = StatementArguments()
        arguments.positional = identity
        let placeholders = Array(repeating: "?", count: identity.count).joined(separator: ", ")
        guard let row = try db.fetchOne("SELECT json_array(\(placeholders))", arguments) else {
            throw LifeError.bug("json_array gave nothing")
        }
        return row[0]
    }

    /// The identity's values from `sync_row.k`.
    func identity(_ table: SyncTable, key: DatabaseValue) throws -> [DatabaseValue] {
        if table.identity.count == 1 { return [key] }
        return try db.fetchAll("SELECT value FROM json_each(?) ORDER BY key", [key]).map { $0[0] }
    }

    static func condition(_ columns: [String]) -> String {
        columns.map { "\(Database.quoteIdentifier($0)) = ?" }.joined(separator: " AND ")
    }

    /// The shown row of an identity, every column.
    func row(_ table: SyncTable, identity: [DatabaseValue]) throws -> [String: DatabaseValue]? {
        var arguments = StatementArguments()
        arguments.positional = identity
        guard let row = try db.fetchOne(table.selectRowSQL, arguments) else { return nil }
        var values: [String: DatabaseValue] = [:]
        values.reserveCapacity(row.columnNames.count)
        for (index, name) in row.columnNames.enumerated() { values[name] = row[index] }
        return values
    }

    // MARK: Records

    /// This site's record of an identity and where its values are; nil
    /// when the identity was never seen here.
    func record(_ table: SyncTable, identity: [DatabaseValue]) throws -> SyncLocal? {
        let k = try key(table, identity)
        let shown = try row(table, identity: identity)
        guard
            let meta = try db.fetchOne(
                "SELECT v, s, d, ds, b, w, ws FROM sync_row WHERE t = ? AND k = ?", [table.ordinal, k])
        else {
            // A row written while nothing was recorded: created long ago, here.
            guard let shown else { return nil }
            var record = SyncRecord(
                table: table.name, identity: identity, creation: SyncVersion(hlc: 0, site: site))
            fill(&record, table: table, values: shown, cells: [:], absent: [])
            return SyncLocal(record: record, place: .shown, row: shown)
        }
        let deletion: Int64 = try meta.get(at: 2)
        let latest: Int64? = try meta.get(at: 5)
        var record = SyncRecord(
            table: table.name, identity: identity, creation: try version(try meta.get(at: 0), try meta.get(at: 1)),
            base: try meta.get(at: 4),
            latestCreation: try latest.map { try version($0, try meta.get(Int?.self, at: 6) ?? 0) },
            deletion: deletion > 0 ? try version(deletion, try meta.get(at: 3)) : nil)
        var cells: [Int: SyncVersion] = [:]
        var absent: Set<Int> = []
        for cell in try db.fetchAll("SELECT u, h, s FROM sync_cell WHERE t = ? AND k = ?", [table.ordinal, k]) {
            let hlc: Int64 = try cell.get(at: 1)
            // hlc 0: a unit this site has no value of (a withheld one never received).
            if hlc == 0 {
                absent.insert(try cell.get(at: 0))
            } else {
                cells[try cell.get(at: 0)] = try version(hlc, try cell.get(at: 2))
            }
        }
        if let shown {
            fill(&record, table: table, values: shown, cells: cells, absent: absent)
            return SyncLocal(record: record, place: .shown, row: shown)
        }
        if let parked = try db.fetchOne(
            "SELECT record, reason, told FROM sync_parked WHERE t = ? AND k = ?", [table.ordinal, k])
        {
            let values = try parkedValues(table, text: try parked.get(at: 0))
            fill(&record, table: table, values: values, cells: cells, absent: absent, partial: true)
            return SyncLocal(
                record: record, place: .parked, row: nil, reason: try parked.get(at: 1),
                told: try parked.get(Int.self, at: 2) != 0)
        }
        var values: [String: DatabaseValue] = [:]
        for kept in try db.fetchAll("SELECT col, v FROM sync_kept WHERE t = ? AND k = ?", [table.ordinal, k]) {
            values[try kept.get(String.self, at: 0)] = kept[1]
        }
        fill(&record, table: table, values: values, cells: cells, absent: absent, partial: true)
        return SyncLocal(record: record, place: .kept, row: nil)
    }

    /// Every unit of a record whose values are at hand, with its version (a
    /// `sync_cell` one, else the creation's). `partial`: values may lack
    /// units (a tombstone or parked record holds what it received).
    func fill(
        _ record: inout SyncRecord, table: SyncTable, values: [String: DatabaseValue], cells: [Int: SyncVersion],
        absent: Set<Int>, partial: Bool = false
    ) {
        // The identity's values are the record's own (a tombstone and a
        // parked record keep only the other columns).
        record.values.reserveCapacity(table.travellingColumns.count)
        record.units.reserveCapacity(table.units.count)
        for (column, value) in zip(table.identity, record.identity) { record.values[column] = value }
        for unit in table.units where !absent.contains(unit.ordinal) {
            if partial && !unit.columns.allSatisfy({ values[$0] != nil }) { continue }
            record.units[unit.name] = cells[unit.ordinal] ?? record.creation
            for column in unit.columns { record.values[column] = values[column] ?? .null }
        }
    }

    /// What `sync_cell` should hold of a unit: nothing, absent (hlc 0), or
    /// a version other than the creation's.
    static func cell(_ record: SyncRecord, _ unit: SyncUnit) -> SyncVersion?? {
        guard let version = record.units[unit.name] else { return .some(nil) }
        return version != record.creation ? .some(version) : .none
    }

    /// Writes the record's `sync_row` and `sync_cell` rows; with the
    /// record stored before (`previous`), only what changed.
    func store(_ record: SyncRecord, table: SyncTable, previous: SyncRecord? = nil) throws {
        let k = try key(table, record.identity)
        let sameCreation = previous.map { $0.creation == record.creation } ?? false
        try db.execute(
            """
            INSERT INTO sync_row (t, k, v, s, d, ds, b, w, ws) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (t, k) DO UPDATE SET v = excluded.v, s = excluded.s, d = excluded.d, ds = excluded.ds,
                b = excluded.b, w = excluded.w, ws = excluded.ws
            """,
            [
                table.ordinal, k, record.creation.hlc, try knownOrdinal(record.creation.site),
                record.deletion?.hlc ?? 0, try record.deletion.map { try knownOrdinal($0.site) } ?? 0, record.base,
                record.latestCreation?.hlc, try record.latestCreation.map { try knownOrdinal($0.site) },
            ])
        if !sameCreation {
            try db.execute("DELETE FROM sync_cell WHERE t = ? AND k = ?", [table.ordinal, k])
        }
        for unit in table.units {
            let wanted = Self.cell(record, unit)
            if sameCreation, let previous, Self.cell(previous, unit) == wanted { continue }
            switch wanted {
            case .none:
                if sameCreation {
                    try db.execute(
                        "DELETE FROM sync_cell WHERE t = ? AND k = ? AND u = ?", [table.ordinal, k, unit.ordinal])
                }
            case .some(let version):
                // No version: a unit this site has no value of (hlc 0).
                try db.execute(
                    """
                    INSERT INTO sync_cell (t, k, u, h, s) VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT (t, k, u) DO UPDATE SET h = excluded.h, s = excluded.s
                    """,
                    [
                        table.ordinal, k, unit.ordinal, version?.hlc ?? 0,
                        try version.map { try knownOrdinal($0.site) } ?? 0,
                    ])
            }
        }
    }

    // MARK: Values not shown

    /// A parked record's values from `sync_parked.record`: `{"d": {…}}`
    /// (a record written before 0032 holds more; only its values are read).
    func parkedValues(_ table: SyncTable, text: String) throws -> [String: DatabaseValue] {
        guard case .object(let object)? = SyncJSON.parse(Substring(text)), case .object(let data)? = object["d"] else {
            throw LifeError.bug("a parked record of \(table.name) has no values")
        }
        var values: [String: DatabaseValue] = [:]
        for (column, json) in data where table.columns.contains(column) {
            values[column] = try SyncRecordCoding.value(
                json, type: table.types[column], field: "\(table.name).\(column)")
        }
        return values
    }

    /// The values of a record's known units (and identity).
    static func values(of record: SyncRecord, table: SyncTable) -> [String: DatabaseValue] {
        var values: [String: DatabaseValue] = [:]
        for column in table.identity { values[column] = record.values[column] ?? .null }
        for unit in table.units where record.units[unit.name] != nil {
            for column in unit.columns { values[column] = record.values[column] ?? .null }
        }
        return values
    }

    func park(_ record: SyncRecord, table: SyncTable, reason: String, told: Bool) throws {
        let data = SyncJSON.object(
            Self.values(of: record, table: table).filter { !table.identity.contains($0.key) }
                .mapValues(SyncRecordCoding.json))
        try db.execute(
            """
            INSERT INTO sync_parked (t, k, cl, reason, record, told) VALUES (?, ?, 1, ?, ?, ?)
            ON CONFLICT (t, k) DO UPDATE SET reason = excluded.reason, record = excluded.record, told = excluded.told
            """,
            [table.ordinal, try key(table, record.identity), reason, SyncJSON.object(["d": data]).text, told ? 1 : 0])
    }

    func unpark(_ table: SyncTable, identity: [DatabaseValue]) throws {
        try db.execute("DELETE FROM sync_parked WHERE t = ? AND k = ?", [table.ordinal, try key(table, identity)])
    }

    /// Keeps a deleted record's values (`sync_kept`).
    func keep(_ record: SyncRecord, table: SyncTable) throws {
        let k = try key(table, record.identity)
        try db.execute("DELETE FROM sync_kept WHERE t = ? AND k = ?", [table.ordinal, k])
        for (column, value) in Self.values(of: record, table: table) where !table.identity.contains(column) {
            try db.execute(
                "INSERT INTO sync_kept (t, k, col, v) VALUES (?, ?, ?, ?)", [table.ordinal, k, column, value])
        }
    }

    func unkeep(_ table: SyncTable, identity: [DatabaseValue]) throws {
        try db.execute("DELETE FROM sync_kept WHERE t = ? AND k = ?", [table.ordinal, try key(table, identity)])
    }

    // MARK: Finding records by value

    /// The identities of every record of `table` (shown, parked or kept)
    /// whose `columns` hold `values` (compared without ASCII case where
    /// `noCase` says so).
    func identities(
        _ table: SyncTable, where columns: [String], equal values: [DatabaseValue], noCase: [Bool]? = nil
    ) throws -> [[DatabaseValue]] {
        let folded = noCase ?? Array(repeating: false, count: columns.count)
        var found: [[DatabaseValue]] = []
        var seen: Set<[DatabaseValue]> = []
        func add(_ identity: [DatabaseValue]) {
            if seen.insert(identity).inserted { found.append(identity) }
        }
        let condition = zip(columns, folded).map { column, noCase in
            "\(Database.quoteIdentifier(column)) = ?\(noCase ? " COLLATE NOCASE" : "")"
        }.joined(separator: " AND ")
        var arguments = StatementArguments()
        arguments.positional = values
        for row in try db.fetchAll(
            "SELECT \(table.identity.map(Database.quoteIdentifier).joined(separator: ", ")) FROM \(Database.quoteIdentifier(table.name)) WHERE \(condition)",
            arguments)
        {
            add(row.values)
        }
        func matches(_ stored: [String: DatabaseValue]) -> Bool {
            zip(zip(columns, values), folded).allSatisfy { pair, noCase in
                Self.same(stored[pair.0] ?? .null, pair.1, noCase: noCase)
            }
        }
        for parked in try db.fetchAll("SELECT k, record FROM sync_parked WHERE t = ?", [table.ordinal]) {
            let identity = try self.identity(table, key: parked[0])
            var stored = try parkedValues(table, text: try parked.get(at: 1))
            for (column, value) in zip(table.identity, identity) { stored[column] = value }
            if matches(stored) { add(identity) }
        }
        // Kept values: found by the first column not in the identity, then checked whole.
        let identityIndex = Dictionary(uniqueKeysWithValues: table.identity.enumerated().map { ($1, $0) })
        if let probe = columns.indices.first(where: { identityIndex[columns[$0]] == nil }) {
            let candidates =
                folded[probe]
                ? try db.fetchAll(
                    "SELECT DISTINCT k FROM sync_kept WHERE t = ? AND col = ? AND v = ? COLLATE NOCASE",
                    [table.ordinal, columns[probe], values[probe]])
                : try db.fetchAll(
                    "SELECT DISTINCT k FROM sync_kept WHERE t = ? AND col = ? AND v = ?",
                    [table.ordinal, columns[probe], values[probe]])
            for candidate in candidates {
                let identity = try self.identity(table, key: candidate[0])
                var stored: [String: DatabaseValue] = [:]
                for kept in try db.fetchAll(
                    "SELECT col, v FROM sync_kept WHERE t = ? AND k = ?", [table.ordinal, candidate[0]])
                {
                    stored[try kept.get(String.self, at: 0)] = kept[1]
                }
                for (column, value) in zip(table.identity, identity) { stored[column] = value }
                if matches(stored) { add(identity) }
            }
        } else {
            // Only identity columns: the identities of the kept records, checked.
            for candidate in try db.fetchAll("SELECT DISTINCT k FROM sync_kept WHERE t = ?", [table.ordinal]) {
                let identity = try self.identity(table, key: candidate[0])
                var stored: [String: DatabaseValue] = [:]
                for (column, value) in zip(table.identity, identity) { stored[column] = value }
                if matches(stored) { add(identity) }
            }
        }
        return found
    }

    /// Two values equal as an index compares them (NOCASE folds ASCII letters).
    static func same(_ a: DatabaseValue, _ b: DatabaseValue, noCase: Bool) -> Bool {
        if noCase, case .text(let x) = a, case .text(let y) = b {
            return asciiLowercased(x) == asciiLowercased(y)
        }
        return DatabaseValue.compare(a, b) == .orderedSame
    }

    static func asciiLowercased(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.unicodeScalars.map { scalar in
                    (65...90).contains(scalar.value) ? Unicode.Scalar(scalar.value + 32) ?? scalar : scalar
                }))
    }

    /// Every parked identity of a table.
    func parkedIdentities(_ table: SyncTable) throws -> [[DatabaseValue]] {
        try db.fetchAll("SELECT k FROM sync_parked WHERE t = ? ORDER BY k", [table.ordinal]).map {
            try identity(table, key: $0[0])
        }
    }
}
