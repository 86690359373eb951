import LifeCore
import LifeSync

/// `sync status --json`: the engine's status with every instant in ISO 8601
/// UTC, as every instant in JSON (CORE-13). The engine keeps them in
/// SQLite's form (`2026-11-22 13:00:00.000`), which it compares and stores.
struct SyncStatusJSON: Encodable {
    struct Peer: Encodable {
        let id: String
        let role: String
        let lastChangeAt: String?
        let lastAppliedAt: String?
        let forgotten: Bool
    }

    struct SetAside: Encodable {
        let file: String?
        let device: String?
        let kind: SyncSetAside.Kind
        let reason: String
        let at: String
    }

    let id: String
    let role: String
    let clockAt: String?
    let acceptedClockAt: String?
    let peers: [Peer]
    let pendingChanges: Int
    let heldBack: [SyncStatus.HeldBack]
    let waitingBundles: Int
    let setAside: [SetAside]
    let lastSyncAt: String?

    init(_ status: SyncStatus) {
        id = status.id
        role = status.role
        clockAt = status.clockAt.map(Self.iso)
        acceptedClockAt = status.acceptedClockAt.map(Self.iso)
        peers = status.peers.map {
            Peer(
                id: $0.id, role: $0.role, lastChangeAt: $0.lastChangeAt.map(Self.iso),
                lastAppliedAt: $0.lastAppliedAt.map(Self.iso), forgotten: $0.forgotten)
        }
        pendingChanges = status.pendingChanges
        heldBack = status.heldBack
        waitingBundles = status.waitingBundles
        setAside = status.setAside.map {
            SetAside(file: $0.file, device: $0.device, kind: $0.kind, reason: $0.reason, at: Self.iso($0.at))
        }
        lastSyncAt = status.lastSyncAt.map(Self.iso)
    }

    /// SQLite's form as ISO 8601; any other text as it is.
    static func iso(_ stored: String) -> String {
        Timestamp.parseDatabase(stored).map(Timestamp.iso8601) ?? stored
    }
}
