import Foundation
import LifeCore
import LifeDB
import LifeKernel

extension SyncEngine {
    /// The ids (hex) of the peers this device forgot, and of its own former ids.
    package struct PeerStates: Sendable {
        package let forgotten: Set<String>
        package let former: Set<String>
    }

    package func peerStates() throws -> PeerStates {
        try writer.read { db in
            var forgotten: Set<String> = []
            var former: Set<String> = []
            for row in try db.fetchAll("SELECT site, forgotten, former FROM sync_peer WHERE forgotten = 1 OR former = 1") {
                guard let id = SiteID(bytes: try row.get(Data.self, at: 0)) else { continue }
                if try row.get(Int.self, at: 1) == 1 { forgotten.insert(id.hex) }
                if try row.get(Int.self, at: 2) == 1 { former.insert(id.hex) }
            }
            return PeerStates(forgotten: forgotten, former: former)
        }
    }

    /// Remembers the files of `folder` set aside by this run (for `sync
    /// status`), forgetting those of the folder that are not any more.
    package func recordSetAside(folder: String, _ files: [FolderSync.SetAside]) throws {
        try writer.write { db in
            let prefix = folder + "/"
            try db.execute(
                "DELETE FROM sync_aside WHERE substr(file, 1, ?) = ?", [prefix.utf8.count, prefix])
            let stamp = Timestamp.database(clock.now())
            for file in files {
                try db.execute(
                    """
                    INSERT INTO sync_aside (file, site, kind, reason, seen_at) VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT (file) DO UPDATE SET site = excluded.site, kind = excluded.kind,
                        reason = excluded.reason, seen_at = excluded.seen_at
                    """,
                    [file.file, file.device.flatMap { SiteID(hex: $0)?.bytes }, file.kind.rawValue, file.reason, stamp])
            }
        }
    }

    /// Forgets a device (`sync forget DEVICE`; docs/sync.md, section 10):
    /// its bundles are no longer applied, the ones kept here are dropped,
    /// and it no longer holds this device's bundles back to what it had.
    /// `device` is its id or a unique start of it. Answers its id.
    package func forget(device: String) throws -> String {
        try writer.write { db in
            let prefix = device.lowercased()
            var matches: [(ordinal: Int, id: SiteID)] = []
            for row in try db.fetchAll("SELECT ordinal, site FROM sync_peer WHERE former = 0") {
                guard let id = SiteID(bytes: try row.get(Data.self, at: 1)) else { continue }
                if !prefix.isEmpty && id.hex.hasPrefix(prefix) { matches.append((try row.get(at: 0), id)) }
            }
            // A device never applied here (every bundle of it set aside) is
            // known by its set-aside files and kept bundles: it becomes a
            // peer, forgotten.
            if matches.isEmpty && !prefix.isEmpty {
                var seen: Set<SiteID> = []
                for row in try db.fetchAll(
                    "SELECT site FROM sync_aside WHERE site IS NOT NULL UNION SELECT site FROM sync_waiting WHERE site IS NOT NULL")
                {
                    guard let id = SiteID(bytes: try row.get(Data.self, at: 0)), id.hex.hasPrefix(prefix) else { continue }
                    seen.insert(id)
                }
                if seen.count == 1, let id = seen.first {
                    let ordinal = try db.fetchOne(Int.self, "SELECT coalesce(max(ordinal), 0) + 1 FROM sync_peer") ?? 1
                    try db.execute(
                        "INSERT INTO sync_peer (ordinal, site, role) VALUES (?, ?, 'device')", [ordinal, id.bytes])
                    matches.append((ordinal, id))
                }
            }
            guard matches.count == 1, let match = matches.first else {
                throw LifeError.invalid(
                    field: "device",
                    matches.isEmpty
                        ? "'\(TerminalText.echoed(device))' is no device this one has heard from (see `sync status`)"
                        : "'\(TerminalText.echoed(device))' matches \(matches.count) devices; give more of the id")
            }
            try db.execute("UPDATE sync_peer SET forgotten = 1 WHERE ordinal = ?", [match.ordinal])
            try db.execute("DELETE FROM sync_waiting WHERE site = ?", [match.id.bytes])
            try db.execute("DELETE FROM sync_aside WHERE site = ?", [match.id.bytes])
            return match.id.hex
        }
    }
}
