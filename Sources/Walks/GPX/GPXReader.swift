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

    /// Reads a file in bounded chunks; a gzip-compressed one (known by its
    /// first bytes, whatever its name) is inflated on the way, and its line
    /// numbers are those of the text inside.
    ///
    /// Errors: `LifeError.missing` (66) when the file is absent;
    /// `.malformed` (65) "PATH:LINE: what is wrong" for malformed XML,
    /// truncation, out-of-range or non-finite coordinates,
    /// `<!DOCTYPE`/`<!ENTITY`, a non-GPX root, a control character in a track
    /// name, a NUL byte, an encoding other than UTF-8, UTF-16, ISO-8859-1
    /// and Windows-1252, and "PATH: …" for damaged gzip data; `.io` (74)
    /// when reading fails. An impossible elevation or time is no error: it
    /// is dropped and reported in `GPXFile.warnings` (WALK-9).
    public static func read(path: String) throws -> GPXFile {
        try read(GPXInput(path: path), fileName: path)
    }

    /// Reads `input` in chunks of `chunkBytes`; `shouldStop` is asked before
    /// each chunk, and when it answers true the read ends with `Stopped`.
    static func read(_ input: GPXInput, fileName: String, shouldStop: () -> Bool = { false }) throws -> GPXFile {
        var feed = GPXFeed(fileName: fileName)
        var buffer = [UInt8](repeating: 0, count: chunkBytes)
        var filled = 0
        var atEnd = false
        while !atEnd {
            if shouldStop() { throw Stopped() }
            if filled == buffer.count {
                // One unit fills the whole buffer: make room for more of it.
                buffer.append(contentsOf: repeatElement(0, count: buffer.count))
            }
            let got = try buffer.withUnsafeMutableBytes { raw in
                try input.read(into: UnsafeMutableRawBufferPointer(rebasing: raw[filled...]))
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

    /// The read was stopped by its caller (`shouldStop`).
    struct Stopped: Error {}

    /// Reads GPX from memory; `fileName` names it in errors.
    /// gzip-compressed bytes are inflated first, in chunks.
    public static func read(bytes: [UInt8], fileName: String) throws -> GPXFile {
        guard bytes.count < 2 || bytes[0] != 0x1F || bytes[1] != 0x8B else {
            return try read(GPXInput(bytes: bytes, name: fileName), fileName: fileName)
        }
        var feed = GPXFeed(fileName: fileName)
        _ = try bytes.withUnsafeBufferPointer { try feed.feed($0, isFinal: true) }
        return try feed.finish()
    }

    /// Reads GPX from memory `pieceBytes` at a time, keeping what the scanner
    /// leaves unconsumed as `read(path:)` does: the tests and the fuzz target
    /// check that every way of cutting a file gives the same answer.
    static func read(bytes: [UInt8], fileName: String, pieceBytes: Int) throws -> GPXFile {
        let input = GPXInput(bytes: bytes, name: fileName)
        var feed = GPXFeed(fileName: fileName)
        var pending: [UInt8] = []
        var piece = [UInt8](repeating: 0, count: max(1, pieceBytes))
        while true {
            let got = try piece.withUnsafeMutableBytes { try input.read(into: $0) }
            pending += piece[0..<got]
            let isFinal = got == 0
            let used = try pending.withUnsafeBufferPointer { try feed.feed($0, isFinal: isFinal) }
            pending.removeFirst(used)
            if isFinal { break }
        }
        return try feed.finish()
    }
}
