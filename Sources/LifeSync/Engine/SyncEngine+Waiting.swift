import Foundation
import LifeCore
import LifeDB
import LifeKernel

/// Bundles kept in this database (docs/sync.md, section 9): from a newer
/// schema (until this device migrates), or received by `sync import` or an
/// app and set aside (a clock too far ahead, a fault). Each is tried again
/// by the next sync, oldest first, and leaves `sync_waiting` in the
/// transaction that applies it.
extension SyncEngine {
    /// Keeps `bundle` (its encrypted bytes) once, however often it arrives.
    func keepWaiting(_ bundle: Data, schemaVersion: Int, sender: SiteID?) throws {
        try keep(
            bundle,
            SyncSetAside(
                .schema,
                "it was written by a newer lifectl (schema \(schemaVersion)); it is applied once this one is updated",
                sender: sender), schemaVersion: schemaVersion)
    }

    /// Keeps a bundle set aside, with its reason (updated when kept already).
    /// One that can never apply (unreadable, or from a forgotten device) is
    /// dropped instead.
    package func keep(_ bundle: Data, _ aside: SyncSetAside, schemaVersion: Int? = nil) throws {
        try writer.write { db in
            guard [.schema, .clock, .failed].contains(aside.kind) else {
                try db.execute("DELETE FROM sync_waiting WHERE bytes = ?", [bundle])
                return
            }
            if let id = try db.fetchOne(Int64.self, "SELECT id FROM sync_waiting WHERE bytes = ?", [bundle]) {
                try db.execute(
                    "UPDATE sync_waiting SET kind = ?, reason = ? WHERE id = ?", [aside.kind.rawValue, aside.reason, id])
                return
            }
            try db.execute(
                """
                INSERT INTO sync_waiting (schema_version, received_at, bytes, kind, reason, site)
                VALUES (?, ?, ?, ?, ?, ?)
                """,
                [
                    schemaVersion ?? LifeDatabase.latestVersion, Timestamp.database(clock.now()), bundle,
                    aside.kind.rawValue, aside.reason, aside.sender?.bytes,
                ])
        }
    }

    /// What one kept bundle came to.
    package struct KeptOutcome: Sendable {
        package let sender: SiteID?
        package let report: SyncApplyReport?
        package let stillAside: SyncSetAside?
    }

    /// Tries the kept bundles again, oldest first: those from a newer schema
    /// once this one has it, the others every time (a clock may have come
    /// within the limit, or been accepted; a fault may have been mended).
    /// Never throws for a bundle: one that still cannot apply stays kept.
    package func applyWaiting(key: SyncKey, acceptSkew: Bool) throws -> [KeptOutcome] {
        let waiting = try writer.read { db in
            try db.fetchAll(
                """
                SELECT w.id, w.bytes, w.site FROM sync_waiting AS w
                WHERE w.schema_version <= ?
                  AND NOT EXISTS (SELECT 1 FROM sync_peer AS p WHERE p.site = w.site AND p.forgotten = 1)
                ORDER BY w.id
                """, [LifeDatabase.latestVersion]
            ).map { (try $0.get(Int64.self, at: 0), try $0.get(Data.self, at: 1), try $0.get(Data?.self, at: 2)) }
        }
        var outcomes: [KeptOutcome] = []
        for (id, bytes, site) in waiting {
            let sender = site.flatMap { SiteID(bytes: $0) }
            do {
                let plaintext = try BundleCipher.open(bytes, key: key, name: "a kept bundle")
                let report = try apply(plaintext, bundle: bytes, key: key, acceptSkew: acceptSkew, waitingID: id)
                outcomes.append(KeptOutcome(sender: report.sender ?? sender, report: report, stillAside: nil))
            } catch let aside as SyncSetAside {
                try keep(bytes, aside)
                outcomes.append(KeptOutcome(sender: aside.sender ?? sender, report: nil, stillAside: aside))
            } catch let error where SyncStore.isEnvironmental(error) {
                throw error
            } catch let error as LifeError where error.kind == .malformedInput {
                let aside = SyncSetAside(.unreadable, error.message, sender: sender)
                try keep(bytes, aside)
                outcomes.append(KeptOutcome(sender: sender, report: nil, stillAside: aside))
            } catch {
                let aside = SyncSetAside(.failed, SyncSetAside.fault(error), sender: sender)
                try keep(bytes, aside)
                outcomes.append(KeptOutcome(sender: sender, report: nil, stillAside: aside))
            }
        }
        return outcomes
    }
}
