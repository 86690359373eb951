import Foundation
import LifeCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Files a command reads (the database given by `--db`, a `--photo`, a GPX
/// file to import) must be regular files (issue 9 §4): a FIFO would block the
/// command until someone writes to it, a device would feed it endless or
/// meaningless bytes. Refused at once with exit 66, like a missing input, and
/// the message says what the path is instead (docs/output-files.md).
enum RegularFile {
    /// Refuses `path` when it exists and is not a regular file (a symlink to a
    /// regular file is fine). A path that does not exist is left to the caller.
    static func require(_ path: String, field: String) throws {
        var info = stat()
        guard stat(path, &info) == 0 else { return }
        let kind: String
        switch info.st_mode & S_IFMT {
        case S_IFREG: return
        case S_IFDIR: kind = "a folder"
        case S_IFIFO: kind = "a FIFO"
        case S_IFCHR: kind = "a character device"
        case S_IFBLK: kind = "a block device"
        case S_IFSOCK: kind = "a socket"
        default: kind = "not a file"
        }
        let named = field.hasPrefix("-") || field.hasPrefix("$") ? field + " " : ""
        throw LifeError(
            kind: .missingInput, field: field,
            message: "\(named)\(TerminalText.echoed(path)) is \(kind); it must be a regular file")
    }
}
