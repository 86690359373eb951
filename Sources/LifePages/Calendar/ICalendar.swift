import Foundation
import LifeKernel

/// RFC 5545 text for a list of events: a pure renderer, the same bytes for
/// the same input. Lines end in CRLF and are folded so that no line is
/// longer than 75 octets (RFC 5545 §3.1), never inside a UTF-8 sequence;
/// TEXT values escape backslash, semicolon, comma and line breaks (§3.3.11).
public enum ICalendar {
    public static let productID = "-//lifectl//lifectl 0.1.0//EN"

    /// Each event lasts `durationMinutes` from its instant; `stamp` is DTSTAMP
    /// (the export's own time, so it is fixed under a pinned clock).
    public static func render(_ events: [CalendarEvent], stamp: Date, durationMinutes: Int = 15) -> String {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:\(productID)", "CALSCALE:GREGORIAN", "METHOD:PUBLISH"]
        for event in events {
            lines.append("BEGIN:VEVENT")
            lines.append("UID:\(text(event.uid))")
            lines.append("DTSTAMP:\(utc(stamp))")
            lines.append("DTSTART:\(utc(event.start))")
            lines.append("DTEND:\(utc(event.start.addingTimeInterval(Double(durationMinutes) * 60)))")
            lines.append("SUMMARY:\(text(event.summary))")
            if let description = event.description { lines.append("DESCRIPTION:\(text(description))") }
            if let location = event.location { lines.append("LOCATION:\(text(location))") }
            lines.append("END:VEVENT")
        }
        lines.append("END:VCALENDAR")
        return lines.map(fold).joined()
    }

    /// `YYYYMMDDTHHMMSSZ` (a DATE-TIME in UTC, RFC 5545 §3.3.5 form 2).
    static func utc(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ value: Int?) -> String { (value ?? 0) < 10 ? "0\(value ?? 0)" : "\(value ?? 0)" }
        let year = String(parts.year ?? 0)
        return String(repeating: "0", count: max(0, 4 - year.count)) + year + two(parts.month) + two(parts.day) + "T"
            + two(parts.hour) + two(parts.minute) + two(parts.second) + "Z"
    }

    /// A TEXT value escaped (§3.3.11); other control characters become spaces.
    package static func text(_ value: String) -> String {
        var out = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\n": out += "\\n"
            case "\r": break
            default:
                if scalar.properties.generalCategory == .control {
                    out += " "
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// One content line, folded at 75 octets: each continuation starts with
    /// a space, which counts in its line's 75.
    package static func fold(_ line: String) -> String {
        var out = ""
        var octets = 0
        for character in line {
            let size = character.utf8.count
            if octets + size > 75 {
                out += "\r\n "
                octets = 1
            }
            out.append(character)
            octets += size
        }
        return out + "\r\n"
    }
}
