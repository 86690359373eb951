import Foundation
import LifeCore
import LifeDB
import Testing

@testable import Walks

/// WALK-8 and WALK-9 on real files (issue 32): the file's time comes back
/// after an export, a `.gpx.gz` walk is named as its `.gpx` is, zero padding
/// after the gzip data is read as gzip reads it, and an empty `<trkseg>` is
/// no segment.
@Suite struct GPXRealFileFidelityTests {
    static let fixtures = GPXTimeOrderTests.fixtures

    /// A store and a folder of its own for each call.
    static func store() throws -> (WalksStore, URL) {
        let (store, _, folder) = try WalksStoreTests.makeStore()
        return (store, folder)
    }

    /// gpxpy's korita-zbevnica.gpx: GPX 1.0 whose root says
    /// `<time>2010-10-04T05:13:19Z</time>` and whose second track is 358
    /// points without a time, so that walk is dated by its file. Exported and
    /// imported into another database, it is dated the same (it came back
    /// dated by the import day before).
    @Test(.enabled(if: Fixtures.available, Fixtures.missingMessage))
    func anUntimedWalkKeepsItsFilesDateThroughExportAndImport() throws {
        let (store, folder) = try Self.store()
        let imported = try store.importGPX(path: Fixtures.path("gpxpy_korita-zbevnica.gpx"))
        let untimed = try #require(imported.walks.first { $0.name == "03-OCT-10 #2" })
        // 2010-10-04T05:13:19Z is 1,286,169,199 s since 1970.
        #expect(untimed.fileTime == Date(timeIntervalSince1970: 1_286_169_199))
        #expect(untimed.dateSource == .file)
        #expect(untimed.pointCount == 358)

        let text = GPXWriter.render(
            try #require(try store.points(untimed.id)), name: untimed.displayName,
            fileTimeMilliseconds: GPXWriter.fileTimeMilliseconds(of: untimed))
        #expect(text.contains("<metadata><time>2010-10-04T05:13:19Z</time></metadata>"))
        let file = folder.appendingPathComponent("export.gpx")
        try Data(text.utf8).write(to: file)
        let (copies, _) = try Self.store()
        let back = try #require(try copies.importGPX(path: file.path).walks.first)
        #expect(back.fileTime == untimed.fileTime)
        #expect(back.date == untimed.date)
        #expect(back.dateSource == .file)
        #expect(back.distanceMeters == untimed.distanceMeters)
        #expect(back.name == untimed.name)
    }

    /// A walk with neither times nor a file time exports the day it was
    /// added as its file's time: it comes back on the same date.
    @Test func aWalkDatedByItsImportComesBackOnTheSameDate() throws {
        let (store, folder) = try Self.store()
        let plain = folder.appendingPathComponent("plain.gpx")
        try Data(
            #"<gpx version="1.1"><trk><trkseg><trkpt lat="1" lon="2"/><trkpt lat="1" lon="2.001"/></trkseg></trk></gpx>"#
                .utf8
        ).write(to: plain)
        let walk = try #require(try store.importGPX(path: plain.path).walks.first)
        #expect(walk.dateSource == .added)
        // WalksStoreTests' clock: 2026-11-22T12:00:00Z.
        #expect(GPXWriter.fileTimeMilliseconds(of: walk) == 1_795_348_800_000)
    }

