import Foundation
import LifeCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading a GPX file's bytes for `WalksStore.importGPX` (WALK-1): its
/// SHA-256 (which tells a file imported before), streamed; and every byte of
/// a file that can be read only once (a FIFO, a device).
enum GPXSourceFile {
    /// The file's SHA-256, read in 1 MiB pieces (memory stays flat).
    static func sha256(ofFile path: String) throws -> String {
        guard let file = fopen(path, "rb") else {
            let code = errno
            if code == ENOENT { throw LifeError.missing(path: path) }
            throw LifeError.io("\(path): cannot open: \(String(cString: strerror(code)))")
        }
        defer { fclose(file) }
        var hasher = SHA256()
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            if count > 0 { buffer.withUnsafeBytes { hasher.update(UnsafeRawBufferPointer(rebasing: $0[0..<count])) } }
            if count < buffer.count {
                if ferror(file) != 0 { throw LifeError.io("\(path): cannot read") }
                break
            }
        }
        return hasher.finalizeHex()
    }

    /// Whether `path` names a regular file (after links); a missing path
    /// counts as one, so the usual reading reports it.
    static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return true }
        return (info.st_mode & S_IFMT) == S_IFREG
    }

    /// Every byte of a file that can be read only once (a FIFO, a device).
    static func readOnce(path: String) throws -> [UInt8] {
        let descriptor = try GPXReader.openForReading(path)
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw LifeError.io("\(path): cannot read: \(String(cString: strerror(errno)))")
            }
            if count == 0 { return bytes }
            bytes += buffer[0..<count]
        }
    }
}
