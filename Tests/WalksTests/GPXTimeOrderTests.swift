import Foundation
import LifeCore
import Testing

@testable import Walks

/// SPEC WALK-9: one time out of order drops only itself, judged against the
/// times around it (docs/walks.md, "Times out of order"); on real files.
@Suite struct GPXTimeOrderTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/gpx")

    /// GPSBabel's MTK file as text (Tests/Fixtures/gpx/README.md).
    static func mtkLines() throws -> [String] {
        let compressed = [UInt8](
            try Data(contentsOf: fixtures.appendingPathComponent("mtk_logger_m241_multiple_tracks.gpx.gz")))
        return String(decoding: try GzipTool.decompress(compressed), as: UTF8.self)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// One fix of the real MTK file stamped an hour late (line 3929,
    /// 2012-11-07T10:16:44Z written 11:16:44, the 654th of 699 points of
    /// track-1): before, every one of the 45 good times after it was dropped
    /// and the walk ended at 11:16:44; now that time alone is dropped, and
    /// the walk has the oracle's first and last times (GPXDroppedValueTests).
    @Test func oneFixStampedAnHourLateDropsOnlyItself() throws {
        var lines = try Self.mtkLines()
        #expect(lines[3928] == "        <time>2012-11-07T10:16:44Z</time>")
        lines[3928] = "        <time>2012-11-07T11:16:44Z</time>"
        let file = try GPXReader.read(bytes: Array(lines.joined(separator: "\n").utf8), fileName: "m241.gpx")
        let track = try #require(file.tracks.first)
        let metrics = WalkMetrics(track: track.track)
        #expect(metrics.pointCount == 699)
        #expect(metrics.timedPointCount == 698)
        #expect(metrics.startTimeMilliseconds == 1_352_279_495_000)
        #expect(metrics.endTimeMilliseconds == 1_352_283_827_000)
        // 10:16:44 is 1,352,283,404 s; the point keeps its place, not its time.
        let point = try #require(track.track.segments.first?[653])
        #expect(point.latitude == 48.000881195)
        #expect(point.timeMilliseconds == nil)
        #expect(file.droppedTimes == 1)
        #expect(file.droppedElevations == 1)
        #expect(file.warnings.map(\.line) == [3928, 3929])
        #expect(
            file.warnings.last?.message
                == "time 2012-11-07T11:16:44Z is out of order with the track's times around it "
                + "(2012-11-07T10:08:39Z before it, 2012-11-07T10:16:49Z after it); time never goes backwards "
                + "within a track; the point is kept without a time")
        // The other five tracks read as before.
        #expect(
            file.tracks.dropFirst().map { WalkMetrics(track: $0.track).timedPointCount } == [6656, 5, 1209, 2147, 3547])
    }

    /// GPSBabel's V-900 file: 6 fixes (06:38:21–26) before 15 logged twelve
    /// minutes earlier (06:26:22–36). Dropping the 6 keeps the most times in
    /// order (the reader used to keep the 6 and drop the 15); every point
    /// stays.
    @Test func theV900FileKeepsItsFifteenTimesInOrder() throws {
        let file = try GPXReader.read(path: Self.fixtures.appendingPathComponent("v900_advanced_mode.gpx").path)
        let track = try #require(file.tracks.first)
        #expect(file.tracks.count == 1)
        let points = Array(track.track.segments.joined())
        #expect(points.count == 21)
        #expect(points.prefix(6).allSatisfy { $0.timeMilliseconds == nil })
        // 2009-02-04T06:26:22Z is 1,233,728,782 s since 1970; one a second.
        let expected: [Int64?] = (0..<15).map { (second: Int64) -> Int64? in 1_233_728_782_000 + second * 1000 }
        #expect(points.dropFirst(6).map(\.timeMilliseconds) == expected)
        #expect(file.warnings.map(\.line) == [11, 21, 31, 41, 51, 61])
        #expect(file.warnings.map(\.value).first == "2009-02-04T06:38:21Z")
        #expect(file.droppedTimes == 6)
        let metrics = WalkMetrics(track: track.track)
        #expect(metrics.elapsedSeconds == 14)
        #expect(metrics.timedPointCount == 15)
    }

    /// The rule on its own: the most times in order, the earlier ones when
    /// several choices keep as many (worked out by hand).
    @Test(
        arguments: [
            ([10, 11, 62, 13, 14], [true, true, false, true, true]),  // one stamped late
            ([10, 11, 2, 13, 14], [true, true, false, true, true]),  // one stamped early
            ([70, 11, 12, 13], [false, true, true, true]),  // the first
            ([10, 11, 12, 3], [true, true, true, false]),  // the last
            ([10, 15, 13, 20], [true, true, false, true]),  // a tie: the earlier kept
            ([10, 11, 62, 63, 14, 15, 16], [true, true, false, false, true, true, true]),  // two
            ([38, 39, 40, 26, 27, 28, 29], [false, false, false, true, true, true, true]),  // two runs
            ([5, 5, 4, 5], [true, true, false, true]),  // equal times are in order
            ([], []), ([7], [true]),
        ] as [([Int64], [Bool])])
    func theMostTimesInOrderAreKept(times: [Int64], kept: [Bool]) {
        #expect(TimeOrder.keptInOrder(times) == kept)
    }

    /// Warnings stay in line order when an order warning comes after others.
    @Test func warningsStayInLineOrder() throws {
        let text = """
            <gpx version="1.1"><trk><trkseg>
            <trkpt lat="0" lon="0"><time>2000-01-01T00:00:09Z</time></trkpt>
            <trkpt lat="0" lon="0"><ele>99999</ele><time>2000-01-01T00:00:01Z</time></trkpt>
            <trkpt lat="0" lon="0"><time>2000-01-01T00:00:02Z</time></trkpt>
            </trkseg></trk></gpx>
            """
        let file = try GPXReader.read(bytes: Array(text.utf8), fileName: "w.gpx")
        #expect(file.warnings.map(\.line) == [2, 3])
        #expect(file.warnings.map(\.element) == [.time, .ele])
        #expect(
            file.tracks.first?.track.segments.first?.map(\.timeMilliseconds) == [nil, 946_684_801_000, 946_684_802_000])
    }
}

