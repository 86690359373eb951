import Foundation
import LifeCore
import Testing

@testable import Walks

/// The import's content hash (`GPXContentHash`, with the CPU's SHA
/// extensions when it has them) gives `sha256sum`'s digest and
/// `LifeCore.SHA256`'s, however the bytes are cut.
@Suite struct GPXContentHashTests {
    static func digest(_ bytes: [UInt8], piece: Int) -> String {
        var hash = GPXContentHash()
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + piece)
            bytes[start..<end].withUnsafeBytes { hash.update($0) }
            start = end
        }
        return hash.finalizeHex()
    }

    @Test func knownDigests() {
        // FIPS 180-4's examples.
        #expect(Self.digest([], piece: 1) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(
            Self.digest(Array("abc".utf8), piece: 1)
                == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            Self.digest(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8), piece: 7)
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    /// Random lengths around the block size and cuts, against LifeCore's
    /// textbook SHA256 and, for one large input, `sha256sum`.
    @Test func agreesWithTheTextbookHashAndSha256sum() throws {
        var random = SplitMix64(seed: "gpx-content-hash")
        for length in [1, 55, 56, 63, 64, 65, 127, 128, 1000, 4097] {
            let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            var textbook = SHA256()
            textbook.update(bytes)
            let expected = textbook.finalizeHex()
            for piece in [1, 3, 64, 100, length] {
                #expect(Self.digest(bytes, piece: piece) == expected, "length \(length), pieces of \(piece)")
            }
        }
        let large = (0..<3_000_001).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hash-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("large.bin")
        try Data(large).write(to: file)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sha256sum", file.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let sum = String(decoding: data, as: UTF8.self).prefix(64)
        #expect(Self.digest(large, piece: 1 << 20) == String(sum))
    }
}

/// The codec's rounding without the C library (PERF-2) is `rounded()`.
@Suite struct TrackCodecRoundingTests {
    @Test func roundingIsHalfAwayFromZero() {
        var random = SplitMix64(seed: "rounding")
        var values: [Double] = [
            0.5, -0.5, 1.5, -1.5, 2.5, 0.49999999999999994, -0.49999999999999994, 4_503_599_627_370_495.5,
            4_503_599_627_370_497, -1e18, 1e300, 0, -0.0, 899_999_999.5, -1_799_999_999.5,
        ]
        for _ in 0..<100_000 {
            let bits = random.next()
            values.append(Double(Int64(bitPattern: bits) % 2_000_000_000_000) / 1000)
            values.append(Double(bitPattern: bits))
        }
        for value in values where value.isFinite {
            #expect(TrackCodec.roundedHalfAwayFromZero(value) == value.rounded(), "\(value)")
        }
    }
}
