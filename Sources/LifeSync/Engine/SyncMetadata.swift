import Foundation
import LifeCore
import LifeDB
import LifeKernel

/// Where a record's values are: in its table, parked, or nowhere (deleted).
enum SyncPlace: Equatable {
    case shown
    case parked
    case absent
}

/// This site's record of an identity, where its values are, and its row in
/// the table when shown (every column).
struct SyncLocal {
    var record: SyncRecord
    var place: SyncPlace
    var row: [String: DatabaseValue]?
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
        guard
            let row = try db.fetchOne(
                "SELECT * FROM \(Database.quoteIdentifier(table.name)) WHERE \(Self.condition(table.identity))",
                arguments)
        else { return nil }
        var values: [String: DatabaseValue] = [:]
        for (index, name) in row.columnNames.enumerated() { values[name] = row[index] }
        return values
    }

    // MARK: Records

    /// This site's record of an identity and where its values are; nil
    /// when the identity was never seen here.
    func record(_ table: SyncTable, identity: [DatabaseValue]) throws -> SyncLocal? {
        let k = try key(table, identity)
        let shown = try row(table, identity: identity)
        guard let meta = try db.fetchOne("SELECT cl, v, s FROM sync_row WHERE t = ? AND k = ?", [table.ordinal, k])
        else {
            // A row written while nothing was recorded: created long ago, here.
            guard let shown else { return nil }
            var record = SyncRecord(
                table: table.name, identity: identity, cl: 1, version: SyncVersion(hlc: 0, site: site))
            fill(&record, table: table, from: shown, cells: [:])
            return SyncLocal(record: record, place: .shown, row: shown)
        }
        var record = SyncRecord(
            table: table.name, identity: identity, cl: try meta.get(at: 0),
            version: SyncVersion(hlc: try meta.get(at: 1), site: try siteID(try meta.get(at: 2))))
        guard record.isAlive else { return SyncLocal(record: record, place: .absent, row: shown) }
        if let shown {
            var cells: [Int: SyncVersion] = [:]
            var absent: Set<Int> = []
            for cell in try db.fetchAll("SELECT u, h, s FROM sync_cell WHERE t = ? AND k = ?", [table.ordinal, k]) {
                let hlc: Int64 = try cell.get(at: 1)
                // hlc 0: a unit this site has no value of (a withheld one never received).
                if hlc == 0 {
                    absent.insert(try cell.get(at: 0))
                    continue
                }
                let version = SyncVersion(hlc: hlc, site: try siteID(try cell.get(at: 2)))
                if version > record.version { cells[try cell.get(at: 0)] = version }
            }
            fill(&record, table: table, from: shown, cells: cells)
            for unit in table.units where absent.contains(unit.ordinal) {
                record.units[unit.name] = nil
                for column in unit.columns { record.values[column] = nil }
            }
            return SyncLocal(record: record, place: .shown, row: shown)
        }
        if let parked = try parkedRecord(table, key: k), parked.cl == record.cl {
            return SyncLocal(record: parked, place: .parked, row: nil)
        }
        return SyncLocal(record: record, place: .absent, row: nil)
    }

    /// Every travelling unit of a shown row, with its version.
    func fill(
        _ record: inout SyncRecord, table: SyncTable, from row: [String: DatabaseValue], cells: [Int: SyncVersion]
    ) {
        for column in table.identity { record.values[column] = row[column] ?? .null }
        for unit in table.units {
            record.units[unit.name] = cells[unit.ordinal] ?? record.version
            for column in unit.columns { record.values[column] = row[column] ?? .null }
        }
    }

    /// Writes the record's `sync_row` and `sync_cell` rows; with the
    /// record stored before (`previous`), only what changed.
    func store(_ record: SyncRecord, table: SyncTable, previous: SyncRecord? = nil) throws {
        let k = try key(table, record.identity)
        let sameIncarnation = previous.map { $0.cl == record.cl && $0.version == record.version } ?? false
        try db.execute(
            """
            INSERT INTO sync_row (t, k, cl, v, s) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (t, k) DO UPDATE SET cl = excluded.cl, v = excluded.v, s = excluded.s
            """, [table.ordinal, k, record.cl, record.version.hlc, try knownOrdinal(record.version.site)])
        /// What `sync_cell` holds of a unit: nothing, absent (hlc 0), or a later version.
        func cell(_ record: SyncRecord, _ unit: SyncUnit) -> SyncVersion?? {
            guard record.isAlive else { return .none }
            guard let version = record.units[unit.name] else { return .some(nil) }
            return version > record.version ? .some(version) : .none
        }
        if !sameIncarnation {
            try db.execute("DELETE FROM sync_cell WHERE t = ? AND k = ?", [table.ordinal, k])
        }
        guard record.isAlive else { return }
        for unit in table.units {
            let wanted = cell(record, unit)
            if sameIncarnation, let previous, cell(previous, unit) == wanted { continue }
            switch wanted {
            case .none:
                if sameIncarnation {
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

    // MARK: Parked records

    var parkedCoding: SyncRecordCoding { SyncRecordCoding(catalog: catalog) }

    func parkedRecord(_ table: SyncTable, key: DatabaseValue) throws -> SyncRecord? {
        guard
            let text = try db.fetchOne(
                String.self, "SELECT record FROM sync_parked WHERE t = ? AND k = ?", [table.ordinal, key]),
            let json = SyncJSON.parse(Substring(text))
        else { return nil }
        return try parkedCoding.decode(json, label: "a parked record of \(table.name)") { site in
            guard case .string(let hex) = site, let id = SiteID(hex: hex) else {
                throw LifeError.bug("a parked record of \(table.name) names no site")
            }
            return id
        }
    }

    func park(_ record: SyncRecord, table: SyncTable, reason: String) throws {
        let json = try parkedCoding.encode(record, site: { .string($0.hex) }, sealing: false)
        try db.execute(
            """
            INSERT INTO sync_parked (t, k, cl, reason, record) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (t, k) DO UPDATE SET cl = excluded.cl, reason = excluded.reason, record = excluded.record
            """, [table.ordinal, try key(table, record.identity), record.cl, reason, json.text])
    }

    func unpark(_ table: SyncTable, identity: [DatabaseValue]) throws {
        try db.execute("DELETE FROM sync_parked WHERE t = ? AND k = ?", [table.ordinal, try key(table, identity)])
    }

    /// The version this site's metadata holds of an identity's creation
    /// (for the unique-value rule), nil when unknown.
    func creationVersion(_ table: SyncTable, identity: [DatabaseValue]) throws -> SyncVersion? {
        guard
            let meta = try db.fetchOne(
                "SELECT v, s FROM sync_row WHERE t = ? AND k = ?", [table.ordinal, try key(table, identity)])
        else { return nil }
        return SyncVersion(hlc: try meta.get(at: 0), site: try siteID(try meta.get(at: 1)))
    }
}
