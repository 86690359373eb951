import LifeCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads GPX 1.0 and 1.1 files for Walks (SPEC WALK-1, PERF-2).
///
/// A purpose-built byte scanner (`GPXScanner`) rather than Foundation's
/// `XMLParser`: it was measured several times faster on the same machine
/// (docs/benchmarks.md), refuses every `<!DOCTYPE` itself, and streams the
/// file in bounded chunks, so memory grows with the points, not the file.
public enum GPXReader {
    /// Bytes read at a time; a unit longer than this (a huge comment) grows
    /// the buffer to hold it.
    static let chunkBytes = 1 << 20

    /// Opens `path` read-only: a missing file is a `missing` error (exit 66),
    /// any other failure an I/O one naming the reason.
    static func openForReading(_ path: String) throws -> Int32 {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { throw LifeError.missing(path: path) }
            throw LifeError.io("\(path): cannot open: \(String(cString: strerror(code)))")
        }
        return descriptor
    }

    /// Reads a file in bounded chunks.
    ///
    /// Errors: `LifeError.missing` (66) when the file is absent;
    /// `.malformed` (65) "PATH:LINE: what is wrong" for malformed XML,
    /// truncation, out-of-range or non-finite coordinates, elevations outside
    /// −500…9,000 m, time going backwards within a track, `<!DOCTYPE`/
    /// `<!ENTITY`, a non-GPX root, a control character in a track name, a
    /// NUL byte, gzip data, an encoding other than UTF-8, UTF-16,
    /// ISO-8859-1 and Windows-1252; `.io` (74) when reading fails.
    public static func read(path: String) throws -> GPXFile {
        let descriptor = try openForReading(path)
        defer { close(descriptor) }

        var feed = GPXFeed(fileName: path)
        var buffer = [UInt8](repeating: 0, count: chunkBytes)
        var filled = 0
        var atEnd = false
        while !atEnd {
            if filled == buffer.count {
                // One unit fills the whole buffer: make room for more of it.
                buffer.append(contentsOf: repeatElement(0, count: buffer.count))
            }
            let got = buffer.withUnsafeMutableBytes { raw -> Int in
                guard let base = raw.baseAddress else { return -1 }
                return systemRead(descriptor, base + filled, raw.count - filled)
            }
            if got < 0 {
                let code = errno
                if code == EINTR { continue }
                throw LifeError.io("\(path): cannot read: \(String(cString: strerror(code)))")
            }
            if got == 0 { atEnd = true } else { filled += got }
            let consumed = try buffer.withUnsafeBufferPointer { all in
                try feed.feed(UnsafeBufferPointer(rebasing: all[0..<filled]), isFinal: atEnd)
            }
            if consumed > 0 {
                buffer.withUnsafeMutableBytes { raw in
                    guard let base = raw.baseAddress else { return }
                    memmove(base, base + consumed, filled - consumed)
                }
                filled -= consumed
            }
        }
        return try feed.finish()
    }

    private static func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.read(descriptor, buffer, count)
        #else
            Darwin.read(descriptor, buffer, count)
        #endif
    }

    /// Reads GPX from memory; `fileName` names it in errors.
    public static func read(bytes: [UInt8], fileName: String) throws -> GPXFile {
        var feed = GPXFeed(fileName: fileName)
        _ = try bytes.withUnsafeBufferPointer { try feed.feed($0, isFinal: true) }
        return try feed.finish()
    }

    /// Reads GPX from memory `pieceBytes` at a time, keeping what the scanner
    /// leaves unconsumed as `read(path:)` does: the tests and the fuzz target
    /// check that every way of cutting a file gives the same answer.
    static func read(bytes: [UInt8], fileName: String, pieceBytes: Int) throws -> GPXFile {
        var feed = GPXFeed(fileName: fileName)
        var pending: [UInt8] = []
        var offset = 0
        while true {
            let end = min(bytes.count, offset + max(1, pieceBytes))
            pending += bytes[offset..<end]
            offset = end
            let isFinal = offset == bytes.count
            let used = try pending.withUnsafeBufferPointer { try feed.feed($0, isFinal: isFinal) }
            pending.removeFirst(used)
            if isFinal { break }
        }
        return try feed.finish()
    }
}
