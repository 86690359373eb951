import Foundation
import LifeCore
import LifeDB
import Testing

@testable import Walks

/// SPEC WALK-9: one bad value in an otherwise good GPX file drops that value
/// (the point is kept) with a warning naming the line; only what cannot be
/// read refuses the file.
@Suite struct GPXDroppedValueTests {
    // MARK: GPSBabel's MTK M-241 file (Tests/Fixtures/gpx/README.md)

    static let fixture: String = {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/gpx/mtk_logger_m241_multiple_tracks.gpx.gz").path
    }()

    struct Expected: Sendable, CustomTestStringConvertible {
        let track: Int
        let name: String
        let points: Int
        let firstTime: Int64
        let lastTime: Int64
        let distanceMeters: Double
        let elevations: Int
        let ascentMeters: Double
        let descentMeters: Double

        var testDescription: String { "track \(track)" }
    }

    /// From `scripts/oracles/gpx_fixture_oracle.py
    /// Tests/Fixtures/gpx/mtk_logger_m241_multiple_tracks.gpx.gz` (gpxpy 1.6.2,
    /// geographiclib 2.1): points, times and the geodesic length of each
    /// track, and the elevations within -500…9,000 m with the ascent and
    /// descent they give (the one at line 3928, -672.156 m, left out). Every
    /// track is one segment and every point is timed.
    static let expected: [Expected] = [
        .init(
            track: 0, name: "track-1", points: 699, firstTime: 1_352_279_495_000, lastTime: 1_352_283_827_000,
            distanceMeters: 8026.109775, elevations: 698, ascentMeters: 709.16, descentMeters: 515.46),
        .init(
            track: 1, name: "track-2", points: 6656, firstTime: 1_353_242_733_000, lastTime: 1_353_280_959_000,
            distanceMeters: 38160.798052, elevations: 6656, ascentMeters: 1543.88, descentMeters: 1599.45),
        .init(
            track: 2, name: "track-3", points: 5, firstTime: 1_403_165_573_000, lastTime: 1_403_165_594_000,
            distanceMeters: 71.997022, elevations: 5, ascentMeters: 0, descentMeters: 0),
        .init(
            track: 3, name: "track-4", points: 1209, firstTime: 1_403_168_311_000, lastTime: 1_403_174_696_000,
            distanceMeters: 15734.946376, elevations: 1209, ascentMeters: 333.44, descentMeters: 284.51),
        .init(
            track: 4, name: "track-5", points: 2147, firstTime: 1_416_746_459_000, lastTime: 1_416_757_191_000,
            distanceMeters: 19250.773261, elevations: 2147, ascentMeters: 1046.84, descentMeters: 780.73),
        .init(
            track: 5, name: "track-6", points: 3547, firstTime: 1_428_395_340_000, lastTime: 1_428_428_196_000,
            distanceMeters: 85896.556391, elevations: 3547, ascentMeters: 1703.92, descentMeters: 1647.36),
    ]

    static func read() throws -> GPXFile { try GPXReader.read(path: fixture) }

    @Test(arguments: expected) func eachWalkOfTheFileMatchesTheOracle(_ e: Expected) throws {
        let file = try Self.read()
        #expect(file.tracks.count == 6)
        let track = try #require(file.tracks.count > e.track ? file.tracks[e.track] : nil)
        #expect(track.name == e.name)
        #expect(track.track.segments.count == 1)
        let metrics = WalkMetrics(track: track.track)
        #expect(metrics.pointCount == e.points)
        #expect(metrics.timedPointCount == e.points)
        #expect(metrics.startTimeMilliseconds == e.firstTime)
        #expect(metrics.endTimeMilliseconds == e.lastTime)
        #expect(abs(metrics.distanceMeters - e.distanceMeters) / e.distanceMeters < 1e-6)
        #expect(track.track.segments.joined().filter { $0.elevationMeters != nil }.count == e.elevations)
        #expect(abs((metrics.ascentMeters ?? -1) - e.ascentMeters) < 0.005)
        #expect(abs((metrics.descentMeters ?? -1) - e.descentMeters) < 0.005)
        // As stored (1e-7°, cm, ms), still within the spec's 0.01 %.
        let stored = WalkMetrics(track: TrackCodec.quantized(track.track))
        #expect(abs(stored.distanceMeters - e.distanceMeters) / e.distanceMeters < 1e-4)
    }

