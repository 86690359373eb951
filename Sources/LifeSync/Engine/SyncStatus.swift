import Foundation
import LifeCore
import LifeDB
import LifeKernel

/// This site, the peers it has heard from, what is pending, and what was
/// set aside (`lifectl sync status`, docs/json.md "sync status").
public struct SyncStatus: Sendable, Encodable, Equatable {
    public struct Peer: Sendable, Encodable, Equatable {
        public let id: String
        public let role: String
        /// The instant of the latest of its changes this device has.
        public let lastChangeAt: String?
        /// When its latest bundle was applied here.
        public let lastAppliedAt: String?
        /// Forgotten here (`sync forget`): its bundles are not applied.
        public let forgotten: Bool
    }

    public struct HeldBack: Sendable, Encodable, Equatable {
        public let table: String
        public let id: String
        public let reason: String
    }

    /// A bundle set aside: a file of a shared folder, or one kept here.
    public struct SetAside: Sendable, Encodable, Equatable {
        /// The file's path, or nil for a bundle kept in the database.
        public let file: String?
        /// The device that wrote it, when known.
        public let device: String?
        public let kind: SyncSetAside.Kind
        public let reason: String
        /// When it was set aside (a folder's file: the last sync that saw it).
        public let at: String
    }

    public let id: String
    public let role: String
    /// The instant this device's clock stands at.
    public let clockAt: String?
    /// The clock accepted ahead here (`--accept-skew`), if any.
    public let acceptedClockAt: String?
    public let peers: [Peer]
    /// Rows with changes some peer heard from has not seen yet (every row,
    /// when no peer has been heard from).
    public let pendingChanges: Int
    public let heldBack: [HeldBack]
    /// Bundles from a newer version of lifectl, kept until this one is updated.
    public let waitingBundles: Int
    /// The bundles set aside: files of a shared folder and bundles kept here.
    public let setAside: [SetAside]
    public let lastSyncAt: String?

    static func read(db: Database, catalog: SyncCatalog, metadata: SyncMetadata) throws -> SyncStatus {
        guard let site = try db.fetchOne("SELECT hlc, last_sync_at, accepted_clock FROM sync_site WHERE id = 1") else {
            throw LifeError.bug("sync_site has no row")
        }
        let hlc: Int64 = try site.get(at: 0)
        let accepted: Int64 = try site.get(at: 2)
        var peers: [Peer] = []
        for row in try db.fetchAll(
            "SELECT site, role, has, last_applied_at, forgotten FROM sync_peer WHERE former = 0")
        {
            guard let id = SiteID(bytes: try row.get(Data.self, at: 0)) else { continue }
            let has: Int64 = try row.get(at: 2)
            peers.append(
                Peer(
                    id: id.hex, role: try row.get(at: 1),
                    lastChangeAt: has > 0 ? Timestamp.database(HybridClock.instant(has)) : nil,
                    lastAppliedAt: try row.get(String?.self, at: 3), forgotten: try row.get(Int.self, at: 4) == 1))
        }
        peers.sort { ($0.lastAppliedAt ?? "", $0.id) > ($1.lastAppliedAt ?? "", $1.id) }
        // What the least informed peer heard from lacks.
        let vectors = try db.fetchAll(
            "SELECT vector FROM sync_peer WHERE vector IS NOT NULL AND forgotten = 0"
        ).map { SyncEngine.vector(try $0.get(String?.self, at: 0)) }
        var pending = 0
        for row in try db.fetchAll("SELECT r.t, r.k, r.v, r.s, r.d, r.ds FROM sync_row AS r") {
            var sites: [Int: Int64] = [:]
            func note(_ site: Int, _ version: Int64) { sites[site] = max(sites[site] ?? 0, version) }
            note(try row.get(at: 3), try row.get(at: 2))
            let deletion: Int64 = try row.get(at: 4)
            if deletion > 0 { note(try row.get(at: 5), deletion) }
            for cell in try db.fetchAll("SELECT h, s FROM sync_cell WHERE t = ? AND k = ?", [row[0], row[1]]) {
                note(try cell.get(at: 1), try cell.get(at: 0))
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
        var aside: [SetAside] = []
        for row in try db.fetchAll("SELECT file, site, kind, reason, seen_at FROM sync_aside ORDER BY file") {
            aside.append(
                SetAside(
                    file: try row.get(at: 0), device: try row.get(Data?.self, at: 1).flatMap { SiteID(bytes: $0)?.hex },
                    kind: SyncSetAside.Kind(rawValue: try row.get(at: 2)) ?? .failed, reason: try row.get(at: 3),
                    at: try row.get(at: 4)))
        }
        for row in try db.fetchAll("SELECT site, kind, reason, received_at FROM sync_waiting ORDER BY id") {
            aside.append(
                SetAside(
                    file: nil, device: try row.get(Data?.self, at: 0).flatMap { SiteID(bytes: $0)?.hex },
                    kind: SyncSetAside.Kind(rawValue: try row.get(at: 1)) ?? .schema,
                    reason: try row.get(String?.self, at: 2) ?? "it was written by a newer lifectl",
                    at: try row.get(at: 3)))
        }
        return SyncStatus(
            id: metadata.site.hex, role: metadata.role.rawValue,
            clockAt: hlc > 0 ? Timestamp.database(HybridClock.instant(hlc)) : nil,
            acceptedClockAt: accepted > 0 ? Timestamp.database(HybridClock.instant(accepted)) : nil, peers: peers,
            pendingChanges: pending, heldBack: held,
            waitingBundles: try db.fetchOne(Int.self, "SELECT count(*) FROM sync_waiting WHERE kind = 'schema'") ?? 0,
            setAside: aside, lastSyncAt: try site.get(String?.self, at: 1))
    }
}
