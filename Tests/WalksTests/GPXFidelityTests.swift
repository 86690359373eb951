import Foundation
import LifeCore
import LifeDB
import Testing

@testable import Walks

/// What a GPX file says reaches the database and comes back out unchanged
/// (SPEC WALK-1, WALK-3, WALK-8): millisecond times, encodings, elevations,
/// ascent, single-point segments. Expected values are worked out by hand
/// from the file text.
@Suite struct GPXFidelityTests {
    static func read(_ bytes: [UInt8]) throws -> GPXFile {
        try GPXReader.read(bytes: bytes, fileName: "walk.gpx")
    }

    static func refusal(_ bytes: [UInt8]) -> String { GPXReaderTests.refusal(bytes: bytes) }

    static func point(_ text: String) -> String {
        #"<gpx version="1.1"><trk><trkseg><trkpt lat="1" lon="2">"# + text + "</trkpt></trkseg></trk></gpx>"
    }

    // MARK: Millisecond times

    /// A random instant of 1971…2099 in milliseconds as GPX text, built from
    /// its fields (so the expected database text is the same fields).
    static func randomTime(_ random: inout SplitMix64) -> (gpx: String, database: String) {
        func two(_ value: UInt64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let year = 1971 + random.next() % 129
        let month = 1 + random.next() % 12
        let day = 1 + random.next() % 28
        let hour = random.next() % 24
        let minute = random.next() % 60
        let second = random.next() % 60
        let ms = random.next() % 1000
        let fraction = (ms < 100 ? "0" : "") + (ms < 10 ? "0" : "") + "\(ms)"
        let date = "\(year)-\(two(month))-\(two(day))"
        let clock = "\(two(hour)):\(two(minute)):\(two(second)).\(fraction)"
        return ("\(date)T\(clock)Z", "\(date) \(clock)")
    }

    static func rows(_ db: DatabaseQueue) throws -> [[DatabaseValue]] {
        try db.fetchAll(
            """
            SELECT name, started_at, ended_at, distance_m, elapsed_s, moving_s, ascent_m, descent_m, point_count,
                   timed_point_count, segment_count, min_latitude, min_longitude, max_latitude, max_longitude,
                   points, simplified
            FROM walks ORDER BY started_at
            """
        ).map { row in (0..<17).map { row[$0] } }
    }

    /// Millisecond times went through a `Date` (a Double of seconds since
    /// 2001) and were rounded down: 16 % of random times of 1970–2000 and
    /// 0.6 % of 2001–2100 were written 1 ms early (41.370 as 41.369;
    /// measured with Foundation's `Date` on this platform), so about 8 of
    /// these 200. Import → export → import must give the very rows back, and
    /// the stored text must be the file's.
    @Test func randomMillisecondTimesSurviveImportExportImport() throws {
        var random = SplitMix64(seed: "gpx-millisecond-times")
        let (store, db, folder) = try WalksStoreTests.makeStore()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for walk in 0..<200 {
            // Two points at the same instant, in one walk each: the walk starts and ends there.
            let time = Self.randomTime(&random)
            let text = Self.point("<time>\(time.gpx)</time>").replacingOccurrences(
                of: "<trkseg>",
                with: "<name>walk \(walk)</name><trkseg><trkpt lat=\"1\" lon=\"2.001\"><time>\(time.gpx)</time></trkpt>"
            )
            let file = folder.appendingPathComponent("walk-\(walk).gpx")
            try Data(text.utf8).write(to: file)
            let imported = try #require(try store.importGPX(path: file.path).walks.first)
            let stored = try #require(
                try db.fetchOne("SELECT started_at, ended_at FROM walks WHERE id = ?", [imported.id]))
            #expect(stored[0] == .text(time.database), "\(time.gpx)")
            #expect(stored[1] == .text(time.database), "\(time.gpx)")
            // Every export writes the file's own text.
            let points = try #require(try store.points(imported.id))
            #expect(GPXWriter.render(points, name: imported.name).contains("<time>\(time.gpx)</time>"))
            let geojson = GeoJSONWriter.render(points, summary: imported)
            #expect(geojson.contains("\"startedAt\":\"\(time.gpx)\""), "\(time.gpx)")
            #expect(geojson.contains("\"endedAt\":\"\(time.gpx)\""), "\(time.gpx)")
            #expect(Timestamp.iso8601(try #require(imported.startedAt)) == time.gpx)
        }
        // Export every walk, import the exports into a fresh database: the same rows.
        let (copies, copyDB, copyFolder) = try WalksStoreTests.makeStore()
        try FileManager.default.createDirectory(at: copyFolder, withIntermediateDirectories: true)
        for walk in try store.list() {
            let file = copyFolder.appendingPathComponent("export-\(walk.id).gpx")
            try Data(GPXWriter.render(try #require(try store.points(walk.id)), name: walk.name).utf8).write(to: file)
            _ = try copies.importGPX(path: file.path)
        }
        #expect(try Self.rows(copyDB) == (try Self.rows(db)))
        #expect(try Self.rows(db).count == 200)
    }

    /// The formatting itself, on instants made from integer milliseconds.
    @Test func timestampsFormatTheirIntegerMilliseconds() {
        var random = SplitMix64(seed: "timestamp-milliseconds")
        for _ in 0..<2_000 {
            // 1970 … 2100.
            let milliseconds = Int64(random.next() % 4_102_444_800_000)
            let date = Timestamp.date(milliseconds: milliseconds)
            #expect(Timestamp.milliseconds(date) == milliseconds)
            #expect(Timestamp.iso8601(date) == Timestamp.iso8601(milliseconds: milliseconds))
            #expect(Timestamp.parseISO8601(Timestamp.iso8601(date)) == date)
            #expect(Timestamp.parseDatabase(Timestamp.database(date)) == date)
        }
        // 41.370 s is 41.36999… as a Double.
        #expect(Timestamp.iso8601(Date(timeIntervalSince1970: 1_286_098_641.370)) == "2010-10-03T09:37:21.370Z")
        #expect(Timestamp.database(milliseconds: -1) == "1969-12-31 23:59:59.999")
    }

    // MARK: Encodings

    static let latinBody =
        "<gpx version=\"1.1\"><trk><name>Caf\u{E9} \u{2013} Stra\u{DF}e</name><trkseg>\n"
        + "<trkpt lat=\"1\" lon=\"2\"/></trkseg></trk></gpx>\n"

    static func utf16(_ text: String, bigEndian: Bool, bom: Bool = true) -> [UInt8] {
        var bytes: [UInt8] = bom ? (bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]) : []
        for unit in text.utf16 {
            let high = UInt8(unit >> 8)
            let low = UInt8(unit & 0xFF)
            bytes += bigEndian ? [high, low] : [low, high]
        }
        return bytes
    }

    @Test(arguments: [false, true])
    func utf16WithAByteOrderMark(bigEndian: Bool) throws {
        let text = "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n" + Self.latinBody + "<!-- 🥾 -->\n"
        let bytes = Self.utf16(text, bigEndian: bigEndian)
        let file = try Self.read(bytes)
        #expect(file.tracks.first?.name == "Café – Straße")
        #expect(file.tracks.first?.line == 2)
        // Cut anywhere, even inside a character: the same answer.
        for piece in [1, 2, 3, 7] {
            let pieces = try GPXReader.read(bytes: bytes, fileName: "walk.gpx", pieceBytes: piece)
            #expect(pieces.tracks.first?.name == "Café – Straße")
        }
        // Lines are the file's: the bad latitude is on line 3.
        let broken = Self.utf16(
            "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n<gpx version=\"1.1\"><trk><trkseg>\n<trkpt lat=\"95\" lon=\"2\"/>"
                + "</trkseg></trk></gpx>", bigEndian: bigEndian)
        #expect(Self.refusal(broken) == "walk.gpx:3: lat 95 is out of range -90…90")
    }

    /// é is 0xE9 in both; – is 0x96 in Windows-1252 only (a C1 control in
    /// ISO-8859-1, refused in a name); ß is 0xDF in both.
    @Test func isoLatin1AndWindows1252() throws {
        let latin: [UInt8] =
            Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<gpx version=\"1.1\"><trk><name>Caf".utf8)
            + [0xE9, 0x20, 0xB0, 0x20, 0x53, 0x74, 0x72, 0x61, 0xDF, 0x65]
            + Array("</name><trkseg>\n<trkpt lat=\"1\" lon=\"2\"/></trkseg></trk></gpx>\n".utf8)
        #expect(try Self.read(latin).tracks.first?.name == "Café ° Straße")
        // 0x96 is the C1 control U+0096 in ISO-8859-1.
        let control =
            Array("<?xml version=\"1.0\" encoding=\"latin1\"?>\n<gpx version=\"1.1\"><trk><name>".utf8) + [0x96]
            + Array("</name></trk></gpx>".utf8)
        #expect(Self.refusal(control).hasPrefix("walk.gpx:2: <name> contains the control character U+0096;"))
        for piece in [1, 5] {
            let pieces = try GPXReader.read(bytes: latin, fileName: "walk.gpx", pieceBytes: piece)
            #expect(pieces.tracks.first?.name == "Café ° Straße")
        }
        let windows: [UInt8] =
            Array("<?xml version='1.0' encoding='windows-1252' ?>\n<gpx version=\"1.1\"><trk><name>".utf8)
            + [0x80, 0x20, 0x96, 0x20, 0x93, 0x61, 0x94]
            + Array("</name><trkseg><trkpt lat=\"1\" lon=\"2\"/></trkseg></trk></gpx>".utf8)
        #expect(try Self.read(windows).tracks.first?.name == "€ – “a”")
        // 0x81 is no Windows-1252 character; it is on line 2.
        let undefined =
            Array("<?xml version='1.0' encoding='cp1252'?>\n<gpx version=\"1.1\">".utf8) + [0x81]
            + Array("</gpx>".utf8)
        #expect(Self.refusal(undefined) == "walk.gpx:2: byte 0x81 is not a Windows-1252 character")
    }

