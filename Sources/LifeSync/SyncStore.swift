import Foundation
import LifeCore
import LifeDB
import LifeKernel

/// What an app (or lifectl) uses to carry bundles between one person's
/// devices over any transport: CKSyncEngine, a shared folder, a file
/// (docs/sync.md, section 11; SPEC SYNC-5). It holds the writer every store
/// writes through (the one `LifeKit.open`/`openPool` hands back, which
/// stamps every change with the app's clock) and the key; each method is
/// one transaction.
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
        return try seal(for: reader).bytes
    }

    /// A bundle for `reader`: deterministic bytes for the same state.
    package func bundle(for reader: SyncEngine.Reader) throws -> Data {
        try seal(for: reader).bytes
    }

    /// A bundle and the number of records in it.
    package struct Sealed: Sendable {
        package let bytes: Data
        package let records: Int
        /// The device the bundle is from: this one's id as of the bundle,
        /// which may be new (a clock that ran ahead is dated again under a
        /// new id as the bundle is made).
        package let sender: SiteID?
    }

    /// Makes a bundle for `reader` and hands it to `deliver` inside the
    /// transaction that makes it: when `deliver` throws (the file cannot be
    /// written), nothing the making recorded is kept.
    @discardableResult
    package func seal(for reader: SyncEngine.Reader, deliver: (Sealed) throws -> Void = { _ in }) throws -> Sealed {
        var sealed: Sealed?
        _ = try engine.pendingChanges(for: reader, key: key) { plaintext in
            let records = plaintext.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) } - 1
            let made = Sealed(
                bytes: try BundleCipher.seal(plaintext, key: key), records: records, sender: Self.sender(plaintext))
            try deliver(made)
            sealed = made
        }
        guard let sealed else { throw LifeError.bug("no bundle was made") }
        return sealed
    }

    /// The plaintext of a bundle, opened with the key (for tests and
    /// inspection: locked text stays sealed in it).
    public func open(_ bundle: Data, name: String = "the bundle") throws -> Data {
        try BundleCipher.open(bundle, key: key, name: name)
    }

    /// Applies another device's bundle in one transaction.
    ///
    /// A bundle from a newer schema is kept (`SyncApplyReport.waitingFor`)
    /// and applied by `applyWaiting()` once this device has migrated. One
    /// that cannot be applied throws a `SyncSetAside` saying why, and
    /// nothing of it is applied: one that is not a bundle, is damaged or
    /// was sealed with another key is dropped; one whose clock runs too far
    /// ahead, or that met a fault, is kept here (with `keeping`) and tried
    /// again by `applyWaiting()` (`acceptSkew` applies it as it is).
    @discardableResult
    public func apply(_ bundle: Data, name: String = "the bundle", acceptSkew: Bool = false, keeping: Bool = true)
        throws -> SyncApplyReport
    {
        let plaintext = try BundleCipher.openOrSetAside(bundle, key: key)
        do {
            // Applied now, a copy kept when it could not be went with it.
            return try engine.apply(plaintext, bundle: bundle, key: key, acceptSkew: acceptSkew)
        } catch var aside as SyncSetAside {
            if aside.sender == nil { aside = SyncSetAside(aside.kind, aside.reason, sender: Self.sender(plaintext)) }
            if keeping && (aside.kind == .clock || aside.kind == .failed) { try engine.keep(bundle, aside) }
            throw aside
        } catch let error where !Self.isEnvironmental(error) {
            let aside = SyncSetAside(.failed, SyncSetAside.fault(error), sender: Self.sender(plaintext))
            if keeping { try engine.keep(bundle, aside) }
            throw aside
        }
    }

    /// A failure of the machine, not of the bundle: the disk, a lock, an
    /// interrupt. It is thrown as it is (the command fails), never set aside.
    static func isEnvironmental(_ error: any Error) -> Bool {
        if let error = error as? LifeError { return error.kind == .io || error.kind == .missingInput }
        guard let error = error as? DatabaseError else { return false }
        let codes: Set<ResultCode> = [
            .busy, .locked, .readOnly, .interrupt, .ioError, .corrupt, .full, .cannotOpen, .notADatabase,
            .permission, .abort,
        ]
        return codes.contains(error.resultCode)
    }

    /// The sender named in a plaintext's header, when it can be read.
    static func sender(_ plaintext: Data) -> SiteID? {
        guard let end = plaintext.firstIndex(of: 0x0A),
            let line = String(data: plaintext[plaintext.startIndex..<end], encoding: .utf8),
            let header = try? SyncBundleHeader.read(Substring(line))
        else { return nil }
        return header.sender?.id
    }

    /// Tries the bundles kept here again, oldest first (docs/sync.md,
    /// section 9): one that still cannot apply stays kept, with why.
    @discardableResult
    public func applyWaiting(acceptSkew: Bool = false) throws -> [SyncApplyReport] {
        try engine.applyWaiting(key: key, acceptSkew: acceptSkew).compactMap(\.report)
    }

    /// The other devices heard from, the latest first.
    public func peers() throws -> [SyncStatus.Peer] {
        try engine.status().peers
    }

    public func status() throws -> SyncStatus {
        try engine.status()
    }

    /// Stops applying the bundles of `device` (a device that is gone, or
    /// whose copy of the database must not come back): they are no longer
    /// read, kept or waited for (docs/sync.md, section 10).
    public func forget(device: String) throws -> String {
        try engine.forget(device: device)
    }
}