/// The reader's fast path for common points (PERF-2) and its general path
/// read real files alike: read whole, most points take the fast path; read
/// 40 bytes at a time, none fits in the buffer and all take the general one.
@Suite struct GPXFastPathTests {
    @Test(arguments: ["mtk_logger_m241_multiple_tracks.gpx.gz", "v900_advanced_mode.gpx"])
    func theFastAndTheGeneralPathAgree(_ name: String) throws {
        let bytes = [UInt8](try Data(contentsOf: GPXTimeOrderTests.fixtures.appendingPathComponent(name)))
        let whole = try GPXReader.read(bytes: bytes, fileName: name)
        let pieces = try GPXReader.read(bytes: bytes, fileName: name, pieceBytes: 40)
        #expect(whole.tracks.map(\.track) == pieces.tracks.map(\.track))
        #expect(whole.tracks.map(\.line) == pieces.tracks.map(\.line))
        #expect(whole.warnings == pieces.warnings)
        #expect(whole.tracks.map(\.name) == pieces.tracks.map(\.name))
    }

    /// Points the fast path leaves to the general one, each read as it reads them.
    @Test func pointsTheFastPathLeavesAreReadTheSame() throws {
        let points = [
            #"<trkpt lat="1" lon="2"><ele>5</ele><time>2026-01-01T00:00:00Z</time></trkpt>"#,
            #"<trkpt lon='2.5' lat='1.5'><speed>3</speed><time>2026-01-01T00:00:01Z</time></trkpt>"#,
            #"<trkpt lat="1" lon="2" ><extensions><hr>90</hr></extensions></trkpt>"#,
            #"<trkpt lat="1" lon="2"><name>a &amp; b</name></trkpt>"#,
            #"<trkpt lat="1" lon="2"/>"#,
            "<trkpt lat=\"1\"\n lon=\"2\"><ele>\n7\n</ele></trkpt>",
            #"<trkpt lat="1" lon="2"><ele>99999</ele></trkpt>"#,
            #"<trkpt lat="1" lon="2"><ele></ele><time> </time></trkpt>"#,
        ]
        let text = "<gpx version=\"1.1\"><trk><trkseg>\n" + points.joined(separator: "\n  ") + "\n</trkseg></trk></gpx>"
        let whole = try GPXReader.read(bytes: Array(text.utf8), fileName: "w.gpx")
        let pieces = try GPXReader.read(bytes: Array(text.utf8), fileName: "w.gpx", pieceBytes: 5)
        #expect(whole.tracks.map(\.track) == pieces.tracks.map(\.track))
        #expect(whole.warnings == pieces.warnings)
        #expect(whole.tracks.first?.track.pointCount == 8)
        #expect(whole.warnings.map(\.line) == [11])
        // lat="1"lon="2" (no space between) is refused as the general path refuses it.
        #expect(
            GPXReaderTests.refusal(
                "<gpx version=\"1.1\"><trk><trkseg><trkpt lat=\"1\"lon=\"2\"></trkpt></trkseg></trk></gpx>")
                == "walk.gpx:1: attributes must be separated by white space")
    }
}
