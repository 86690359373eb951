import Foundation
import LifeCore

/// WALK-8: a walk as GPX 1.1 — one `<trk>` with its segments, times in UTC
/// with milliseconds when there are any. Importing the result gives back
/// the same points and so the same summary.
public enum GPXWriter {
    public static func render(_ track: Track, name: String?) -> String {
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="lifectl" xmlns="http://www.topografix.com/GPX/1/1">

            """
        out += "  <trk>\n"
        if let name { out += "    <name>\(Markup.escaped(name))</name>\n" }
        for segment in track.segments {
            out += "    <trkseg>\n"
            for point in segment {
                out +=
                    "      <trkpt lat=\"\(DecimalText.degrees(point.latitude))\" lon=\"\(DecimalText.degrees(point.longitude))\">"
                if let elevation = point.elevationMeters { out += "<ele>\(DecimalText.meters(elevation))</ele>" }
                if let time = point.timeMilliseconds { out += "<time>\(isoTime(time))</time>" }
                out += "</trkpt>\n"
            }
            out += "    </trkseg>\n"
        }
        out += "  </trk>\n</gpx>\n"
        return out
    }

    /// `2010-10-03T08:12:01Z`, or `…01.250Z` when the milliseconds are not zero.
    static func isoTime(_ milliseconds: Int64) -> String {
        Timestamp.iso8601(milliseconds: milliseconds)
    }

}
