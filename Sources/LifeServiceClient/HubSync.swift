import Foundation
import LifeCore
import LifeSync

/// Sync through the service's hub (SPEC SRV-4; docs/sync.md, section 10,
/// "Through the service"): the same loop as a shared folder's
/// (`FolderSync`), with each device's bundles kept as a chain on the hub
/// instead of one file each. A device sends what the others have not seen
/// as the next bundle of its own chain (when it differs from the last one
/// sent), and reads every other device's chain from where it stopped,
/// checking each link, so that a bundle the hub lost, withheld, rolled back
/// or changed is set aside with why, never silently skipped. The hub sees
/// ciphertext only: the key never leaves the devices.
///
/// What a `FolderSync` run promises holds here too: a bundle that cannot
/// be applied is set aside (and kept, when it may apply later) with a
/// one-line reason naming it and its device, the other chains still apply,
/// and this device's own bundle is still sent.
public struct HubSync: Sendable {
    public let store: SyncStore
    public let hub: HubTransport

    public init(_ store: SyncStore, hub: HubTransport) {
        self.store = store
        self.hub = hub
    }

    /// The service's URL, as positions and set-aside bundles are kept under it.
    public var server: String { hub.client.url }

    /// What one run did.
    public struct Outcome: Sendable {
        /// Each bundle applied (or kept for a newer schema), by its name.
        public let applied: [(bundle: String, report: SyncApplyReport)]
        /// The bundles (or chains) set aside, with why.
        public let setAside: [FolderSync.SetAside]
        /// Bundles kept in the database that applied in this run.
        public let keptApplied: [SyncApplyReport]
        /// Bundles kept for later: written by a newer schema.
        public let keptBack: Int
        /// This device's bundle on the hub: its name (sent or already there).
        public let sent: String
        /// The records in it.
        public let records: Int
        /// True when the hub already held these bytes as this device's last bundle.
        public let unchanged: Bool
        /// The other devices with a chain on the hub (forgotten ones included).
        public let otherDevices: Int
    }

    /// A bundle's name: the service, the device, the bundle's sequence.
    public func name(device: SiteID, sequence: Int) -> String {
        "\(server)/sync/bundles/\(device.hex)/\(sequence)"
    }

