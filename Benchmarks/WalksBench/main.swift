// walks-bench: the pieces of `scripts/bench walks-core` (SPEC PERF-2, PERF-3).
//
//   walks-bench generate-gpx PATH POINTS        a seeded walk: 1–2 m steps, ele, a fix each second
//   walks-bench parse PATH                      GPXReader + WalkMetrics + TrackCodec.encode
//   walks-bench parse-xmlparser PATH            the same with Foundation's XMLParser (the road not taken)
//   walks-bench phases PATH                     seconds of read, check, quantize, metrics, encode, doodle path apart
//   walks-bench simplify POINTS TOLERANCE [--write FILE]
//                                               Douglas–Peucker on a seeded walk; FILE gets the same
//                                               points as local metres (x, y float64 pairs) for peers.py
//   walks-bench codec PATH…                     bytes a point of TrackCodec for each GPX file
//
// Each prints one line of key=value pairs.
import Foundation
import LifeCore
import Walks

#if canImport(FoundationXML)
    import FoundationXML
#endif

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = ContinuousClock.now
    try body()
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

func fileSize(_ path: String) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
}

/// A walk in local metres: headings that wander, 1–2 m a second.
func walkMeters(points: Int, seed: UInt64) -> [(x: Double, y: Double)] {
    var random = SplitMix64(state: seed)
    var x = 0.0
    var y = 0.0
    var heading = 0.0
    var out: [(x: Double, y: Double)] = []
    out.reserveCapacity(points)
    for _ in 0..<points {
        heading += Double.random(in: -0.25...0.25, using: &random)
        let step = Double.random(in: 1...2, using: &random)
        x += step * cos(heading)
        y += step * sin(heading)
        out.append((x, y))
    }
    return out
}

// Munich, 48.137° N: degrees per metre there (WGS-84 radii of curvature).
let originLatitude = 48.137
let originLongitude = 11.575
let metersPerDegreeNorth = 111_238.0
let metersPerDegreeEast = 74_398.0

func generateGPX(path: String, points: Int) throws {
    let walk = walkMeters(points: points, seed: 0x0A1C_2026)
    var random = SplitMix64(state: 77)
    var elevation = 520.0
    let start = 1_767_258_000.0  // 2026-01-01T09:00:00Z
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    guard
        let handle = FileHandle(forWritingAtPath: path)
            ?? {
                _ = FileManager.default.createFile(atPath: path, contents: nil)
                return FileHandle(forWritingAtPath: path)
            }()
    else { throw LifeError.io("\(path): cannot write") }
    try handle.truncate(atOffset: 0)
    var text = """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="walks-bench" xmlns="http://www.topografix.com/GPX/1/1">
          <trk>
            <name>Generated walk</name>
            <trkseg>

        """
    for (index, point) in walk.enumerated() {
        elevation += Double.random(in: -0.3...0.3, using: &random)
        let latitude = originLatitude + point.y / metersPerDegreeNorth
        let longitude = originLongitude + point.x / metersPerDegreeEast
        let time = formatter.string(from: Date(timeIntervalSince1970: start + Double(index)))
        text += "      <trkpt lat=\"\(String(format: "%.7f", latitude))\" lon=\"\(String(format: "%.7f", longitude))\">"
        text += "<ele>\(String(format: "%.1f", elevation))</ele><time>\(time)</time></trkpt>\n"
        if text.utf8.count > 1 << 20 {
            try handle.write(contentsOf: Data(text.utf8))
            text = ""
        }
    }
    text += "    </trkseg>\n  </trk>\n</gpx>\n"
    try handle.write(contentsOf: Data(text.utf8))
    try handle.close()
    print("points=\(points) bytes=\(fileSize(path))")
}

func parse(path: String) throws {
    var points = 0
    var distance = 0.0
    var encoded = 0
    let elapsed = try seconds {
        let file = try GPXReader.read(path: path)
        for track in file.tracks {
            let metrics = WalkMetrics(track: TrackCodec.quantized(track.track))
            let bytes = TrackCodec.encode(track.track)
            points += metrics.pointCount
            distance += metrics.distanceMeters
            encoded += bytes.count
        }
    }
    let megabytes = Double(fileSize(path)) / 1e6
    print(
        "impl=walks points=\(points) seconds=\(String(format: "%.4f", elapsed)) "
            + "mb_per_s=\(String(format: "%.1f", megabytes / elapsed)) distance_m=\(String(format: "%.3f", distance)) "
            + "bytes_per_point=\(String(format: "%.2f", Double(encoded) / Double(max(points, 1))))")
}

/// The same work with Foundation's XMLParser: a delegate that collects the
/// points as the byte scanner does (lat/lon attributes, ele and time text).
final class XMLParserGPX: NSObject, XMLParserDelegate {
    var segments: [[TrackPoint]] = []
    var point: TrackPoint?
    var text = ""
    var capturing = false
    var failure: String?

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        switch name {
        case "trkseg": segments.append([])
        case "trkpt":
            guard let lat = attributes["lat"].flatMap(Double.init), let lon = attributes["lon"].flatMap(Double.init)
            else { failure = "trkpt without lat/lon"; parser.abortParsing(); return }
            point = TrackPoint(latitude: lat, longitude: lon)
        case "ele", "time":
            text = ""
            capturing = point != nil
        default: break
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if capturing { text += string }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        switch name {
        case "ele":
            point?.elevationMeters = Double(text.trimmingCharacters(in: .whitespacesAndNewlines))
            capturing = false
        case "time":
            point?.timeMilliseconds = isoMilliseconds(text)
            capturing = false
        case "trkpt":
            if let point, !segments.isEmpty { segments[segments.count - 1].append(point) }
            point = nil
        default: break
        }
    }

