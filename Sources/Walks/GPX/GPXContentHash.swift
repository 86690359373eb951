import CSHA256

/// The SHA-256 of a GPX file's text (which tells a file imported before,
/// SPEC WALK-1), the same digest as `LifeCore.SHA256`, worked out with the
/// CPU's SHA extensions when it has them (`CSHA256`): hashing a 21 MB file
/// took longer than reading its points (PERF-2, docs/benchmarks.md).
struct GPXContentHash {
    private var state: [UInt32] = [
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
    ]
    /// Bytes of an unfinished block.
    private var pending: [UInt8] = []
    private var length: UInt64 = 0

    init() {
        pending.reserveCapacity(64)
    }

    mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count > 0 else { return }
        length &+= UInt64(bytes.count)
        var offset = 0
        if !pending.isEmpty {
            let take = min(64 - pending.count, bytes.count)
            pending.append(contentsOf: UnsafeBufferPointer(start: base, count: take))
            offset = take
            if pending.count == 64 {
                compress(pending)
                pending.removeAll(keepingCapacity: true)
            }
        }
        let blocks = (bytes.count - offset) / 64
        if blocks > 0 {
            state.withUnsafeMutableBufferPointer { words in
                guard let words = words.baseAddress else { return }
                csha256_blocks(words, base + offset, blocks)
            }
            offset += blocks * 64
        }
        if offset < bytes.count {
            pending.append(contentsOf: UnsafeBufferPointer(start: base + offset, count: bytes.count - offset))
        }
    }

    /// The digest as 64 lower-case hexadecimal digits.
    mutating func finalizeHex() -> String {
        let bitLength = length &* 8
        var tail = pending
        tail.append(0x80)
        while tail.count % 64 != 56 { tail.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) {
            tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
        }
        for start in stride(from: 0, to: tail.count, by: 64) { compress(Array(tail[start..<start + 64])) }
        pending.removeAll()
        let digits = Array("0123456789abcdef".utf8)
        var hex: [UInt8] = []
        hex.reserveCapacity(64)
        for word in state {
            for shift in stride(from: 28, through: 0, by: -4) { hex.append(digits[Int(word >> UInt32(shift) & 0xF)]) }
        }
        return String(decoding: hex, as: UTF8.self)
    }

    private mutating func compress(_ block: [UInt8]) {
        block.withUnsafeBufferPointer { bytes in
            state.withUnsafeMutableBufferPointer { words in
                guard let words = words.baseAddress, let bytes = bytes.baseAddress else { return }
                csha256_blocks(words, bytes, 1)
            }
        }
    }

    /// Whether the CPU's SHA extensions do the work (for the benchmark's record).
    static var usesExtensions: Bool { csha256_uses_extensions() != 0 }
}
