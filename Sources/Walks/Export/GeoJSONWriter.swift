import Foundation
import LifeCore

/// WALK-8: a walk as one GeoJSON Feature (RFC 7946): a LineString for one
/// segment with points, a MultiLineString for several, positions
/// `[longitude, latitude(, elevation)]`, and the summary as properties.
public enum GeoJSONWriter {
    public static func render(_ track: Track, summary: WalkSummary) -> String {
        let lines = track.segments.filter { !$0.isEmpty }.map { segment in
            "[" + segment.map(position).joined(separator: ",") + "]"
        }
        let geometry: String
        if lines.count == 1 {
            geometry = "{\"type\":\"LineString\",\"coordinates\":\(lines[0])}"
        } else {
            geometry = "{\"type\":\"MultiLineString\",\"coordinates\":[\(lines.joined(separator: ","))]}"
        }
        var properties: [String] = [
            "\"id\":\(string(summary.id))", "\"name\":\(string(summary.displayName))",
            "\"distanceMeters\":\(number(summary.distanceMeters))", "\"pointCount\":\(summary.pointCount)",
            "\"segmentCount\":\(summary.segmentCount)",
        ]
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
        return "{\"type\":\"Feature\",\"geometry\":\(geometry),\"properties\":{\(properties.joined(separator: ","))}}\n"
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
