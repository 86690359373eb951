import LifeCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The text of one GPX file as the reader and the content hash see it
/// (SPEC WALK-1, WALK-9): read from a file in pieces, or from memory (a FIFO
/// read once), and inflated on the way when it is gzip-compressed, which is
/// decided by its first two bytes (1f 8b), not by its name. Memory stays
/// bounded: the caller's buffer, and the inflater's input for a gzip file.
final class GPXInput {
    let name: String
    /// The open file, or nil for bytes in memory.
    private let descriptor: Int32?
    private let bytes: [UInt8]
    /// Bytes of `bytes` handed out so far.
    private var offset = 0
    /// The first bytes, read to tell gzip from text and not handed out yet.
    private var peeked: [UInt8] = []
    private var decided = false
    private var inflater: GzipInflater?

    /// Opens `path` read-only.
    init(path: String) throws {
        name = path
        descriptor = try Self.openReadOnly(path)
        bytes = []
    }

    /// `open(path, O_RDONLY)`: a missing file is a `missing` error (exit
    /// 66), any other failure an I/O one naming the reason.
    static func openReadOnly(_ path: String) throws -> Int32 {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { throw LifeError.missing(path: path) }
            throw LifeError.io("\(path): cannot open: \(String(cString: strerror(code)))")
        }
        return descriptor
    }

    /// The bytes of a file already in memory; `name` names it in errors.
    init(bytes: [UInt8], name: String) {
        self.name = name
        descriptor = nil
        self.bytes = bytes
    }

    deinit {
        if let descriptor { close(descriptor) }
    }

    /// Whether the bytes are gzip-compressed (known after the first `read`).
    var isCompressed: Bool { inflater != nil }

    /// Fills `out` with the next bytes of GPX text; answers how many (0 at
    /// the end only). Throws `.malformed` for damaged gzip data, `.io` when
    /// reading fails.
    func read(into out: UnsafeMutableRawBufferPointer) throws -> Int {
        if !decided { try decide() }
        if let inflater { return try inflater.read(into: out) }
        return try readRaw(into: out)
    }

    /// Reads the first two bytes and decides whether to inflate.
    private func decide() throws {
        decided = true
        var first = [UInt8](repeating: 0, count: 2)
        var got = 0
        while got < 2 {
            let count = try first.withUnsafeMutableBytes {
                try readRaw(into: UnsafeMutableRawBufferPointer(rebasing: $0[got...]))
            }
            if count == 0 { break }
            got += count
        }
        peeked = Array(first[0..<got])
        if got == 2 && first[0] == 0x1F && first[1] == 0x8B {
            inflater = try GzipInflater(name: name) { [unowned self] in try self.readRaw(into: $0) }
        }
    }

    /// The bytes as they are in the file or in memory (compressed or not),
    /// the peeked ones first.
    private func readRaw(into out: UnsafeMutableRawBufferPointer) throws -> Int {
        if !peeked.isEmpty {
            let count = peeked.withUnsafeBytes { Self.copy($0, into: out) }
            peeked.removeFirst(count)
            return count
        }
        guard let descriptor else {
            let count = bytes.withUnsafeBytes { Self.copy(UnsafeRawBufferPointer(rebasing: $0[offset...]), into: out) }
            offset += count
            return count
        }
        guard let base = out.baseAddress, out.count > 0 else { return 0 }
        while true {
            #if canImport(Glibc)
                let got = Glibc.read(descriptor, base, out.count)
            #else
                let got = Darwin.read(descriptor, base, out.count)
            #endif
            if got >= 0 { return got }
            let code = errno
            if code == EINTR { continue }
            throw LifeError.io("\(name): cannot read: \(String(cString: strerror(code)))")
        }
    }

    /// Copies as much of `source` as fits at the start of `out`; answers how much.
    private static func copy(_ source: UnsafeRawBufferPointer, into out: UnsafeMutableRawBufferPointer) -> Int {
        let count = min(source.count, out.count)
        if count > 0 {
            UnsafeMutableRawBufferPointer(rebasing: out[0..<count])
                .copyMemory(from: UnsafeRawBufferPointer(rebasing: source[0..<count]))
        }
        return count
    }
}
