import Foundation
import LifeCore
import LifeServiceAPI

/// A device's side of the hub (SPEC SRV-4): sends its bundles as the next
/// links of its chain and reads other devices' chains back, checking every
/// link, so that a bundle the hub lost, withheld or changed is an error and
/// never a silent gap. It carries ciphertext only: the bundles are made and
/// applied by the sync engine (a transport beside the shared folder's, for
/// the engine to call; docs/sync.md).
public struct HubTransport: Sendable {
    public let client: ServiceClient

    public init(client: ServiceClient) { self.client = client }

    /// Where a device's chain stands for a reader: its last sequence and hash.
    public struct Position: Sendable, Equatable, Codable {
        public var sequence: Int
        public var hash: String
        public init(sequence: Int, hash: String) {
            self.sequence = sequence
            self.hash = hash
        }
    }

    public static func hash(_ data: Data) -> String {
        var hasher = SHA256()
        hasher.update([UInt8](data))
        return hasher.finalizeHex()
    }

    /// Sends `ciphertext` as the bundle after `previous` (nil: the device's
    /// first); answers the new position, checked against the hub's hash.
    public func send(device: UUID, after previous: Position?, ciphertext: Data) throws -> Position {
        let upload = HubJSON.Upload(
            deviceId: device, sequence: (previous?.sequence ?? 0) + 1, previousHash: previous?.hash,
            ciphertext: ciphertext)
        let stored: HubJSON.Stored = try client.call("POST", "/sync/bundles", body: upload)
        let mine = Self.hash(ciphertext)
        guard stored.hash == mine else {
            throw LifeError(
                kind: .malformedInput, field: "--server",
                message: "the hub stored bundle \(upload.sequence) with another hash than the one sent")
        }
        return Position(sequence: upload.sequence, hash: mine)
    }

    /// The last bundle of each of the person's devices on the hub.
    public func heads() throws -> [HubJSON.Head] { try client.call("GET", "/sync/heads") }

    /// Deletes `device`'s bundles up to `through` (its own, to keep within
    /// the hub's quota).
    public func prune(device: UUID, through: Int) throws {
        try client.call("DELETE", "/sync/bundles?device=\(device.uuidString.lowercased())&through=\(through)")
    }

    /// Every bundle of `device` after `known` (nil: from its first), in order,
    /// each checked: its sequence the next one, its hash that of its
    /// ciphertext, its previous hash the one before. A gap or a changed
    /// bundle is an error naming the bundle; nothing after it is given.
    /// `oldestKept` is the oldest bundle the hub still keeps of the chain
    /// (`Head.firstSequence`): when the device deleted the ones after
    /// `known`, reading starts there, the first link taken as the hub gives
    /// it (each bundle holds what its device's readers had not seen, so a
    /// later one stands for the deleted ones).
    public func receive(device: UUID, after known: Position?, oldestKept: Int? = nil) throws
        -> [(position: Position, ciphertext: Data)]
    {
        var received: [(position: Position, ciphertext: Data)] = []
        var last = known
        var start = 1
        if let oldestKept, oldestKept > (known?.sequence ?? 0) + 1 {
            last = nil
            start = oldestKept
        }
        while true {
            let page: [HubJSON.Bundle] = try client.call(
                "GET",
                "/sync/bundles?device=\(device.uuidString.lowercased())&after=\(last?.sequence ?? start - 1)&limit=100")
            for bundle in page {
                let expected = last.map { $0.sequence + 1 } ?? start
                let hash = Self.hash(bundle.ciphertext)
                let follows = last.map { bundle.previousHash == $0.hash } ?? (start > 1 || bundle.previousHash == nil)
                guard bundle.sequence == expected, follows, bundle.hash == hash else {
                    throw LifeError(
                        kind: .malformedInput, field: "--server",
                        message:
                            "the hub lost, withheld or changed bundle \(expected) of device \(device.uuidString.lowercased()): what it gave does not follow the bundles before it"
                    )
                }
                last = Position(sequence: bundle.sequence, hash: hash)
                received.append((Position(sequence: bundle.sequence, hash: hash), bundle.ciphertext))
            }
            if page.isEmpty { return received }
        }
    }
}
