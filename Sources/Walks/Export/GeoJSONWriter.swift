import Foundation
import LifeCore

/// WALK-8: a walk as one GeoJSON Feature (RFC 7946), positions
/// `[longitude, latitude(, elevation)]`, and the summary as properties.
///
/// Each segment of two or more points is a line: a LineString for one, a
/// MultiLineString for several. A LineString needs two positions (RFC 7946
/// §3.1.4), so a segment of a single point is no line: a walk of one point
/// is a Point, a walk whose segments are all single points a MultiPoint,
/// and otherwise single-point segments are left out of the lines and
/// counted in `droppedSinglePointSegments`. `segmentCount` is the number of
/// lines (or points) the geometry holds; empty segments are not exported. A
/// segment that crosses the antimeridian is cut there into two lines.
public enum GeoJSONWriter {
    public static func render(_ track: Track, summary: WalkSummary) -> String {
        let exported = Geometry(track)
        var properties: [String] = [
            "\"id\":\(string(summary.id))", "\"name\":\(string(summary.displayName))",
            "\"distanceMeters\":\(number(summary.distanceMeters))", "\"pointCount\":\(summary.pointCount)",
            "\"segmentCount\":\(exported.segmentCount)",
        ]
        if exported.droppedSinglePointSegments > 0 {
            properties.append("\"droppedSinglePointSegments\":\(exported.droppedSinglePointSegments)")
        }
        if let startedAt = summary.startedAt {
            properties.append("\"startedAt\":\(string(Timestamp.iso8601(startedAt)))")
        }
        if let endedAt = summary.endedAt { properties.append("\"endedAt\":\(string(Timestamp.iso8601(endedAt)))") }
        if let value = summary.elapsedSeconds { properties.append("\"elapsedSeconds\":\(number(value))") }
        if let value = summary.movingSeconds { properties.append("\"movingSeconds\":\(number(value))") }
        if let value = summary.paceSecondsPerKilometer {
            properties.append("\"paceSecondsPerKilometer\":\(number(value))")
        }
        if let value = summary.ascentMeters { properties.append("\"ascentMeters\":\(number(value))") }
        if let value = summary.descentMeters { properties.append("\"descentMeters\":\(number(value))") }
        return
            "{\"type\":\"Feature\",\"geometry\":\(exported.json),\"properties\":{\(properties.joined(separator: ","))}}\n"
    }

    /// What the geometry holds, and what it leaves out.
    public struct Geometry: Sendable {
        /// The geometry object as JSON (`null` for a walk without points).
        public var json: String
        /// Lines (or points) in it.
        public var segmentCount: Int
        /// Single-point segments left out of the lines.
        public var droppedSinglePointSegments: Int

        public init(_ track: Track) {
            let segments = track.segments.filter { !$0.isEmpty }
            let lines = segments.filter { $0.count >= 2 }.flatMap(GeoJSONWriter.cutAtTheAntimeridian).map { part in
                "[" + part.map(GeoJSONWriter.position).joined(separator: ",") + "]"
            }
            switch (lines.count, segments.count) {
            case (_, 0):
                json = "null"
                segmentCount = 0
                droppedSinglePointSegments = 0
            case (0, 1):
                json = "{\"type\":\"Point\",\"coordinates\":\(GeoJSONWriter.position(segments[0][0]))}"
                segmentCount = 1
                droppedSinglePointSegments = 0
            case (0, _):
                let points = segments.map { GeoJSONWriter.position($0[0]) }.joined(separator: ",")
                json = "{\"type\":\"MultiPoint\",\"coordinates\":[\(points)]}"
                segmentCount = segments.count
                droppedSinglePointSegments = 0
            case (1, _):
                json = "{\"type\":\"LineString\",\"coordinates\":\(lines[0])}"
                segmentCount = 1
                droppedSinglePointSegments = segments.count - 1
            default:
                json = "{\"type\":\"MultiLineString\",\"coordinates\":[\(lines.joined(separator: ","))]}"
                segmentCount = lines.count
                droppedSinglePointSegments = segments.count { $0.count < 2 }
            }
        }
    }

    /// RFC 7946 §3.1.9: a line that crosses the antimeridian is cut in two
    /// there, so that no part crosses it (a viewer would otherwise draw the
    /// step from 179.999° to -179.999° around the whole globe). A step
    /// crosses it when its longitudes differ by more than 180°, the shorter
    /// way round (as the distance is measured); the cut point's latitude
    /// and elevation are interpolated along the unwrapped longitude.
    static func cutAtTheAntimeridian(_ segment: [TrackPoint]) -> [[TrackPoint]] {
        var parts: [[TrackPoint]] = []
        var part: [TrackPoint] = []
        for point in segment {
            if let last = part.last, abs(point.longitude - last.longitude) > 180 {
                let eastward = last.longitude > point.longitude  // 179.9 → -179.9 goes east across 180
                let edge: Double = eastward ? 180 : -180
                let unwrapped = point.longitude + (eastward ? 360 : -360)
                let t = (edge - last.longitude) / (unwrapped - last.longitude)
                var elevation: Double?
                if let a = last.elevationMeters, let b = point.elevationMeters { elevation = a + t * (b - a) }
                let latitude = last.latitude + t * (point.latitude - last.latitude)
                if last.longitude != edge {
                    part.append(TrackPoint(latitude: latitude, longitude: edge, elevationMeters: elevation))
                }
                if part.count >= 2 { parts.append(part) }
                part =
                    point.longitude == -edge
                    ? [] : [TrackPoint(latitude: latitude, longitude: -edge, elevationMeters: elevation)]
            }
            part.append(point)
        }
        if part.count >= 2 { parts.append(part) }
        return parts
    }

    private static func position(_ point: TrackPoint) -> String {
        var parts = [DecimalText.degrees(point.longitude), DecimalText.degrees(point.latitude)]
        if let elevation = point.elevationMeters { parts.append(DecimalText.meters(elevation)) }
        return "[" + parts.joined(separator: ",") + "]"
    }

    private static func number(_ value: Double) -> String { DecimalText.figure(value) }

    /// A JSON string literal (RFC 8259 escaping).
    private static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case let c where c.value < 0x20: out += String(format: "\\u%04x", c.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
