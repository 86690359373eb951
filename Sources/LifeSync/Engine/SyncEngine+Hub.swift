import Foundation
import LifeCore
import LifeDB

extension SyncEngine {
    /// Where this device stands in a chain of bundles on a service's hub:
    /// the last bundle read (or, for its own chain, sent) and its SHA-256.
    package struct HubPosition: Sendable, Equatable {
        package let sequence: Int
        package let hash: Data

        package init(sequence: Int, hash: Data) {
            self.sequence = sequence
            self.hash = hash
        }
    }

    /// Every chain's position this device keeps for `server` (table
    /// sync_hub), by device id in hex.
    package func hubPositions(server: String) throws -> [String: HubPosition] {
        try writer.read { db in
            var positions: [String: HubPosition] = [:]
            for row in try db.fetchAll("SELECT device, sequence, hash FROM sync_hub WHERE server = ?", [server]) {
                guard let id = SiteID(bytes: try row.get(Data.self, at: 0)) else { continue }
                positions[id.hex] = HubPosition(sequence: try row.get(at: 1), hash: try row.get(at: 2))
            }
            return positions
        }
    }

    /// Records that the bundle at `position` of `device`'s chain on
    /// `server` was read (applied, kept or set aside) or sent.
    package func setHubPosition(server: String, device: SiteID, _ position: HubPosition) throws {
        try writer.write { db in
            try db.execute(
                """
                INSERT INTO sync_hub (server, device, sequence, hash) VALUES (?, ?, ?, ?)
                ON CONFLICT (server, device) DO UPDATE SET sequence = excluded.sequence, hash = excluded.hash
                """, [server, device.bytes, position.sequence, position.hash])
        }
    }
}
