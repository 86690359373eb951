import Foundation
import LifeCore
import LifeDB
import LifeKernel

/// What an app (or lifectl) uses to carry bundles between one person's
/// devices over any transport: CKSyncEngine, a shared folder, a file
/// (docs/sync.md, section 11; SPEC SYNC-5). It holds the writer every store
/// writes through (a `SyncClockWriter`, so that the app's clock stamps its
/// changes) and the key; each method is one transaction.
public struct SyncStore: Sendable {
    public let writer: any DatabaseWriter
    public let registry: ProductRegistry
    public let key: SyncKey
    public let clock: Clock

    public init(_ writer: any DatabaseWriter, registry: ProductRegistry, key: SyncKey, clock: Clock = .system) {
        self.writer = writer
        self.registry = registry
        self.key = key
        self.clock = clock
    }

    package var engine: SyncEngine { SyncEngine(writer, registry: registry, clock: clock) }

    /// This device's changes that `peer` (an id from `peers()`) has not
    /// seen, as an encrypted bundle; with no peer, what every peer heard
    /// from lacks (everything, before any has been heard from).
    public func pendingChanges(for peer: String? = nil) throws -> Data {
        let reader: SyncEngine.Reader
        if let peer {
            guard let id = SiteID(hex: peer) else {
                throw LifeError.invalid(
                    field: "peer", "peer '\(TerminalText.echoed(peer))' is not a device id (32 hexadecimal digits)")
            }
            reader = .peer(id)
        } else {
            reader = .everyone
        }
        return try bundle(for: reader)
    }

    /// A bundle for `reader`: deterministic bytes for the same state.
    package func bundle(for reader: SyncEngine.Reader) throws -> Data {
        try seal(for: reader).bytes
    }

    /// A bundle and the number of records in it.
    package struct Sealed: Sendable {
        package let bytes: Data
        package let records: Int
    }

    package func seal(for reader: SyncEngine.Reader) throws -> Sealed {
        let plaintext = try engine.pendingChanges(for: reader, key: key)
        let records = plaintext.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) } - 1
        return Sealed(bytes: try BundleCipher.seal(plaintext, key: key), records: records)
    }

    /// The plaintext of a bundle, opened with the key (for tests and
    /// inspection: locked text stays sealed in it).
    public func open(_ bundle: Data, name: String = "the bundle") throws -> Data {
        try BundleCipher.open(bundle, key: key, name: name)
    }

    /// Applies another device's bundle in one transaction. A bundle from a
    /// newer schema is kept (`SyncApplyReport.waitingFor`) and applied by
    /// `applyWaiting()` once this device has migrated.
    @discardableResult
    public func apply(_ bundle: Data, name: String = "the bundle", acceptSkew: Bool = false) throws -> SyncApplyReport {
        let plaintext = try BundleCipher.open(bundle, key: key, name: name)
        return try engine.apply(plaintext, bundle: bundle, key: key, acceptSkew: acceptSkew)
    }

    /// Applies the kept bundles this schema can now read, oldest first.
    public func applyWaiting(acceptSkew: Bool = false) throws -> [SyncApplyReport] {
        try engine.applyWaiting(key: key, acceptSkew: acceptSkew)
    }

    /// The other devices heard from, the latest first.
    public func peers() throws -> [SyncStatus.Peer] {
        try engine.status().peers
    }

    public func status() throws -> SyncStatus {
        try engine.status()
    }
}
