import Foundation
import LifeCore
import LifeDB
import LifeKernel

extension SyncEngine {
    /// Gives this database a new site id with `role` (docs/sync.md, section
    /// 10): `sync new-id` after a database file was copied to another
    /// machine, `sync role server` for the server role. The changes made so
    /// far keep the old id, which becomes a peer with its old role, so
    /// every version stays what it was on every device. Answers the new id.
    @discardableResult
    package func takeNewIdentity(role: SiteRole) throws -> SiteID {
        try writer.write { db in
            // `sync role server` is this device going on under another id;
            // `sync new-id` is a copy becoming a device of its own (the old
            // id goes on elsewhere).
            let current = try db.fetchOne(String.self, "SELECT role FROM sync_site")
            _ = try takeNewIdentity(role: role, db: db, former: current != role.rawValue)
            guard let site = SiteID(bytes: try db.fetchOne(Data.self, "SELECT site FROM sync_site") ?? Data()) else {
                throw LifeError.bug("sync_site has no site")
            }
            return site
        }
    }

    /// The same inside the caller's transaction; nil `role` keeps the role.
    /// `former`: the old id is this device's own former id (its file in a
    /// shared folder is this device's to remove). Answers the old id's
    /// number among the peers.
    func takeNewIdentity(role: SiteRole?, db: Database, former: Bool) throws -> Int {
        guard let row = try db.fetchOne("SELECT site, role, hlc FROM sync_site WHERE id = 1") else {
            throw LifeError.bug("sync_site has no row")
        }
        let old: Data = try row.get(at: 0)
        let oldRole: String = try row.get(at: 1)
        let hlc: Int64 = try row.get(at: 2)
        let ordinal = (try db.fetchOne(Int.self, "SELECT coalesce(max(ordinal), 0) + 1 FROM sync_peer")) ?? 1
        try db.execute(
            "INSERT INTO sync_peer (ordinal, site, role, has, former) VALUES (?, ?, ?, ?, ?)",
            [ordinal, old, oldRole, hlc, former ? 1 : 0])
        try db.execute("UPDATE sync_row SET s = ? WHERE s = 0", [ordinal])
        try db.execute("UPDATE sync_row SET ds = ? WHERE ds = 0 AND d > 0", [ordinal])
        try db.execute("UPDATE sync_row SET ws = ? WHERE ws = 0", [ordinal])
        try db.execute("UPDATE sync_cell SET s = ? WHERE s = 0 AND h > 0", [ordinal])
        try db.execute("UPDATE sync_site SET site = randomblob(16), role = ?", [role?.rawValue ?? oldRole])
        return ordinal
    }

    /// This site's id and role.
    package func site() throws -> (id: SiteID, role: SiteRole) {
        try writer.read { db in
            guard let row = try db.fetchOne("SELECT site, role FROM sync_site WHERE id = 1"),
                let id = SiteID(bytes: try row.get(Data.self, at: 0)),
                let role = SiteRole(rawValue: try row.get(String.self, at: 1))
            else { throw LifeError.bug("sync_site has no site") }
            return (id, role)
        }
    }
}

extension SyncCatalog {
    /// The policy table of docs/sync.md, section 13, one line per synced
    /// column of every product (`scripts/gen-sync --doc` writes it into the
    /// document; `SyncCatalogTests` compares).
    package var policyTable: String {
        var lines = ["| product | table | column | policy | unit |", "|---|---|---|---|---|"]
        for table in tables {
            for column in table.columns {
                let policy = table.spec.columns[column] ?? .lastWriterWins()
                let (words, unit): (String, String)
                if table.identity.contains(column) {
                    (words, unit) = (table.hasNaturalKey ? "natural key" : "key", "(identity)")
                } else if let found = table.unit(of: column) {
                    switch found.kind {
                    case .created: words = policy == .key ? "key, created once" : "created once"
                    case .lastWriterWins: words = "last writer wins"
                    case .earliest: words = "earliest"
                    case .latest: words = "latest"
                    case .withheld: words = "withheld"
                    case .server: words = "server wins"
                    }
                    unit = "`\(found.name)`"
                } else {
                    (words, unit) = (policy == .derived ? "derived: never sent" : "local only: never sent", "—")
                }
                lines.append("| \(table.product) | `\(table.name)` | `\(column)` | \(words) | \(unit) |")
            }
        }
        return lines.joined(separator: "\n")
    }
}
