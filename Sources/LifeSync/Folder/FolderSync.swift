import Foundation
import LifeCore
import LifeDB

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Sync through a shared folder (docs/sync.md, section 10): every device
/// writes the changes the others have not seen to `<device id>.lcsync` in
/// the folder and applies every other device's file there, so any folder
/// two devices share works (a cloud drive, Syncthing, a USB stick). The one
/// loop that `lifectl sync --dir` and an app both run.
///
/// A file that cannot be applied (damaged, cut short, another key's, a
/// newer lifectl's, a clock too far ahead, a fault) is set aside with a
/// one-line reason naming it and its device, and the others still apply;
/// this device's own file is written whatever happened to the others
/// (SPEC SYNC-7). Set-aside files stay in the folder and are tried again
/// by every run; `SyncStatus.setAside` lists them.
public struct FolderSync: Sendable {
    public let store: SyncStore
    /// The shared folder's path.
    public let folder: String

    /// The largest file read (a bundle of ten years of every product is a
    /// few megabytes); a larger one is set aside unread (a cloud drive's
    /// junk, a file that is not a bundle).
    public static let sizeLimit = 256 * 1024 * 1024

    public init(_ store: SyncStore, folder: String) {
        self.store = store
        self.folder = folder
    }

    /// A file set aside, and why.
    public struct SetAside: Sendable, Encodable, Equatable {
        public let file: String
        /// The device that wrote it, when known (its id).
        public let device: String?
        public let kind: SyncSetAside.Kind
        public let reason: String

        package init(file: String, device: String?, kind: SyncSetAside.Kind, reason: String) {
            self.file = file
            self.device = device
            self.kind = kind
            self.reason = reason
        }
    }

    /// What one run did.
    public struct Outcome: Sendable {
        /// Each other device's file applied (or kept for a newer schema), by path.
        public let applied: [(file: String, report: SyncApplyReport)]
        /// The files set aside, with why.
        public let setAside: [SetAside]
        /// Bundles kept in the database that applied in this run.
        public let keptApplied: [SyncApplyReport]
        /// Bundles kept for later: written by a newer schema.
        public let keptBack: Int
        /// This device's own file.
        public let wrote: String
        /// The records in it.
        public let records: Int
        /// True when the file already held these bytes and was left untouched.
        public let unchanged: Bool
    }

