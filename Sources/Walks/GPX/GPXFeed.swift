import LifeCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The bytes of one GPX file on their way to `GPXScanner`: the encoding
/// decided from the first bytes (`XMLTextDecoder`), other encodings
/// transcoded to UTF-8, and a NUL byte, which no XML text may hold, stopping
/// the read at once (SPEC WALK-1: a binary file is malformed, not half read).
struct GPXFeed {
    private var scanner: GPXScanner
    private var decoder: XMLTextDecoder?
    /// Transcoded UTF-8 the scanner has not consumed yet (not UTF-8 files only).
    private var pending: [UInt8] = []

    init(fileName: String) {
        scanner = GPXScanner(fileName: fileName)
    }

    /// Hands `bytes` on; answers how many of them were used. The caller keeps
    /// the rest and gives them again with the next bytes.
    mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>, isFinal: Bool) throws -> Int {
        guard var decoder else {
            guard let (found, skip) = try XMLTextDecoder.detect(bytes, isFinal: isFinal, fileName: scanner.fileName)
            else { return 0 }
            decoder = found
            return try skip + feed(UnsafeBufferPointer(rebasing: bytes[skip...]), isFinal: isFinal)
        }
        if decoder.encoding == .utf8 { return try scan(bytes, isFinal: isFinal) }
        let problem = decoder.decode(bytes, isFinal: isFinal, into: &pending)
        self.decoder = decoder
        // The text before a byte that is no character is scanned first: an
        // error in it comes first, as it does when the file is read whole.
        let used = try pending.withUnsafeBufferPointer { try scan($0, isFinal: isFinal && problem == nil) }
        pending.removeFirst(used)
        if let problem { throw problem }
        return bytes.count
    }

    /// The end of the input.
    mutating func finish() throws -> GPXFile {
        try scanner.finish()
    }

    private mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>, isFinal: Bool) throws -> Int {
        guard let base = bytes.baseAddress, let found = memchr(base, 0, bytes.count) else {
            return try scanner.consume(bytes, isFinal: isFinal)
        }
        // The NUL ends the input: what comes before it is read as a whole
        // file would be (so the first problem is reported however the file
        // is cut), then the NUL itself is the error.
        let nul = UnsafeRawPointer(found) - UnsafeRawPointer(base)
        _ = try scanner.consume(UnsafeBufferPointer(rebasing: bytes[..<nul]), isFinal: true, endsAtNUL: true)
        throw scanner.nulByte()
    }
}
