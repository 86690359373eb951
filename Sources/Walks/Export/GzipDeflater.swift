import CZlib
import LifeCore

/// Bytes compressed as one gzip member (RFC 1952) with the system zlib, for
/// an export whose file name ends in `.gz` (`walks export … --gpx
/// ride.gpx.gz`): what `gunzip` and `walks import` read back. The header
/// carries no name and no time stamp, so the same bytes in give the same
/// bytes out.
public enum GzipDeflater {
    /// `bytes` gzip-compressed at zlib's default level. Throws `.io` only
    /// when zlib cannot start (no memory).
    public static func compress(_ bytes: [UInt8]) throws -> [UInt8] {
        var stream = z_stream()
        // 15 + 16: the largest window, with a gzip header and trailer.
        let started = deflateInit2_(
            &stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
            Int32(MemoryLayout<z_stream>.size))
        guard started == Z_OK else { throw LifeError.io("cannot start gzip compression (zlib \(started))") }
        defer { deflateEnd(&stream) }
        var out = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(bytes.count))) + 32)
        var input = bytes
        let status = input.withUnsafeMutableBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                stream.next_in = source.baseAddress
                stream.avail_in = uInt(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = uInt(target.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { throw LifeError.io("gzip compression failed (zlib \(status))") }
        out.removeLast(Int(stream.avail_out))
        return out
    }

    /// Whether a file of this name is written gzip-compressed: it ends in
    /// `.gz`, in any case.
    public static func isGzipName(_ path: String) -> Bool {
        path.count > 3 && path.lowercased().hasSuffix(".gz")
    }
}
