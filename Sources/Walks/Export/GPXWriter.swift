import Foundation
import LifeCore

/// WALK-8: a walk as GPX 1.1 — the file's time when it has one, one `<trk>`
/// with its segments, times in UTC with milliseconds when there are any.
/// Importing the result gives back the same points, the same summary and
/// the same date.
public enum GPXWriter {
    /// `fileTimeMilliseconds` is written as `<metadata><time>`: the time of
    /// the walk's own GPX file, which dates a walk without times.
    public static func render(_ track: Track, name: String?, fileTimeMilliseconds: Int64? = nil) -> String {
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="lifectl" xmlns="http://www.topografix.com/GPX/1/1">

            """
        if let fileTimeMilliseconds {
            out += "  <metadata><time>\(isoTime(fileTimeMilliseconds))</time></metadata>\n"
        }
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

    /// The time a walk's export writes as its file's (`<metadata><time>`):
    /// the time of the GPX file it came from, so that a walk dated by it
    /// comes back dated the same; for a walk without any time (and no file
    /// time), when it was added, so that it comes back on the same date
    /// too (then dated by its file).
    public static func fileTimeMilliseconds(of walk: WalkSummary) -> Int64? {
        if let fileTime = walk.fileTime { return Timestamp.milliseconds(fileTime) }
        return walk.dateSource == .added ? Timestamp.milliseconds(walk.createdAt) : nil
    }
}