    /// Tries the bundles kept in the database, then reads every other
    /// device's chain from where this device stopped and applies each new
    /// bundle in order (one transaction each), then sends this device's own
    /// bundle when it changed. Throws for the service itself (not signed
    /// in, unreachable) and for this device's own chain.
    public func run(acceptSkew: Bool = false) throws -> Outcome {
        let engine = store.engine
        let kept = try engine.applyWaiting(key: store.key, acceptSkew: acceptSkew)
        let peers = try engine.peerStates()
        let own = try engine.site().id
        let heads = try hub.heads()
        let known = try engine.hubPositions(server: server)
        var applied: [(bundle: String, report: SyncApplyReport)] = []
        var aside: [FolderSync.SetAside] = []
        for head in heads.sorted(by: { SiteID(uuid: $0.deviceId) < SiteID(uuid: $1.deviceId) }) {
            let device = SiteID(uuid: head.deviceId)
            if device == own || peers.former.contains(device.hex) { continue }
            let last = name(device: device, sequence: head.sequence)
            if peers.forgotten.contains(device.hex) {
                aside.append(
                    .init(
                        file: last, device: device.hex, kind: .forgotten,
                        reason: "that device was forgotten here: its bundles are not read"))
                continue
            }
            let position = known[device.hex]
            if let position,
                head.sequence < position.sequence
                    || (head.sequence == position.sequence && Self.bytes(hex: head.hash) != position.hash)
            {
                aside.append(
                    .init(
                        file: last, device: device.hex, kind: .unreadable,
                        reason:
                            "the hub lost or changed bundles of that device that it had before (it ends at bundle \(head.sequence); bundle \(position.sequence) was read here); that device's chain is not read until the hub has them again"
                    ))
                continue
            }
            if position?.sequence == head.sequence { continue }
            let links: [(position: HubTransport.Position, ciphertext: Data)]
            do {
                links = try hub.receive(
                    device: head.deviceId, after: position.map(Self.transport), oldestKept: head.firstSequence)
            } catch let error as LifeError where error.kind == .malformedInput {
                aside.append(.init(file: last, device: device.hex, kind: .unreadable, reason: error.message))
                continue
            }
            for link in links {
                let bundle = name(device: device, sequence: link.position.sequence)
                do {
                    let report = try store.apply(link.ciphertext, name: bundle, acceptSkew: acceptSkew, keeping: true)
                    applied.append((bundle, report))
                } catch let setAside as SyncSetAside {
                    aside.append(
                        .init(
                            file: bundle, device: setAside.sender?.hex ?? device.hex, kind: setAside.kind,
                            reason: setAside.reason))
                }
                // Read: applied, kept here to try again, or unreadable for good.
                try engine.setHubPosition(server: server, device: device, Self.engine(link.position))
            }
        }

        // This device's own chain: the next bundle after the hub's last one,
        // unless the hub lost bundles this device sent.
        let ownHead = heads.first { $0.deviceId == own.uuid }.map {
            HubTransport.Position(sequence: $0.sequence, hash: $0.hash)
        }
        if let sent = known[own.hex], (ownHead?.sequence ?? 0) < sent.sequence {
            throw LifeError(
                kind: .malformedInput, field: "--server",
                message:
                    "the hub lost this device's bundles after bundle \(ownHead?.sequence ?? 0) (bundle \(sent.sequence) was sent); `lifectl sync new-id` starts a new chain under a new device id"
            )
        }
        var records = 0
        var unchanged = false
        var position = ownHead
        var sender = own
        try store.seal(for: .everyone) { sealed in
            records = sealed.records
            // A device whose clock ran ahead takes a new id as the bundle is
            // made: its bundles start a chain of their own.
            if let id = sealed.sender, id != own {
                sender = id
                position = nil
            }
            unchanged = position?.hash == HubTransport.hash(sealed.bytes)
            // Sent inside the transaction that makes it: a bundle the hub
            // does not take leaves nothing of it recorded here.
            if !unchanged {
                position = try hub.send(device: sender.uuid, after: position, ciphertext: sealed.bytes)
            }
        }
        if let position {
            try engine.setHubPosition(server: server, device: sender, Self.engine(position))
            // The hub keeps this device's last `kept` bundles; older ones
            // go (a reader further behind starts at the oldest kept, which
            // holds what it had not seen). Housekeeping: a failure here is
            // tried again by the next run.
            if !unchanged, position.sequence > Self.kept {
                try? hub.prune(device: sender.uuid, through: position.sequence - Self.kept)
            }
        }
        try engine.recordSetAside(folder: server, aside)
        return Outcome(
            applied: applied, setAside: aside, keptApplied: kept.compactMap(\.report),
            keptBack: kept.filter { $0.stillAside?.kind == .schema }.count
                + applied.filter { $0.report.waitingFor != nil }.count,
            sent: name(device: sender, sequence: position?.sequence ?? 0), records: records, unchanged: unchanged,
            otherDevices: heads.filter {
                $0.deviceId != own.uuid && !peers.former.contains(SiteID(uuid: $0.deviceId).hex)
            }
            .count)
    }

    /// How many of its own bundles a device leaves on the hub.
    public static let kept = 32

    static func transport(_ position: SyncEngine.HubPosition) -> HubTransport.Position {
        HubTransport.Position(
            sequence: position.sequence, hash: position.hash.map { String(format: "%02x", $0) }.joined())
    }

    static func engine(_ position: HubTransport.Position) -> SyncEngine.HubPosition {
        SyncEngine.HubPosition(sequence: position.sequence, hash: bytes(hex: position.hash) ?? Data())
    }

    static func bytes(hex: String) -> Data? {
        guard hex.utf8.count == 64 else { return nil }
        return Hex.decode(hex).map { Data($0) }
    }
}