    /// The shared folder exists and is a folder (`--dir`: 66 when missing,
    /// 64 when a file); `shown` is how the person wrote it.
    public static func requireFolder(_ path: String, shown: String) throws {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw LifeError(
                kind: .missingInput, field: "--dir", message: "--dir \(TerminalText.echoed(shown)): no such folder")
        }
        guard isFolder.boolValue else {
            throw LifeError.invalid(field: "--dir", "--dir \(TerminalText.echoed(shown)) is a file; give a folder")
        }
    }

    /// Tries the bundles kept in the database, then applies every other
    /// device's file (one transaction each; a file that cannot be applied
    /// is set aside and the run goes on), then writes this device's own
    /// (atomically, 0600; untouched when its bytes would not change).
    /// Throws only for the folder itself or this device's own file.
    public func run(acceptSkew: Bool = false) throws -> Outcome {
        try Self.requireFolder(folder, shown: folder)
        let engine = store.engine
        let kept = try engine.applyWaiting(key: store.key, acceptSkew: acceptSkew)
        let peers = try engine.peerStates()
        let own = try engine.site().id.hex
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder)
                .filter { $0.hasSuffix(".lcsync") && !$0.hasPrefix(".") }.sorted()
        } catch {
            throw LifeError.io("cannot list \(TerminalText.echoed(folder)): \(error.localizedDescription)")
        }
        var applied: [(file: String, report: SyncApplyReport)] = []
        var aside: [SetAside] = []
        for name in names {
            let path = folder + "/" + name
            let id = String(name.dropLast(".lcsync".count)).lowercased()
            if id == own { continue }
            // This device's own file from before it took a new id: never
            // applied back; removed once the new one is written.
            if peers.former.contains(id) { continue }
            if peers.forgotten.contains(id) {
                aside.append(
                    SetAside(
                        file: path, device: id, kind: .forgotten,
                        reason: "that device was forgotten here: its file is not read"))
                continue
            }
            do {
                let bytes = try Self.contents(path)
                let report = try store.apply(bytes, name: path, acceptSkew: acceptSkew, keeping: false)
                applied.append((path, report))
            } catch let setAside as SyncSetAside {
                aside.append(
                    SetAside(
                        file: path, device: setAside.sender?.hex ?? (SiteID(hex: id) == nil ? nil : id),
                        kind: setAside.kind, reason: setAside.reason))
            }
        }
        var records = 0
        var unchanged = false
        var path = folder + "/" + own + ".lcsync"
        // This device's own file, written inside the transaction that makes
        // it: when it cannot be written, nothing of the run's bookkeeping for
        // it is kept. Named by the bundle's sender: a device whose clock ran
        // ahead takes a new id as the bundle is made.
        try store.seal(for: .everyone) { sealed in
            records = sealed.records
            if let sender = sealed.sender { path = folder + "/" + sender.hex + ".lcsync" }
            unchanged = FileManager.default.contents(atPath: path) == sealed.bytes
            if !unchanged { try Self.replace(path, with: sealed.bytes) }
        }
        // Its own file under an id it had before (re-stamped clock, a role
        // taken): the new one replaces it.
        for former in try engine.peerStates().former {
            let old = folder + "/" + former + ".lcsync"
            if FileManager.default.fileExists(atPath: old) { unlink(old) }
        }
        try engine.recordSetAside(folder: folder, aside)
        return Outcome(
            applied: applied, setAside: aside, keptApplied: kept.compactMap(\.report),
            keptBack: kept.filter { $0.stillAside?.kind == .schema }.count
                + applied.filter { $0.report.waitingFor != nil }.count,
            wrote: path, records: records, unchanged: unchanged)
    }

    /// A file's bytes, read only when it is a regular file no larger than
    /// `sizeLimit`; anything else is set aside with why.
    package static func contents(_ path: String) throws -> Data {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw SyncSetAside(.unreadable, "it cannot be read (\(String(cString: strerror(errno))))")
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            let kind =
                switch info.st_mode & S_IFMT {
                case S_IFDIR: "a folder"
                case S_IFIFO: "a FIFO"
                case S_IFCHR: "a character device"
                case S_IFBLK: "a block device"
                case S_IFSOCK: "a socket"
                default: "not a file"
                }
            throw SyncSetAside(.unreadable, "it is \(kind), not a bundle")
        }
        guard Int64(info.st_size) <= Int64(sizeLimit) else {
            throw SyncSetAside(
                .unreadable,
                "it is \(Format.grouped(Int(info.st_size / 1_048_576))) MB, larger than any bundle (\(sizeLimit / 1_048_576) MB): not read"
            )
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw SyncSetAside(.unreadable, "it cannot be opened")
        }
        defer { try? handle.close() }
        do {
            let data = try handle.read(upToCount: sizeLimit + 1) ?? Data()
            guard data.count <= sizeLimit else {
                throw SyncSetAside(.unreadable, "it grew beyond \(sizeLimit / 1_048_576) MB while read: not read")
            }
            return data
        } catch let aside as SyncSetAside {
            throw aside
        } catch {
            throw SyncSetAside(.unreadable, "it cannot be read (\(error.localizedDescription))")
        }
    }

    /// Writes `bytes` to a new private file beside `path` and renames it
    /// over `path`: a reader of the folder sees the old file or the new one,
    /// never half of one.
    static func replace(_ path: String, with bytes: Data) throws {
        let temporary = FilePermissions.parentFolder(of: path) + "/.\(UUID().uuidString.lowercased()).lcsync-new"
        do {
            try FilePermissions.createPrivateFile(atPath: temporary, createFolders: false, mustBeNew: true)
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: temporary))
            defer { try? handle.close() }
            try handle.write(contentsOf: bytes)
            try handle.synchronize()
            guard rename(temporary, path) == 0 else {
                throw LifeError.io("cannot write \(TerminalText.echoed(path)): \(String(cString: strerror(errno)))")
            }
        } catch {
            unlink(temporary)
            if let error = error as? LifeError { throw error }
            throw LifeError.io("cannot write \(TerminalText.echoed(path)): \(error.localizedDescription)")
        }
    }
}