    /// Found by the fuzzer: the whole file decoded before it was scanned, so
    /// a byte that is no Windows-1252 character late in the file was
    /// reported instead of the earlier error that pieces report. The first
    /// problem in the file is the one reported, however it is cut.
    @Test func theFirstProblemIsReportedWhereverTheBadByteIs() throws {
        let bytes = Array("<?xml version=\"1.0\" encoding=\"windows-1252\"?>stray\n<gpx/>".utf8) + [0x90]
        #expect(Self.refusal(bytes) == "walk.gpx:1: text outside the <gpx> element")
        for piece in [1, 4, 50] {
            let error = try #require(throws: LifeError.self) {
                try GPXReader.read(bytes: bytes, fileName: "walk.gpx", pieceBytes: piece)
            }
            #expect(error.message == "walk.gpx:1: text outside the <gpx> element")
        }
        // Found next: a declaration not closed within its first 1,024 bytes
        // gave up on the encoding in pieces but not whole.
        let long =
            Array(("<?xml version=\"1.0\" encoding=\"KOI8" + String(repeating: " ", count: 1_100) + "\"?>").utf8)
            + [0x00]
        let whole = Self.refusal(long)
        #expect(whole.hasPrefix("walk.gpx:1: a NUL byte (0x00)"))
        for piece in [7, 1_021] {
            let error = try #require(throws: LifeError.self) {
                try GPXReader.read(bytes: long, fileName: "walk.gpx", pieceBytes: piece)
            }
            #expect(error.message == whole)
        }
        // And a NUL ends the input as the end of the file would: text outside
        // the root before it is that error in pieces and whole alike.
        let beforeNUL = Array("+02:00gpx &#".utf8) + [0x00] + Array("<gpx/>".utf8)
        for piece in [3, 100] {
            let error = try #require(throws: LifeError.self) {
                try GPXReader.read(bytes: beforeNUL, fileName: "walk.gpx", pieceBytes: piece)
            }
            #expect(error.message == "walk.gpx:1: text outside the <gpx> element")
        }
        #expect(Self.refusal(beforeNUL) == "walk.gpx:1: text outside the <gpx> element")
        let late = Array("<?xml version=\"1.0\" encoding=\"windows-1252\"?>\n<gpx>\n".utf8) + [0x90]
        #expect(Self.refusal(late) == "walk.gpx:3: byte 0x90 is not a Windows-1252 character")
    }

    @Test(arguments: [
        (
            "Shift_JIS",
            "walk.gpx:1: the XML declaration's encoding \"Shift_JIS\" is not supported; "
                + "UTF-8, UTF-16, ISO-8859-1 and Windows-1252 are (convert the file with iconv)"
        ),
        (
            "EBCDIC-US",
            "walk.gpx:1: the XML declaration's encoding \"EBCDIC-US\" is not supported; "
                + "UTF-8, UTF-16, ISO-8859-1 and Windows-1252 are (convert the file with iconv)"
        ),
        (
            "UTF-16",
            "walk.gpx:1: the XML declaration says encoding \"UTF-16\", but the file has no UTF-16 "
                + "byte order mark and its bytes are not UTF-16"
        ),
    ])
    func otherEncodingsAreRefusedByName(name: String, message: String) {
        let text = "<?xml version=\"1.0\" encoding=\"\(name)\"?>\n<gpx version=\"1.1\"/>\n"
        #expect(Self.refusal(Array(text.utf8)) == message)
    }

    @Test func utf8DeclarationsAndNoneReadAsBefore() throws {
        for declaration in [
            "", "<?xml version=\"1.0\"?>", "<?xml version=\"1.0\" encoding=\"utf-8\"?>",
            "<?xml version=\"1.0\" encoding=\"US-ASCII\" standalone=\"yes\"?>",
        ] {
            let file = try Self.read(
                Array((declaration + "<gpx version=\"1.1\"><trk><name>Café</name></trk></gpx>").utf8))
            #expect(file.tracks.first?.name == "Café")
        }
    }

    @Test func damagedGzipAndNULBytesAreRefused() {
        // A gzip header and nothing after it.
        #expect(
            Self.refusal([0x1F, 0x8B, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00])
                == "walk.gpx: the gzip data ends early (truncated?); nothing was imported")
        let nul = Array("<gpx version=\"1.1\">\n<trk>\n".utf8) + [0x00] + Array("</trk></gpx>".utf8)
        let message =
            "walk.gpx:3: a NUL byte (0x00), which no XML text holds: this is not a GPX text file; nothing was imported"
        #expect(Self.refusal(nul) == message)
        #expect((try? GPXReader.read(bytes: nul, fileName: "walk.gpx", pieceBytes: 3)) == nil)
        // Even inside a name.
        let inName = Array("<gpx version=\"1.1\"><trk><name>a".utf8) + [0x00] + Array("</name></trk></gpx>".utf8)
        #expect(Self.refusal(inName).hasPrefix("walk.gpx:1: a NUL byte (0x00)"))
    }

    // MARK: Names, versions, elevations, times

    @Test func aGPXWithoutVersionIsReadAs11() throws {
        let file = try Self.read(Array("<gpx><trk><trkseg><trkpt lat=\"1\" lon=\"2\"/></trkseg></trk></gpx>".utf8))
        #expect(file.version == "1.1")
        #expect(file.tracks.first?.track.pointCount == 1)
    }

    @Test(arguments: [
        ("a\u{1B}[31mred", "U+001B", 1), ("line one\nline\u{7}two", "U+0007", 2), ("del\u{7F}", "U+007F", 1),
        ("c1 \u{85}", "U+0085", 1), ("&#x7f;", "U+007F", 1),
    ])
    func controlCharactersInANameAreRefused(name: String, code: String, line: Int) {
        let text = "<gpx version=\"1.1\"><trk><name>\(name)</name></trk></gpx>"
        #expect(
            Self.refusal(Array(text.utf8))
                == "walk.gpx:\(line): <name> contains the control character \(code); a name may hold tab and line breaks "
                + "but no other control character")
    }

    @Test func tabsAndLineBreaksInANameAreKeptAsLineFeeds() throws {
        let text = "<gpx version=\"1.1\"><trk><name> a\tb\r\nc\rd </name></trk></gpx>"
        #expect(try Self.read(Array(text.utf8)).tracks.first?.name == "a\tb\nc\nd")
    }

    @Test func elevationsAtTheEndsOfTheRangeAndEmptyTimesAreKept() throws {
        let text =
            "<gpx version=\"1.1\"><trk><trkseg>"
            + "<trkpt lat=\"1\" lon=\"2\"><ele>-500</ele><time></time></trkpt>"
            + "<trkpt lat=\"1\" lon=\"2\"><ele>9000</ele><time> </time></trkpt></trkseg></trk></gpx>"
        let file = try Self.read(Array(text.utf8))
        let points = try #require(file.tracks.first?.track.segments.first)
        #expect(points.map(\.elevationMeters) == [-500, 9000])
        #expect(file.warnings.isEmpty)
        #expect(points.map(\.timeMilliseconds) == [nil, nil])
    }

    // MARK: Ascent

    /// The dead band is 2 m in whole centimetres: 60.6 → 62.6 counts and so
    /// must 62.6 → 64.6 (as doubles, 64.6 − 62.6 = 1.99999…); 64.6 → 66.59
    /// does not (1.99 m), nor does 66.59 → 64.59 measured from the level
    /// 64.6 (0.01 m). Ascent 4.00 m, descent 0.
    @Test func theAscentDeadBandIsInCentimetres() {
        let elevations = [60.6, 62.6, 64.6, 66.59, 64.59]
        let track = Track(
            points: elevations.enumerated().map { index, elevation in
                TrackPoint(latitude: 0, longitude: Double(index) * 0.0001, elevationMeters: elevation)
            })
        let metrics = WalkMetrics(track: track)
        #expect(metrics.ascentMeters == 4)
        #expect(metrics.descentMeters == 0)
        let down = WalkMetrics(
            track: Track(
                points: [64.6, 66.6, 64.6].map {
                    TrackPoint(latitude: 0, longitude: 0, elevationMeters: $0)
                }))
        #expect(down.ascentMeters == 2)
        #expect(down.descentMeters == 2)
    }

    // MARK: GeoJSON

    static func geometry(_ track: Track) throws -> (type: String?, coordinates: Any?, properties: [String: Any]) {
        let summary = WalkSummary(
            id: "00000000-0000-0000-0000-000000000000", name: "n", source: .recorded, sourceFile: nil,
            state: .finished, startedAt: nil, endedAt: nil, distanceMeters: 0, elapsedSeconds: nil,
            movingSeconds: nil, ascentMeters: nil, descentMeters: nil, pointCount: track.pointCount,
            timedPointCount: 0, segmentCount: track.segments.count, bounds: nil, prunedAt: nil,
            createdAt: Date(timeIntervalSince1970: 0))
        let text = GeoJSONWriter.render(track, summary: summary)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let geometry = object["geometry"] as? [String: Any]
        return (geometry?["type"] as? String, geometry?["coordinates"], object["properties"] as? [String: Any] ?? [:])
    }

    static let a = TrackPoint(latitude: 1, longitude: 2)
    static let b = TrackPoint(latitude: 1, longitude: 2.5)

    @Test func geoJSONHasNoSinglePointLineStrings() throws {
        let one = try Self.geometry(Track(points: [Self.a]))
        #expect(one.type == "Point")
        #expect(one.coordinates as? [Double] == [2, 1])
        #expect(one.properties["segmentCount"] as? Int == 1)

        let points = try Self.geometry(Track(segments: [[Self.a], [], [Self.b]]))
        #expect(points.type == "MultiPoint")
        #expect(points.coordinates as? [[Double]] == [[2, 1], [2.5, 1]])
        #expect(points.properties["segmentCount"] as? Int == 2)

        let mixed = try Self.geometry(Track(segments: [[Self.a, Self.b], [Self.b]]))
        #expect(mixed.type == "LineString")
        #expect(mixed.coordinates as? [[Double]] == [[2, 1], [2.5, 1]])
        #expect(mixed.properties["segmentCount"] as? Int == 1)
        #expect(mixed.properties["droppedSinglePointSegments"] as? Int == 1)

        let lines = try Self.geometry(Track(segments: [[Self.a, Self.b], [Self.a], [Self.b, Self.a]]))
        #expect(lines.type == "MultiLineString")
        #expect((lines.coordinates as? [[[Double]]])?.count == 2)
        #expect(lines.properties["segmentCount"] as? Int == 2)
        #expect(lines.properties["droppedSinglePointSegments"] as? Int == 1)

        let empty = try Self.geometry(Track(segments: []))
        #expect(empty.type == nil)
        #expect(empty.properties["segmentCount"] as? Int == 0)
    }

    /// RFC 7946 §3.1.9: a line crossing the antimeridian is cut there, each
    /// part ending on ±180° at the latitude interpolated along the short way
    /// round (179.999° → -179.999° at -17° and -17.002°: the cut is halfway).
    @Test func geoJSONCutsALineAtTheAntimeridian() throws {
        let east = try Self.geometry(
            Track(points: [
                TrackPoint(latitude: -17, longitude: 179.999, elevationMeters: 10),
                TrackPoint(latitude: -17.002, longitude: -179.999, elevationMeters: 20),
                TrackPoint(latitude: -17.003, longitude: -179.998),
            ]))
        #expect(east.type == "MultiLineString")
        let parts = try #require(east.coordinates as? [[[Double]]])
        #expect(parts.count == 2)
        #expect(parts[0] == [[179.999, -17, 10], [180, -17.001, 15]])
        #expect(parts[1] == [[-180, -17.001, 15], [-179.999, -17.002, 20], [-179.998, -17.003]])
        #expect(east.properties["segmentCount"] as? Int == 2)
        #expect(east.properties["droppedSinglePointSegments"] == nil)

        // Westward, and a point exactly on the line: no doubled point.
        let west = try Self.geometry(
            Track(points: [
                TrackPoint(latitude: 5, longitude: -179.5), TrackPoint(latitude: 5, longitude: -180),
                TrackPoint(latitude: 6, longitude: 179.5),
            ]))
        let westParts = try #require(west.coordinates as? [[[Double]]])
        #expect(westParts == [[[-179.5, 5], [-180, 5]], [[180, 5], [179.5, 6]]])

        // Near the line without crossing it: one line, untouched.
        let near = try Self.geometry(
            Track(points: [TrackPoint(latitude: 0, longitude: 179.9), TrackPoint(latitude: 0, longitude: 179.99)]))
        #expect(near.type == "LineString")
    }
}
