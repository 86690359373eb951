import Foundation
import LifeCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading a GPX file's bytes for `WalksStore.importGPX` (WALK-1): the
/// SHA-256 of its text (which tells a file imported before), streamed; and
/// every byte of a file that can be read only once (a FIFO, a device).
enum GPXSourceFile {
    /// The SHA-256 of the GPX text `input` gives, read in 1 MiB pieces
    /// (memory stays flat): a plain file's bytes, or what a gzip-compressed
    /// one inflates to, so that `ride.gpx` and `ride.gpx.gz` are the same
    /// file.
    static func sha256(of input: GPXInput) throws -> String {
        var hasher = GPXContentHash()
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = try buffer.withUnsafeMutableBytes { try input.read(into: $0) }
            if count == 0 { break }
            buffer.withUnsafeBytes { hasher.update(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
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

    /// Every byte of a file that can be read only once (a FIFO, a device),
    /// as it is (a compressed one stays compressed).
    static func readOnce(path: String) throws -> [UInt8] {
        let descriptor = try GPXInput.openReadOnly(path)
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