    /// `YYYY-MM-DDThh:mm:ssZ` by hand, as fast as it gets in Swift: what the
    /// scanner does too, so the comparison is about the XML layer.
    func isoMilliseconds(_ text: String) -> Int64? {
        let u = Array(text.utf8)
        guard u.count >= 20 else { return nil }
        func n(_ a: Int, _ b: Int) -> Int { u[a..<b].reduce(0) { $0 * 10 + Int($1 &- 48) } }
        let y = n(0, 4), m = n(5, 7), d = n(8, 10)
        let yy = m <= 2 ? y - 1 : y
        let era = yy / 400
        let yoe = yy - era * 400
        let doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1
        let days = era * 146_097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719_468
        return Int64(days * 86_400 + n(11, 13) * 3600 + n(14, 16) * 60 + n(17, 19)) * 1000
    }
}

func parseWithXMLParser(path: String) throws {
    var points = 0
    var distance = 0.0
    var encoded = 0
    let elapsed = try seconds {
        guard let stream = InputStream(fileAtPath: path) else { throw LifeError.missing(path: path) }
        let parser = XMLParser(stream: stream)
        let delegate = XMLParserGPX()
        parser.delegate = delegate
        parser.shouldResolveExternalEntities = false
        guard parser.parse(), delegate.failure == nil else {
            throw LifeError.malformed("\(path): \(delegate.failure ?? parser.parserError.map { "\($0)" } ?? "?")")
        }
        let track = Track(segments: delegate.segments)
        let metrics = WalkMetrics(track: TrackCodec.quantized(track))
        points = metrics.pointCount
        distance = metrics.distanceMeters
        encoded = TrackCodec.encode(track).count
    }
    let megabytes = Double(fileSize(path)) / 1e6
    print(
        "impl=xmlparser points=\(points) seconds=\(String(format: "%.4f", elapsed)) "
            + "mb_per_s=\(String(format: "%.1f", megabytes / elapsed)) distance_m=\(String(format: "%.3f", distance)) "
            + "bytes_per_point=\(String(format: "%.2f", Double(encoded) / Double(max(points, 1))))")
}

func simplify(points count: Int, tolerance: Double, write path: String?) throws {
    let walk = walkMeters(points: count, seed: 0x51_3B1F)
    let points = walk.map {
        TrackPoint(
            latitude: originLatitude + $0.y / metersPerDegreeNorth,
            longitude: originLongitude + $0.x / metersPerDegreeEast)
    }
    if let path {
        var raw: [Double] = []
        raw.reserveCapacity(count * 2)
        for point in walk {
            raw.append(point.x)
            raw.append(point.y)
        }
        try raw.withUnsafeBytes { try Data($0).write(to: URL(fileURLWithPath: path)) }
    }
    var kept = 0
    let elapsed = seconds { kept = DouglasPeucker.keptIndices(points, toleranceMeters: tolerance).count }
    print("impl=walks points=\(count) seconds=\(String(format: "%.4f", elapsed)) kept=\(kept)")
}

func codec(paths: [String]) throws {
    for path in paths {
        let file = try GPXReader.read(path: path)
        let points = file.tracks.reduce(0) { $0 + $1.track.pointCount }
        let bytes = file.tracks.reduce(0) { $0 + TrackCodec.encode($1.track).count }
        let name = (path as NSString).lastPathComponent
        print(
            "file=\(name) points=\(points) bytes=\(bytes) bytes_per_point="
                + (points > 0 ? String(format: "%.2f", Double(bytes) / Double(points)) : "-"))
    }
}

let arguments = Array(CommandLine.arguments.dropFirst())
do {
    switch (arguments.first, arguments.count) {
    case ("generate-gpx", 3):
        guard let count = Int(arguments[2]) else { throw LifeError.invalid(field: "POINTS", "not a number") }
        try generateGPX(path: arguments[1], points: count)
    case ("parse", 2): try parse(path: arguments[1])
    case ("phases", 2):
        var file: GPXFile?
        let r = try seconds { file = try GPXReader.read(path: arguments[1]) }
        guard let track = file?.tracks.first?.track else { break }
        var q = track
        let c = try seconds { try WalksRules.checkTrack(track) }
        let qt = seconds { q = TrackCodec.quantized(track) }
        let m = seconds { _ = WalkMetrics(track: q) }
        let e = seconds { _ = TrackCodec.encode(q) }
        let d = seconds { _ = TrackCodec.encode(WalksRules.doodlePath(q)) }
        print("read_s=\(r) check_s=\(c) quantize_s=\(qt) metrics_s=\(m) encode_s=\(e) doodle_s=\(d)")
    case ("parse-xmlparser", 2): try parseWithXMLParser(path: arguments[1])
    case ("simplify", 3), ("simplify", 5):
        guard let count = Int(arguments[1]), let tolerance = Double(arguments[2]) else {
            throw LifeError.invalid(field: "POINTS", "simplify POINTS TOLERANCE [--write FILE]")
        }
        try simplify(points: count, tolerance: tolerance, write: arguments.count == 5 ? arguments[4] : nil)
    case ("codec", let n) where n >= 2: try codec(paths: Array(arguments.dropFirst()))
    default:
        FileHandle.standardError.write(
            Data(
                ("usage: walks-bench generate-gpx PATH POINTS | parse PATH | parse-xmlparser PATH"
                    + " | simplify POINTS TOLERANCE [--write FILE] | codec PATH…\n").utf8))
        exit(64)
    }
} catch let error as LifeError {
    FileHandle.standardError.write(Data("walks-bench: \(error.message)\n".utf8))
    exit(error.exitCode)
}
