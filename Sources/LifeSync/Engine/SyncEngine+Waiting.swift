import Foundation
import LifeCore
import LifeDB
import LifeKernel

/// Bundles from a newer schema (docs/sync.md, section 8): kept, encrypted,
/// in `sync_waiting` until this device migrates, then applied oldest first.
extension SyncEngine {
    /// Keeps `bundle` (its encrypted bytes) once, whatever how often it arrives.
    func keepWaiting(_ bundle: Data, schemaVersion: Int) throws {
        try writer.write { db in
            try db.execute(
                """
                INSERT INTO sync_waiting (schema_version, received_at, bytes)
                SELECT ?, ?, ? WHERE NOT EXISTS (SELECT 1 FROM sync_waiting WHERE bytes = ?)
                """, [schemaVersion, Timestamp.database(clock.now()), bundle, bundle])
        }
    }

    /// Applies the kept bundles this schema can now read, oldest first, each
    /// leaving `sync_waiting` in the transaction that applies it.
    package func applyWaiting(key: SyncKey, acceptSkew: Bool) throws -> [SyncApplyReport] {
        let waiting = try writer.read { db in
            try db.fetchAll(
                "SELECT id, bytes FROM sync_waiting WHERE schema_version <= ? ORDER BY id", [LifeDatabase.latestVersion]
            ).map { (try $0.get(Int64.self, at: 0), try $0.get(Data.self, at: 1)) }
        }
        var reports: [SyncApplyReport] = []
        for (id, bytes) in waiting {
            let plaintext = try BundleCipher.open(bytes, key: key, name: "a kept bundle")
            reports.append(try apply(plaintext, bundle: bytes, key: key, acceptSkew: acceptSkew, waitingID: id))
        }
        return reports
    }
}
