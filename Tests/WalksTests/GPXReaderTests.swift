import Foundation
import LifeCore
import Testing

@testable import Walks

/// SPEC WALK-1: what the reader accepts, what it refuses, and where.
/// Expected times were worked out with Python's `datetime.fromisoformat`.
@Suite struct GPXReaderTests {
    static func read(_ text: String, name: String = "walk.gpx") throws -> GPXFile {
        try GPXReader.read(bytes: Array(text.utf8), fileName: name)
    }

    /// The error for `text`, which must be LifeError.malformed.
    static func refusal(_ text: String) -> String {
        refusal(bytes: Array(text.utf8))
    }

    /// The error for `bytes`, which must be LifeError.malformed.
    static func refusal(bytes: [UInt8]) -> String {
        do {
            _ = try GPXReader.read(bytes: bytes, fileName: "walk.gpx")
            return "accepted"
        } catch let error as LifeError {
            return error.kind == .malformedInput ? error.message : "\(error.kind): \(error.message)"
        } catch {
            return "\(error)"
        }
    }

    static let header = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"

    @Test func minimalGPX11() throws {
        let file = try Self.read(
            Self.header + """
                <gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1">
                  <trk><name> Morning walk </name><trkseg>
                    <trkpt lat="48.1" lon="11.5"><ele>520.5</ele><time>2026-01-01T00:00:00Z</time></trkpt>
                    <trkpt lat="-48.25" lon="-11.75"/>
                  </trkseg></trk>
                </gpx>
                """)
        #expect(file.version == "1.1")
        #expect(file.tracks.count == 1)
        let track = try #require(file.tracks.first)
        #expect(track.name == "Morning walk")
        #expect(track.line == 3)
        #expect(
            track.track
                == Track(points: [
                    TrackPoint(
                        latitude: 48.1, longitude: 11.5, elevationMeters: 520.5, timeMilliseconds: 1_767_225_600_000),
                    TrackPoint(latitude: -48.25, longitude: -11.75),
                ]))
    }

    /// Any namespace prefix, GPX 1.0, a BOM and CRLF line ends.
    @Test func prefixedElementsBOMAndCRLF() throws {
        let text =
            "\u{FEFF}<?xml version=\"1.0\"?>\r\n<g:gpx xmlns:g=\"http://www.topografix.com/GPX/1/0\" version=\"1.0\">\r\n"
            + "<g:trk>\r\n<g:trkseg>\r\n<g:trkpt lat='1.5' lon='2.5'>\r\n<g:ele>3</g:ele>\r\n</g:trkpt>\r\n"
            + "</g:trkseg>\r\n</g:trk>\r\n</g:gpx>\r\n"
        let file = try Self.read(text)
        #expect(file.version == "1.0")
        #expect(file.tracks.first?.line == 3)
        #expect(
            file.tracks.first?.track == Track(points: [TrackPoint(latitude: 1.5, longitude: 2.5, elevationMeters: 3)]))
        // Line numbers count CRLF as one line end.
        let broken = text.replacingOccurrences(of: "lat='1.5'", with: "lat='95'")
        #expect(Self.refusal(broken) == "walk.gpx:5: lat 95 is out of range -90…90")
    }

    @Test(arguments: [
        ("2026-01-01T00:00:00Z", Int64(1_767_225_600_000)),
        ("2026-07-14T12:30:05.5+02:00", 1_784_025_005_500),
        ("2026-07-14T10:30:05.123456789Z", 1_784_025_005_123),
        ("2026-07-14T10:30:05.1225Z", 1_784_025_005_123),  // 4th digit 5 rounds up
        ("2026-07-14T10:30:05.1224Z", 1_784_025_005_122),
        ("2024-02-29T23:59:59-05:30", 1_709_270_999_000),
        ("2024-02-29T23:59:59-0530", 1_709_270_999_000),
        ("2000-01-01T00:00:00", 946_684_800_000),  // no zone: UTC
        ("  2000-01-01T00:00:00z \n", 946_684_800_000),
        ("1999-12-31T24:00:00Z", 946_684_800_000),
    ])
    func times(_ text: String, _ expected: Int64) throws {
        let file = try Self.read(
            #"<gpx version="1.1"><trk><trkseg><trkpt lat="0" lon="0"><time>"# + text
                + "</time></trkpt></trkseg></trk></gpx>")
        #expect(file.tracks.first?.track.segments.first?.first?.timeMilliseconds == expected)
    }

    @Test(arguments: [
        "2023-02-29T00:00:00Z", "2026-13-01T00:00:00Z", "2026-01-01 00:00:00Z", "2026-01-01T25:00:00Z",
        "2026-01-01T00:00:00.Z", "2026-01-01T00:00:00+15:00", "yesterday",
    ])
    func badTimesAreDroppedAtTheirLine(_ text: String) throws {
        // WALK-9: the time is left out, the point kept.
        let file = try Self.read(
            #"<gpx version="1.1"><trk><trkseg><trkpt lat="0" lon="0">"# + "\n<time>" + text
                + "</time></trkpt></trkseg></trk></gpx>")
        #expect(file.tracks.first?.track == Track(points: [TrackPoint(latitude: 0, longitude: 0)]))
        #expect(
            file.warnings.map(\.message) == [
                "time '\(text)' is not an ISO 8601 date and time; the point is kept without a time"
            ])
        #expect(file.warnings.map(\.line) == [2])
    }

    /// CDATA and character references in names; comments and processing
    /// instructions anywhere; extensions skipped whatever they hold.
    @Test func namesCommentsAndExtensions() throws {
        let file = try Self.read(
            Self.header + """
                <!-- a comment before the root -->
                <?xml-stylesheet href="x"?>
                <gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1" xmlns:x="urn:x">
                  <metadata><name>not a track</name><time>2026-01-01T00:00:00Z</time></metadata>
                  <trk>
                    <name><![CDATA[Café & <b>]]> &amp; &#233;&#xE9; &lt;&gt;&quot;&apos;</name>
                    <extensions><x:trk><trkseg><trkpt lat="1" lon="1"/></trkseg></x:trk>
                      <x:line><![CDATA[ <trkpt> ]]></x:line></extensions>
                    <trkseg>
                      <!-- <trkpt lat="9" lon="9"/> -->
                      <trkpt lat="1" lon="2"><?pi data?><extensions><ele>99</ele><time>garbage</time>
                        <x:any a="&amp;">text &#x41;</x:any></extensions><ele> 7 </ele></trkpt>
                    </trkseg>
                  </trk>
                </gpx>
                <!-- after -->
                """)
        #expect(file.tracks.count == 1)
        #expect(file.tracks.first?.name == "Café & <b> & éé <>\"'")
        #expect(file.tracks.first?.track == Track(points: [TrackPoint(latitude: 1, longitude: 2, elevationMeters: 7)]))
    }

    /// Several tracks, an empty track, empty segments, untimed and partly
    /// timed points, equal timestamps.
    @Test func tracksSegmentsAndTimes() throws {
        let file = try Self.read(
            """
            <gpx version="1.1">
            <trk><name>  </name></trk>
            <trk><trkseg/><trkseg></trkseg></trk>
            <trk><trkseg>
              <trkpt lat="0" lon="0"/>
              <trkpt lat="0" lon="1"><time>2000-01-01T00:00:00Z</time></trkpt>
              <trkpt lat="0" lon="2"><time>2000-01-01T00:00:00Z</time></trkpt>
              <trkpt lat="0" lon="3"/>
            </trkseg><trkseg>
              <trkpt lat="0" lon="4"><time>2000-01-01T00:00:01Z</time></trkpt>
            </trkseg></trk>
            </gpx>
            """)
        #expect(file.tracks.map(\.line) == [2, 3, 4])
        #expect(file.tracks[0].name == nil)
        #expect(file.tracks[0].track == Track(segments: []))
        // An empty <trkseg> is no segment (WALK-9): the track has none.
        #expect(file.tracks[1].track == Track(segments: []))
        let t: Int64 = 946_684_800_000
        #expect(
            file.tracks[2].track
                == Track(segments: [
                    [
                        TrackPoint(latitude: 0, longitude: 0),
                        TrackPoint(latitude: 0, longitude: 1, timeMilliseconds: t),
                        TrackPoint(latitude: 0, longitude: 2, timeMilliseconds: t),
                        TrackPoint(latitude: 0, longitude: 3),
                    ],
                    [TrackPoint(latitude: 0, longitude: 4, timeMilliseconds: t + 1000)],
                ]))
    }

    @Test func routeOnlyFile() throws {
        let file = try Self.read(
            """
            <gpx version="1.0"><wpt lat="1" lon="1"/><rte><name>r</name><rtept lat="1" lon="1"/>
            <rtept lat="2" lon="2"><name>x</name></rtept></rte><rte/></gpx>
            """)
        #expect(file.tracks.isEmpty)
        #expect(file.ignoredRoutes == 2)
        #expect(file.ignoredRoutePoints == 2)
        #expect(file.ignoredWaypoints == 1)
    }

    @Test(arguments: [
        ("<gpx version=\"1.1\">\n<trk></trkseg></gpx>", "walk.gpx:2: </trkseg> does not match <trk> opened at line 2"),
        (
            "<gpx version=\"1.1\">\n<trk>\n<trkseg>\n<trkpt lat=\"1\" lon=\"1\">",
            "walk.gpx:4: the file ends inside <trkpt> opened at line 4 (truncated?)"
        ),
        (
            "<gpx version=\"1.1\">\n<trk>\n<trkseg>\n<trkpt lat=\"1\" lo",
            "walk.gpx:4: the file ends inside a tag, comment or section that is not closed"
        ),
        (
            "<gpx version=\"1.1\"><!-- never closed",
            "walk.gpx:1: the file ends inside a tag, comment or section that is not closed"
        ),
        (
            "<gpx version=\"1.1\"><trk><trkseg>\n<trkpt lat=\"90.0001\" lon=\"0\"/></trkseg></trk></gpx>",
            "walk.gpx:2: lat 90.0001 is out of range -90…90"
        ),
        (
            "<gpx version=\"1.1\"><trk><trkseg>\n<trkpt lat=\"0\" lon=\"-180.5\"/></trkseg></trk></gpx>",
            "walk.gpx:2: lon -180.5 is out of range -180…180"
        ),
        (
            "<gpx version=\"1.1\"><trk><trkseg>\n<trkpt lat=\"NaN\" lon=\"0\"/></trkseg></trk></gpx>",
            "walk.gpx:2: lat 'NaN' is not a finite number"
        ),
        (
            "<gpx version=\"1.1\"><trk><trkseg>\n<trkpt lat=\"0\" lon=\"inf\"/></trkseg></trk></gpx>",
            "walk.gpx:2: lon 'inf' is not a finite number"
        ),
        (
            "<gpx version=\"1.1\"><trk><trkseg>\n<trkpt lat=\"1e999\" lon=\"0\"/></trkseg></trk></gpx>",
            "walk.gpx:2: lat '1e999' is not a finite number"
        ),
        (
            "<gpx version=\"1.1\"><trk><trkseg>\n<trkpt lon=\"0\"/></trkseg></trk></gpx>",
            "walk.gpx:2: <trkpt> without a lat attribute"
        ),
        (
            "<?xml version=\"1.0\"?>\n<!DOCTYPE gpx>\n<gpx version=\"1.1\"/>",
            "walk.gpx:2: <!DOCTYPE is refused: GPX needs no DTD, and entities are never declared or expanded"
        ),
        (
            "<gpx version=\"1.1\">\n<!ENTITY x \"y\"></gpx>",
            "walk.gpx:2: <!ENTITY is refused: GPX needs no DTD, and entities are never declared or expanded"
        ),
        (
            "<gpx version=\"1.1\"><trk><name>\n&lol;</name></trk></gpx>",
            "walk.gpx:2: &lol; is not a predefined entity; entities are never declared or expanded"
        ),
        (
            "<gpx version=\"1.1\"><trk><name>&#0;</name></trk></gpx>",
            "walk.gpx:1: &#0; is not a valid character reference"
        ),
        (
            "<gpx version=\"1.1\"><trk><name>a & b</name></trk></gpx>",
            "walk.gpx:1: '&' that does not start a reference such as &amp;"
        ),
        ("<kml version=\"1.1\"></kml>", "walk.gpx:1: the root element is <kml>, not <gpx>"),
        ("<gpx version=\"2.0\"></gpx>", "walk.gpx:1: GPX version '2.0' is not supported; 1.0 and 1.1 are"),
        ("<gpx version=\"1.1\"/>\n<gpx version=\"1.1\"/>", "walk.gpx:2: an element after the end of the <gpx> element"),
        ("<gpx version=\"1.1\"/>\ntrailing", "walk.gpx:2: text outside the <gpx> element"),
        (
            "\n<?xml version=\"1.0\"?><gpx version=\"1.1\"/>",
            "walk.gpx:2: an XML declaration that is not at the very start of the file"
        ),
        ("", "walk.gpx:1: no <gpx> root element"),
        (
            "<gpx version=\"1.1\"><trk lat=\"1\"lon=\"2\"></trk></gpx>",
            "walk.gpx:1: attributes must be separated by white space"
        ),
        ("<gpx version=\"1.1\"><trk a=b></trk></gpx>", "walk.gpx:1: attribute a has an unquoted value"),
        ("<gpx version=\"1.1\"><trk a=\"<\"></trk></gpx>", "walk.gpx:1: '<' in an attribute value"),
        ("<gpx version=\"1.1\"><1trk></1trk></gpx>", "walk.gpx:1: '<' that does not start a tag"),
        ("<gpx version=\"1.1\">\n\n</gpx>\n</gpx>", "walk.gpx:4: </gpx> closes no open element"),
    ])
    func refusals(_ text: String, _ expected: String) {
        #expect(Self.refusal(text) == expected)
    }

    /// The classic "billion laughs": refused at its DOCTYPE, on line 2, before
    /// any entity is looked at.
    @Test func entityExpansionBombIsRefused() {
        var bomb = "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\n <!ENTITY lol \"lol\">\n"
        for level in 1...9 {
            bomb +=
                " <!ENTITY lol\(level) \"" + String(repeating: "&lol\(level == 1 ? "" : String(level - 1));", count: 10)
                + "\">\n"
        }
        bomb += "]>\n<gpx version=\"1.1\"><trk><name>&lol9;</name></trk></gpx>\n"
        #expect(
            Self.refusal(bomb)
                == "walk.gpx:2: <!DOCTYPE is refused: GPX needs no DTD, and entities are never declared or expanded"
        )
    }

    @Test func missingFileAndDirectory() throws {
        do {
            _ = try GPXReader.read(path: "/nonexistent/walk.gpx")
            Issue.record("read a missing file")
        } catch let error as LifeError {
            #expect(error.kind == .missingInput)
            #expect(error.exitCode == 66)
        }
        do {
            _ = try GPXReader.read(path: NSTemporaryDirectory())
            Issue.record("read a directory")
        } catch let error as LifeError {
            #expect(error.kind == .io)
            #expect(error.exitCode == 74)
        }
    }

    /// A file of several megabytes read from disk in 1 MB chunks gives what
    /// reading it whole gives: no unit is lost or doubled at a chunk edge.
    @Test func chunkedFileReadMatchesWholeRead() throws {
        var text = "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\"><trk><name>long</name><trkseg>\n"
        var expected: [TrackPoint] = []
        for index in 0..<40_000 {
            let latitude = Double(index % 1_000) / 1_000
            let time = 946_684_800_000 + Int64(index) * 1_000
            text +=
                "<trkpt lat=\"\(latitude)\" lon=\"7.25\"><ele>\(index % 50).5</ele>"
                + "<!-- \(String(repeating: "x", count: index % 97)) -->"
                + "<time>\(Self.iso(time))</time></trkpt>\n"
            expected.append(
                TrackPoint(
                    latitude: latitude, longitude: 7.25, elevationMeters: Double(index % 50) + 0.5,
                    timeMilliseconds: time))
        }
        text += "</trkseg></trk></gpx>\n"
        let path = NSTemporaryDirectory() + "walks-chunks-\(getpid()).gpx"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(text.utf8.count > 3 * GPXReader.chunkBytes)
        let file = try GPXReader.read(path: path)
        #expect(file.tracks.first?.track == Track(points: expected))
    }

    /// Units longer than the 1 MiB read buffer: a 2.5 MB comment (the buffer
    /// grows to hold it), a 2.5 MB run of white space and a 2.5 MB name
    /// (handled in parts), each across chunk edges. A name that long breaks
    /// the 200-character rule: the refusal's exact count shows it was read
    /// whole; a 200-character name in the same file is kept.
    @Test func unitsLongerThanTheBuffer() throws {
        let long = 5 * GPXReader.chunkBytes / 2
        func file(name: String) throws -> (GPXFile?, LifeError?) {
            let text =
                "<gpx version=\"1.1\"><!--" + String(repeating: "c", count: long) + "-->"
                + String(repeating: " ", count: long) + "<trk><name>\(name)</name><trkseg>\n"
                + "<trkpt lat=\"1\" lon=\"2\"/></trkseg></trk></gpx>\n"
            let path = NSTemporaryDirectory() + "walks-long-\(getpid()).gpx"
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            defer { try? FileManager.default.removeItem(atPath: path) }
            do {
                return (try GPXReader.read(path: path), nil)
            } catch let error as LifeError {
                #expect(error.message.hasPrefix(path + ":1: "))
                return (nil, error)
            }
        }
        let name = String(repeating: "n", count: 200)
        let kept = try file(name: name).0
        #expect(kept?.tracks.first?.name == name)
        #expect(kept?.tracks.first?.line == 1)
        #expect(kept?.tracks.first?.track == Track(points: [TrackPoint(latitude: 1, longitude: 2)]))
        let refused = try file(name: String(repeating: "n", count: long)).1
        #expect(refused?.kind == .malformedInput)
        #expect(refused?.message.hasSuffix(":1: name is 2,621,440 characters; the limit is 200") == true)
    }

    /// The scanner fed in pieces of every size from 1 to 64 bytes gives the
    /// same file, and the same error at the same line, as fed whole.
    @Test func everyChunkSizeGivesTheSameResult() throws {
        let good = Array(
            (Self.header + """
                <gpx version="1.1"><!-- c --><trk><name>A&amp;B <![CDATA[x]]></name><trkseg>
                <trkpt lat="1.25" lon="-2"><ele>3</ele><time>2000-01-01T00:00:00Z</time></trkpt>
                <?pi x?><trkpt lat="1.5" lon="-2"/></trkseg></trk><trk><name> Plain  name </name></trk></gpx>
                """).utf8)
        let bad = Array((Self.header + "<gpx version=\"1.1\">\n<trk><name>x</name>\n<!DOCTYPE x></trk></gpx>").utf8)
        let whole = try GPXReader.read(bytes: good, fileName: "f")
        for size in 1...64 {
            let file = try GPXReader.read(bytes: good, fileName: "f", pieceBytes: size)
            #expect(file.tracks.map(\.track) == whole.tracks.map(\.track), "size \(size)")
            #expect(file.tracks.map(\.name) == ["A&B x", "Plain  name"], "size \(size)")
            do {
                _ = try GPXReader.read(bytes: bad, fileName: "f", pieceBytes: size)
                Issue.record("size \(size): accepted")
            } catch let error as LifeError {
                #expect(
                    error.message.hasPrefix("f:4: <!x is refused")
                        || error.message.hasPrefix("f:4: <!DOCTYPE is refused"), "size \(size): \(error.message)")
            }
        }
    }

    static func iso(_ milliseconds: Int64) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: Date(timeIntervalSince1970: Double(milliseconds) / 1000))
    }
}
