import CSQLite
import Foundation
import LifeCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The file modes of SPEC CORE-1: the database is private to its owner.
package enum FilePermissions {
    /// Creates `path` as an empty file with mode 0600 (not touched by the
    /// umask) and, when `createFolders`, its missing parent folders with 0700.
    /// An existing file is left as it is, unless `mustBeNew`: then it is
    /// refused, atomically (`O_EXCL`), so no check-then-create race can
    /// overwrite what another process just wrote.
    public static func createPrivateFile(atPath path: String, createFolders: Bool = true, mustBeNew: Bool = false)
        throws
    {
        let parent = parentFolder(of: path)
        if createFolders, !parent.isEmpty, !FileManager.default.fileExists(atPath: parent) {
            try FileManager.default.createDirectory(
                atPath: parent, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        let descriptor = open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        if descriptor >= 0 {
            fchmod(descriptor, 0o600)
            close(descriptor)
            return
        }
        if errno == EEXIST {
            if mustBeNew {
                throw LifeError.invalid(field: "file", "\(path) already exists; backup never overwrites a file")
            }
            return
        }
        throw DatabaseError(
            extendedCode: SQLITE_CANTOPEN, message: "cannot create \(path): \(String(cString: strerror(errno)))")
    }

    /// The folder part of `path` ("" for a bare file name). Written out
    /// because Foundation on Linux traps in `NSString.deletingLastPathComponent`
    /// for a one-character relative path such as `X`.
    package static func parentFolder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        let parent = String(path[..<slash])
        return parent.isEmpty ? "/" : parent
    }
}