    /// The real V-900 file without its track's name, as `X.gpx` and as
    /// `X.gpx.gz`: both walks are called `X.gpx`, as gunzip names the file
    /// inside (it was `X.gpx.gz`); the file's name is kept as given.
    @Test func anUnnamedWalkFromAGzipFileIsNamedAsItsGPXFile() throws {
        let original = try String(
            contentsOf: Self.fixtures.appendingPathComponent("v900_advanced_mode.gpx"), encoding: .utf8)
        let unnamed = original.replacingOccurrences(
            of: "<name>Columbus tracklog v900_advanced_mode.csv</name>", with: "")
        #expect(unnamed != original)
        let (plainStore, plainFolder) = try Self.store()
        let plain = plainFolder.appendingPathComponent("X.gpx")
        try Data(unnamed.utf8).write(to: plain)
        let fromPlain = try #require(try plainStore.importGPX(path: plain.path).walks.first)

        let (gzipStore, gzipFolder) = try Self.store()
        let compressed = gzipFolder.appendingPathComponent("X.gpx.gz")
        try Data(try GzipTool.compress(Array(unnamed.utf8))).write(to: compressed)
        let fromGzip = try #require(try gzipStore.importGPX(path: compressed.path).walks.first)
        #expect(fromPlain.name == nil)
        #expect(fromGzip.name == nil)
        #expect(fromPlain.displayName == "X.gpx")
        #expect(fromGzip.displayName == "X.gpx")
        #expect(fromGzip.sourceFile == "X.gpx.gz")
        #expect(WalkSummary.nameInside("RIDE.GPX.GZ") == "RIDE.GPX")
        #expect(WalkSummary.nameInside(".gz") == ".gz")
        #expect(WalkSummary.nameInside("ride.gpx") == "ride.gpx")
    }

    /// The real MTK file with 4,096 zero bytes after its gzip data (as a
    /// tape or a disk image pads it): `gzip -t` accepts it, and so does the
    /// reader, with the same tracks; a non-zero byte among them is damage.
    @Test func zeroPaddingAfterTheGzipDataIsReadAsGzipReadsIt() throws {
        let path = Self.fixtures.appendingPathComponent("mtk_logger_m241_multiple_tracks.gpx.gz")
        let compressed = [UInt8](try Data(contentsOf: path))
        let padded = compressed + [UInt8](repeating: 0, count: 4_096)
        #expect(try Self.gzipTest(padded) == 0)
        let expected = try GPXReader.read(path: path.path)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pad-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("padded.gpx.gz")
        try Data(padded).write(to: file)
        let read = try GPXReader.read(path: file.path)
        #expect(read.tracks.map(\.track) == expected.tracks.map(\.track))
        #expect(read.warnings == expected.warnings)
        // In small pieces too (the padding crosses many reads).
        let pieces = try GPXReader.read(bytes: padded, fileName: "p.gpx.gz", pieceBytes: 1_000)
        #expect(pieces.tracks.map(\.track) == expected.tracks.map(\.track))

        var damaged = padded
        damaged[damaged.count - 100] = 7
        #expect(try Self.gzipTest(damaged) != 0)
        #expect(
            GPXGzipTests.refusal(damaged) == "walk.gpx.gz: bytes follow the end of the gzip data; nothing was imported")
    }

    /// `gzip -t`'s exit status for `bytes`.
    static func gzipTest(_ bytes: [UInt8]) throws -> Int32 {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gz-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("t.gz")
        try Data(bytes).write(to: file)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["gzip", "-tq", file.path]
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// gpxpy's track-with-empty-segment.gpx: 9 points in a `<trkseg>`, then
    /// `<trkseg></trkseg>`. One segment, not two.
    @Test(.enabled(if: Fixtures.available, Fixtures.missingMessage))
    func anEmptySegmentIsNotCounted() throws {
        let (store, _) = try Self.store()
        let walk = try #require(
            try store.importGPX(path: Fixtures.path("gpxpy_track-with-empty-segment.gpx")).walks.first)
        #expect(walk.pointCount == 9)
        #expect(walk.segmentCount == 1)
        let points = try #require(try store.points(walk.id))
        #expect(points.segments.count == 1)
        #expect(GeoJSONWriter.render(points, summary: walk).contains("\"segmentCount\":1"))
    }

    /// The gzip an export writes: what `gzip -dc` gives back, byte for byte.
    @Test func aGzipExportIsWhatGunzipReads() throws {
        let text = try String(
            contentsOf: Self.fixtures.appendingPathComponent("v900_advanced_mode.gpx"), encoding: .utf8)
        let compressed = try GzipDeflater.compress(Array(text.utf8))
        #expect(compressed.prefix(2) == [0x1F, 0x8B])
        #expect(try GzipTool.decompress(compressed) == Array(text.utf8))
        #expect(GzipDeflater.isGzipName("a.GPX.GZ"))
        #expect(!GzipDeflater.isGzipName("a.gpx"))
    }
}
