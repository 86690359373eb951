import Foundation
import LifeCore
import LifeDB
import LifeKernel

/// This site, the peers it has heard from, and what is pending
/// (`lifectl sync status`, docs/json.md "sync status").
public struct SyncStatus: Sendable, Encodable, Equatable {
    public struct Peer: Sendable, Encodable, Equatable {
        public let id: String
        public let role: String
        /// The instant of the latest of its changes this device has.
        public let lastChangeAt: String?
        /// When its latest bundle was applied here.
        public let lastAppliedAt: String?
    }

    public struct HeldBack: Sendable, Encodable, Equatable {
        public let table: String
        public let id: String
        public let reason: String
    }

    public let id: String
    public let role: String
    /// The instant this device's clock stands at.
    public let clockAt: String?
    public let peers: [Peer]
    /// Rows with changes some peer heard from has not seen yet (every row,
    /// when no peer has been heard from).
    public let pendingChanges: Int
    public let heldBack: [HeldBack]
    /// Bundles from a newer version of lifectl, kept until this one is updated.
    public let waitingBundles: Int
    public let lastSyncAt: String?

    static func read(db: Database, catalog: SyncCatalog, metadata: SyncMetadata) throws -> SyncStatus {
        guard let site = try db.fetchOne("SELECT hlc, last_sync_at FROM sync_site WHERE id = 1") else {
            throw LifeError.bug("sync_site has no row")
        }
        let hlc: Int64 = try site.get(at: 0)
        var peers: [Peer] = []
        for row in try db.fetchAll("SELECT site, role, has, last_applied_at FROM sync_peer") {
            guard let id = SiteID(bytes: try row.get(Data.self, at: 0)) else { continue }
            let has: Int64 = try row.get(at: 2)
            peers.append(
                Peer(
                    id: id.hex, role: try row.get(at: 1),
                    lastChangeAt: has > 0 ? Timestamp.database(HybridClock.instant(has)) : nil,
                    lastAppliedAt: try row.get(String?.self, at: 3)))
        }
        peers.sort { ($0.lastAppliedAt ?? "", $0.id) > ($1.lastAppliedAt ?? "", $1.id) }
        // What the least informed peer heard from lacks.
        let vectors = try db.fetchAll("SELECT vector FROM sync_peer WHERE vector IS NOT NULL").compactMap {
            row -> [String: Int64]? in
            guard let text = try row.get(String?.self, at: 0),
                case .object(let object)? = SyncJSON.parse(Substring(text))
            else { return nil }
            return object.compactMapValues { if case .integer(let value) = $0 { value } else { nil } }
        }
        var pending = 0
        for row in try db.fetchAll("SELECT r.t, r.k, r.v, r.s FROM sync_row AS r") {
            let ordinal: Int = try row.get(at: 3)
            var newest: Int64 = try row.get(at: 2)
            var sites = [ordinal: newest]
            for cell in try db.fetchAll("SELECT h, s FROM sync_cell WHERE t = ? AND k = ?", [row[0], row[1]]) {
                let cellSite: Int = try cell.get(at: 1)
                let h: Int64 = try cell.get(at: 0)
                sites[cellSite] = max(sites[cellSite] ?? 0, h)
                newest = max(newest, h)
            }
            if vectors.isEmpty {
                pending += 1
                continue
            }
            let lacking = try sites.contains { site, version in
                let hex = try metadata.siteID(site).hex
                return vectors.contains { ($0[hex] ?? 0) < version }
            }
            if lacking { pending += 1 }
        }
        let held = try db.fetchAll("SELECT t, k, reason FROM sync_parked ORDER BY t, k").compactMap {
            row -> HeldBack? in
            guard let table = catalog.table(ordinal: try row.get(at: 0)) else { return nil }
            return HeldBack(
                table: table.name, id: SyncApplier.describe(try metadata.identity(table, key: row[1])),
                reason: try row.get(at: 2))
        }
        return SyncStatus(
            id: metadata.site.hex, role: metadata.role.rawValue,
            clockAt: hlc > 0 ? Timestamp.database(HybridClock.instant(hlc)) : nil, peers: peers,
            pendingChanges: pending, heldBack: held,
            waitingBundles: try db.fetchOne(Int.self, "SELECT count(*) FROM sync_waiting") ?? 0,
            lastSyncAt: try site.get(String?.self, at: 1))
    }
}
