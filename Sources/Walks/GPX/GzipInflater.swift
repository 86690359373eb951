import CZlib
import LifeCore

/// gzip-compressed bytes (RFC 1952) inflated piece by piece with the system
/// zlib (SPEC WALK-9: bulk exports arrive as `.gpx.gz`), so that a
/// compressed file is read in bounded memory like a plain one.
///
/// A file of several gzip members one after another (what `cat a.gz b.gz`
/// makes, and what gzip itself reads as one) is read as their concatenation.
/// Damage is refused naming the file: data zlib cannot inflate, a check
/// (CRC-32 or length) that does not match, data that ends before the last
/// member does, or bytes after the last member that start no new one. Zero
/// bytes after the last member are padding and read as nothing, as
/// `gzip -t` accepts them.
final class GzipInflater {
    /// The source of compressed bytes: fills the buffer, answers how many
    /// bytes it wrote (0 at the end).
    typealias Source = (UnsafeMutableRawBufferPointer) throws -> Int

    /// Compressed bytes read at a time.
    static let inputBytes = 1 << 18

    private let name: String
    private let source: Source
    // zlib keeps a pointer back to its stream: the stream must never move,
    // so it lives in memory of its own rather than in a Swift value.
    private let stream: UnsafeMutablePointer<z_stream>
    private let input: UnsafeMutableRawBufferPointer
    private var sourceAtEnd = false
    private var memberEnded = false
    private var initialized = false

    /// `name` names the file in errors. Throws when zlib cannot start (no memory).
    init(name: String, source: @escaping Source) throws {
        self.name = name
        self.source = source
        stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        input = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.inputBytes, alignment: 1)
        // 15 + 16: the largest window, and a gzip header and trailer required.
        let status = inflateInit2_(stream, 15 + 16, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else { throw LifeError.io("\(name): cannot start inflating gzip data (zlib \(status))") }
        initialized = true
    }

    deinit {
        if initialized { inflateEnd(stream) }
        stream.deinitialize(count: 1)
        stream.deallocate()
        input.deallocate()
    }

    /// Inflates into `out`; answers how many bytes were written, at least one
    /// unless the compressed data has ended (then 0).
    func read(into out: UnsafeMutableRawBufferPointer) throws -> Int {
        guard let outBase = out.baseAddress, out.count > 0 else { return 0 }
        stream.pointee.next_out = outBase.assumingMemoryBound(to: Bytef.self)
        stream.pointee.avail_out = UInt32(clamping: out.count)
        let capacity = Int(stream.pointee.avail_out)
        while Int(stream.pointee.avail_out) == capacity {
            if stream.pointee.avail_in < 2 && !sourceAtEnd { try refill() }
            if memberEnded {
                if stream.pointee.avail_in == 0 { return 0 }
                // Zeros to the end are padding (a tape or a block device's),
                // which gzip accepts too.
                if stream.pointee.next_in[0] == 0 {
                    try skipPadding()
                    return 0
                }
                // Another member must start right here.
                guard stream.pointee.avail_in >= 2, stream.pointee.next_in[0] == 0x1F, stream.pointee.next_in[1] == 0x8B
                else { throw damaged("bytes follow the end of the gzip data") }
                inflateReset(stream)
                memberEnded = false
            }
            if stream.pointee.avail_in == 0 && sourceAtEnd {
                throw damaged("the gzip data ends early (truncated?)")
            }
            let status = inflate(stream, Z_NO_FLUSH)
            switch status {
            case Z_OK:
                continue
            case Z_STREAM_END:
                memberEnded = true
            case Z_BUF_ERROR:
                // No progress without more input (zlib has room to write):
                // the next turn reads more, or finds the data truncated.
                if stream.pointee.avail_in == 0 && sourceAtEnd {
                    throw damaged("the gzip data ends early (truncated?)")
                }
                // zlib consumes whatever input it is given: no progress with
                // input left would loop forever, so it is damage.
                if stream.pointee.avail_in > 0 { throw damaged("the gzip data is damaged") }
            case Z_MEM_ERROR:
                throw LifeError.io("\(name): out of memory while inflating gzip data")
            default:
                let message = stream.pointee.msg.map { String(cString: $0) } ?? "zlib error \(status)"
                throw damaged("the gzip data is damaged (\(message))")
            }
        }
        return capacity - Int(stream.pointee.avail_out)
    }

    /// Reads the zeros that follow the last member to the end of the data;
    /// any other byte among them is damage, as anything after the last
    /// member that starts no new one.
    private func skipPadding() throws {
        while true {
            let left = Int(stream.pointee.avail_in)
            if let next = stream.pointee.next_in, left > 0 {
                for offset in 0..<left where next[offset] != 0 {
                    throw damaged("bytes follow the end of the gzip data")
                }
            }
            stream.pointee.avail_in = 0
            if sourceAtEnd { return }
            try refill()
        }
    }

    /// Moves what is left of the input to the front and reads more after it.
    private func refill() throws {
        guard let base = input.baseAddress else { return }
        let left = Int(stream.pointee.avail_in)
        if left > 0, let next = stream.pointee.next_in, UnsafeMutableRawPointer(next) != base {
            base.copyMemory(from: next, byteCount: left)
        }
        guard left < input.count else { return }
        let got = try source(UnsafeMutableRawBufferPointer(rebasing: input[left...]))
        if got == 0 { sourceAtEnd = true }
        stream.pointee.next_in = base.assumingMemoryBound(to: Bytef.self)
        stream.pointee.avail_in = UInt32(left + got)
    }

    private func damaged(_ message: String) -> LifeError {
        LifeError.malformed("\(name): \(message); nothing was imported")
    }
}
