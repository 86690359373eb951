import Foundation
import LifeCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Foundation's file errors (a folder that cannot be created, a file that
/// cannot be read), told as one plain sentence with the sysexits status that
/// fits (SPEC CORE-7): 66 when the input does not exist, 74 otherwise. Never
/// the `NSCocoaErrorDomain` dump and exit 1 they would otherwise give.
struct FileErrorReport: Error {
    let message: String
    let exitCode: Int32

    init?(_ error: any Error) {
        let error = error as NSError
        switch error.domain {
        case NSCocoaErrorDomain:
            guard let code = Optional(CocoaError.Code(rawValue: error.code)),
                (CocoaError.Code.fileNoSuchFile.rawValue...CocoaError.Code.fileWriteVolumeReadOnly.rawValue)
                    .contains(code.rawValue)
            else { return nil }
            let path =
                (error.userInfo[NSFilePathErrorKey] as? String)
                ?? (error.userInfo[NSURLErrorKey] as? URL)?.path
            let verb = code.rawValue >= CocoaError.Code.fileWriteUnknown.rawValue ? "write" : "read"
            let missing = code == .fileNoSuchFile || code == .fileReadNoSuchFile
            let reason = Self.reason(of: error) ?? (missing ? "no such file or folder" : "the file system refused")
            let subject = path.map { " " + TerminalText.echoed($0) } ?? " a file"
            message = "cannot \(verb)\(subject): \(reason)"
            exitCode = missing && verb == "read" ? 66 : 74
        case NSPOSIXErrorDomain:
            message = "a file operation failed: \(String(cString: strerror(Int32(error.code))))"
            exitCode = error.code == Int(ENOENT) ? 66 : 74
        default:
            return nil
        }
    }

    /// The operating system's own words for the underlying POSIX error.
    private static func reason(of error: NSError) -> String? {
        let underlying = error.userInfo[NSUnderlyingErrorKey]
        if let posix = underlying as? POSIXError { return String(cString: strerror(posix.code.rawValue)) }
        if let other = underlying as? NSError, other.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(other.code)))
        }
        return nil
    }
}
