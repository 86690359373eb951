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
public struct FolderSync: Sendable {
    public let store: SyncStore
    /// The shared folder's path.
    public let folder: String

    public init(_ store: SyncStore, folder: String) {
        self.store = store
        self.folder = folder
    }

    /// What one run did.
    public struct Outcome: Sendable {
        /// Each other device's file applied (or kept for a newer schema), by path.
        public let applied: [(file: String, report: SyncApplyReport)]
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

    /// Applies the bundles kept for this schema, then every other device's
    /// file (one transaction each), then writes this device's own
    /// (atomically, 0600; untouched when its bytes would not change). Every
    /// file is opened with the key before any is applied: a wrong key or a
    /// damaged file refuses the run with nothing applied.
    public func run(acceptSkew: Bool = false) throws -> Outcome {
        try Self.requireFolder(folder, shown: folder)
        var reports = try store.applyWaiting(acceptSkew: acceptSkew)
        let own = try store.engine.site().id.hex + ".lcsync"
        let names = try FileManager.default.contentsOfDirectory(atPath: folder)
            .filter { $0.hasSuffix(".lcsync") && $0 != own && !$0.hasPrefix(".") }.sorted()
        var bundles: [(name: String, bytes: Data)] = []
        for name in names {
            let path = folder + "/" + name
            let bytes = try Self.contents(path)
            _ = try store.open(bytes, name: path)
            bundles.append((path, bytes))
        }
        var applied: [(file: String, report: SyncApplyReport)] = []
        for bundle in bundles {
            applied.append((bundle.name, try store.apply(bundle.bytes, name: bundle.name, acceptSkew: acceptSkew)))
        }
        reports += applied.map(\.report)
        let outgoing = try store.seal(for: .everyone)
        let path = folder + "/" + own
        let unchanged = FileManager.default.contents(atPath: path) == outgoing.bytes
        if !unchanged { try Self.replace(path, with: outgoing.bytes) }
        return Outcome(
            applied: applied, keptBack: reports.compactMap(\.waitingFor).count, wrote: path,
            records: outgoing.records, unchanged: unchanged)
    }

    /// A file's bytes; it must be a regular file (a FIFO would block the
    /// run): missing 66, not a regular file 66, unreadable 74.
    static func contents(_ path: String) throws -> Data {
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
            let kind =
                switch info.st_mode & S_IFMT {
                case S_IFDIR: "a folder"
                case S_IFIFO: "a FIFO"
                case S_IFCHR: "a character device"
                case S_IFBLK: "a block device"
                case S_IFSOCK: "a socket"
                default: "not a file"
                }
            throw LifeError(
                kind: .missingInput, field: "--dir",
                message: "--dir \(TerminalText.echoed(path)) is \(kind); it must be a regular file")
        }
        guard FileManager.default.fileExists(atPath: path) else { throw LifeError.missing(path: path, field: "--dir") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw LifeError(kind: .io, field: "--dir", message: "\(TerminalText.echoed(path)) cannot be read")
        }
        return data
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
