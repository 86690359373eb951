import Foundation
import LifeCore
import Testing

@testable import Walks

/// SPEC WALK-9: gzip-compressed GPX is read as it is inflated (the system
/// zlib), with the line numbers of the text inside; damaged data is refused
/// naming the file. The compressed bytes come from the system's `gzip`.
@Suite struct GPXGzipTests {
    /// A walk of `count` points with elevations, their longitudes' last
    /// digits scattered (so that the text does not compress to nothing).
    static func walk(points count: Int, name: String = "Long") -> [UInt8] {
        var text =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gpx version=\"1.1\">\n<trk><name>\(name)</name><trkseg>\n"
        for index in 0..<count {
            let latitude = 46 + Double(index) * 0.00001
            let longitude = 7.25 + Double(index * 7919 % 10007) * 1e-7
            text += "<trkpt lat=\"\(latitude)\" lon=\"\(longitude)\"><ele>\(index % 90).5</ele>"
            text += "<time>2026-01-01T00:00:00Z</time></trkpt>\n"
        }
        return Array((text + "</trkseg></trk>\n</gpx>\n").utf8)
    }

    static func refusal(_ bytes: [UInt8], name: String = "walk.gpx.gz") -> String {
        do {
            _ = try GPXReader.read(bytes: bytes, fileName: name)
            return "accepted"
        } catch let error as LifeError {
            return error.kind == .malformedInput ? error.message : "\(error.kind): \(error.message)"
        } catch {
            return "\(error)"
        }
    }

    /// Larger than the inflater's 256 KiB of input and the reader's 1 MiB
    /// chunk, so both are refilled many times.
    @Test func aLargeCompressedFileReadsAsThePlainOne() throws {
        let plain = Self.walk(points: 60_000)
        let compressed = try GzipTool.compress(plain)
        #expect(plain.count > 5 << 20)
        #expect(compressed.count > GzipInflater.inputBytes)
        let expected = try GPXReader.read(bytes: plain, fileName: "walk.gpx")
        #expect(expected.tracks.first?.track.pointCount == 60_000)
        let whole = try GPXReader.read(bytes: compressed, fileName: "walk.gpx.gz")
        #expect(whole.tracks.map(\.track) == expected.tracks.map(\.track))
        // From a file, and in odd pieces from memory.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gz-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("walk.gpx.gz").path
        try Data(compressed).write(to: URL(fileURLWithPath: path))
        #expect(try GPXReader.read(path: path).tracks.map(\.track) == expected.tracks.map(\.track))
        let pieces = try GPXReader.read(bytes: compressed, fileName: "walk.gpx.gz", pieceBytes: 100_003)
        #expect(pieces.tracks.map(\.track) == expected.tracks.map(\.track))
    }

    /// An error in the text is reported at the line it has in the text
    /// inside, as the plain file reports it.
    @Test func errorsAndWarningsNameTheLinesOfTheTextInside() throws {
        var plain = Self.walk(points: 3000)
        // Line 1,503 (the 1,500th point, after three header lines): a latitude of 95.
        var lines = String(decoding: plain, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        lines[1502] = "<trkpt lat=\"95\" lon=\"7.25\"/>"
        plain = Array(lines.joined(separator: "\n").utf8)
        #expect(Self.refusal(plain, name: "walk.gpx") == "walk.gpx:1503: lat 95 is out of range -90…90")
        #expect(Self.refusal(try GzipTool.compress(plain)) == "walk.gpx.gz:1503: lat 95 is out of range -90…90")
        lines[1502] = "<trkpt lat=\"46\" lon=\"7.25\"><ele>-900</ele></trkpt>"
        let warned = try GPXReader.read(
            bytes: try GzipTool.compress(Array(lines.joined(separator: "\n").utf8)), fileName: "walk.gpx.gz")
        #expect(warned.warnings.map(\.line) == [1503])
    }

    /// A file of two gzip members (`cat a.gz b.gz`) reads as its two halves
    /// joined, as gzip itself reads it.
    @Test func twoMembersReadAsOneText() throws {
        let plain = Self.walk(points: 500)
        let half = plain.count / 2
        let joined = try GzipTool.compress(Array(plain[..<half])) + GzipTool.compress(Array(plain[half...]))
        #expect(try GzipTool.decompress(joined) == plain)
        let expected = try GPXReader.read(bytes: plain, fileName: "walk.gpx")
        #expect(
            try GPXReader.read(bytes: joined, fileName: "j.gpx.gz").tracks.map(\.track) == expected.tracks.map(\.track))
    }

    /// Damaged, truncated or followed by other bytes: refused, naming the file.
    @Test func damagedDataIsRefusedNamingTheFile() throws {
        let compressed = try GzipTool.compress(Self.walk(points: 2000))
        // Deflate data that is no deflate data: a block type of 3 is reserved.
        var damaged = compressed
        damaged[10] = 0xFF
        #expect(Self.refusal(damaged).hasPrefix("walk.gpx.gz: the gzip data is damaged ("))
        #expect(Self.refusal(damaged).hasSuffix("); nothing was imported"))
        // The CRC-32 of the trailer changed: gzip's own check fails.
        var badCheck = compressed
        badCheck[compressed.count - 8] ^= 0x01
        #expect(
            Self.refusal(badCheck)
                == "walk.gpx.gz: the gzip data is damaged (incorrect data check); nothing was imported")
        // Cut short.
        #expect(
            Self.refusal(Array(compressed.prefix(compressed.count - 20)))
                == "walk.gpx.gz: the gzip data ends early (truncated?); nothing was imported")
        // Bytes after the data that start no new member.
        #expect(
            Self.refusal(compressed + Array("junk".utf8))
                == "walk.gpx.gz: bytes follow the end of the gzip data; nothing was imported")
        #expect(
            Self.refusal([0x1F, 0x8B]) == "walk.gpx.gz: the gzip data ends early (truncated?); nothing was imported")
    }

    /// `ride.gpx` and `ride.gpx.gz` of the same text have the same content
    /// hash: the SHA-256 of the text (what `sha256sum` gives for the plain file).
    @Test func theContentHashIsThatOfTheTextInside() throws {
        let plain = Self.walk(points: 100)
        let compressed = try GzipTool.compress(plain)
        let hashOfCompressed = try GPXSourceFile.sha256(of: GPXInput(bytes: compressed, name: "w.gpx.gz"))
        #expect(hashOfCompressed == SHA256.hex(plain))
        #expect(try GPXSourceFile.sha256(of: GPXInput(bytes: plain, name: "w.gpx")) == SHA256.hex(plain))
        #expect(SHA256.hex(plain) != SHA256.hex(compressed))
    }

    /// `walks import DIR` takes .gpx and .gpx.gz files, in any case.
    @Test(arguments: [
        ("ride.gpx", true), ("ride.GPX", true), ("ride.gpx.gz", true), ("RIDE.GPX.GZ", true), ("ride.gz", false),
        ("ride.gpx.zip", false), ("ride.tar.gz", false), ("gpx", false), (".gpx.gz", false),
    ])
    func folderImportsTakeGPXAndGzippedGPX(name: String, taken: Bool) {
        #expect(WalksRules.isGPXFileName(name) == taken)
    }
}