    /// The one impossible value: its line, the value, the point kept.
    @Test func theImpossibleElevationIsDroppedWithItsLine() throws {
        let file = try Self.read()
        #expect(
            file.warnings == [
                GPXWarning(
                    line: 3928, element: .ele, value: "-672.156",
                    message:
                        "ele -672.156 is out of range (an elevation is from -500 to 9,000 metres); the point is kept without an elevation"
                )
            ])
        #expect(file.droppedElevations == 1)
        #expect(file.droppedTimes == 0)
        // Line 3927 holds <trkpt lat="48.000881195" lon="7.828315735">, the
        // 654th point of track-1 (TP000654), timed 2012-11-07T10:16:44Z.
        let point = try #require(file.tracks.first?.track.segments.first?[653])
        #expect(point.latitude == 48.000881195)
        #expect(point.longitude == 7.828315735)
        #expect(point.timeMilliseconds == 1_352_283_404_000)
        #expect(point.elevationMeters == nil)
    }

    /// The file inflated by the system's gzip reads the same: the same
    /// tracks, the same warning at the same line.
    @Test func theInflatedFileReadsTheSame() throws {
        let compressed = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.fixture)))
        let plain = try GzipTool.decompress(compressed)
        #expect(SHA256.hex(plain) == "31f4c2f80affaf7e14d6bc37d801efecc57532094a889d1145473c4f6ec5b57a")
        let fromPlain = try GPXReader.read(bytes: plain, fileName: "m241.gpx")
        let fromGzip = try Self.read()
        #expect(fromPlain.tracks.map(\.track) == fromGzip.tracks.map(\.track))
        #expect(fromPlain.tracks.map(\.line) == fromGzip.tracks.map(\.line))
        #expect(fromPlain.warnings == fromGzip.warnings)
    }

    // MARK: Each kind of impossible value

    static func read(points: String) throws -> GPXFile {
        try GPXReader.read(
            bytes: Array(("<gpx version=\"1.1\"><trk><trkseg>\n" + points + "\n</trkseg></trk></gpx>").utf8),
            fileName: "walk.gpx")
    }

    /// Each value dropped alone, on line 2, its point kept with its other values.
    @Test(
        arguments: [
            (
                "<ele>12000</ele><time>2026-01-01T00:00:00Z</time>", GPXWarning.Element.ele, "12000",
                "ele 12000 is out of range (an elevation is from -500 to 9,000 metres); the point is kept without an elevation",
                nil, Int64?(1_767_225_600_000)
            ),
            (
                "<ele>-500.01</ele>", .ele, "-500.01",
                "ele -500.01 is out of range (an elevation is from -500 to 9,000 metres); the point is kept without an elevation",
                nil, nil
            ),
            (
                "<ele> 1e6 </ele>", .ele, "1e6",
                "ele 1e6 is out of range (an elevation is from -500 to 9,000 metres); the point is kept without an elevation",
                nil, nil
            ),
            (
                "<ele>high</ele><time>2026-01-01T00:00:00Z</time>", .ele, "high",
                "ele 'high' is not a finite number; the point is kept without an elevation", nil, 1_767_225_600_000
            ),
            (
                "<ele>NaN</ele>", .ele, "NaN",
                "ele 'NaN' is not a finite number; the point is kept without an elevation",
                nil, nil
            ),
            (
                "<ele>5</ele><time>yesterday</time>", .time, "yesterday",
                "time 'yesterday' is not an ISO 8601 date and time; the point is kept without a time", Double?(5), nil
            ),
            (
                "<ele>5</ele><time>2023-02-29T00:00:00Z</time>", .time, "2023-02-29T00:00:00Z",
                "time '2023-02-29T00:00:00Z' is not an ISO 8601 date and time; the point is kept without a time", 5,
                nil
            ),
            (
                // 0000-12-31T23:30:00Z in UTC.
                "<time>0001-01-01T00:30:00+01:00</time>", .time, "0001-01-01T00:30:00+01:00",
                "time 0001-01-01T00:30:00+01:00 is outside the years 1–9999 (UTC); the point is kept without a time",
                nil, nil
            ),
        ] as [(String, GPXWarning.Element, String, String, Double?, Int64?)])
    func anImpossibleValueIsDroppedAndItsPointKept(
        children: String, element: GPXWarning.Element, value: String, message: String, elevation: Double?,
        time: Int64?
    ) throws {
        let file = try Self.read(points: "<trkpt lat=\"1.5\" lon=\"2.5\">\(children)</trkpt>")
        #expect(file.warnings == [GPXWarning(line: 2, element: element, value: value, message: message)])
        #expect(
            file.tracks.first?.track
                == Track(points: [
                    TrackPoint(latitude: 1.5, longitude: 2.5, elevationMeters: elevation, timeMilliseconds: time)
                ]))
        #expect(file.droppedElevations == (element == .ele ? 1 : 0))
        #expect(file.droppedTimes == (element == .time ? 1 : 0))
    }

    /// Times out of order within a track (across its segments): the most
    /// that run in order are kept (WALK-9, `TimeOrder`): here 3, 4, 6, so
    /// the 5 before them is the one dropped; a new track starts afresh.
    @Test func aTimeOutOfOrderIsDroppedAndTheOthersKept() throws {
        let point = { (second: Int) in
            #"<trkpt lat="0" lon="0"><time>2000-01-01T00:00:0\#(second)Z</time></trkpt>"#
        }
        let file = try GPXReader.read(
            bytes: Array(
                ("<gpx version=\"1.1\"><trk><trkseg>\n\(point(5))\n\(point(3))\n</trkseg><trkseg>\(point(4))\n"
                    + "\(point(6))</trkseg></trk>\n<trk><trkseg>\(point(1))</trkseg></trk></gpx>").utf8),
            fileName: "walk.gpx")
        let times = file.tracks.map { $0.track.segments.joined().map(\.timeMilliseconds) }
        // 2000-01-01T00:00:00Z is 946,684,800,000 ms.
        #expect(times == [[nil, 946_684_803_000, 946_684_804_000, 946_684_806_000], [946_684_801_000]])
        #expect(file.warnings.map(\.line) == [2])
        #expect(
            file.warnings.first?.message
                == "time 2000-01-01T00:00:05Z is out of order with the track's times around it "
                + "(2000-01-01T00:00:03Z after it); time never goes backwards within a track; "
                + "the point is kept without a time")
        #expect(file.droppedTimes == 1)
    }

    /// Every dropped value is counted; the first 100 are kept one by one.
    @Test func warningsStopAtAHundredAndTheCountsGoOn() throws {
        let points = (0..<250).map { _ in "<trkpt lat=\"1\" lon=\"2\"><ele>99999</ele></trkpt>" }
        let file = try Self.read(points: points.joined(separator: "\n"))
        #expect(file.warnings.count == 100)
        #expect(file.warnings.last?.line == 101)
        #expect(file.droppedElevations == 250)
        #expect(file.tracks.first?.track.pointCount == 250)
    }

    /// A long value is shown cut to 60 characters.
    @Test func aLongValueIsShownCut() throws {
        let long = String(repeating: "x", count: 100)
        let file = try Self.read(points: "<trkpt lat=\"1\" lon=\"2\"><ele>\(long)</ele></trkpt>")
        #expect(file.warnings.first?.value == String(repeating: "x", count: 60) + "…")
    }

    /// What cannot be read still refuses the whole file: a position.
    @Test func aPositionThatCannotBeReadStillRefusesTheFile() {
        #expect(
            GPXReaderTests.refusal(
                "<gpx version=\"1.1\"><trk><trkseg>\n<trkpt lat=\"91\" lon=\"0\"/></trkseg></trk></gpx>")
                == "walk.gpx:2: lat 91 is out of range -90…90")
    }
}
