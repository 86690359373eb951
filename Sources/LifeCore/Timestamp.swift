import Foundation

/// The two text forms of an instant: the database's (SPEC CORE-4,
/// `YYYY-MM-DD HH:MM:SS.SSS` in UTC, which sorts and works with SQLite's date
/// functions) and ISO 8601 for JSON and the command line.
///
/// Written by hand on day numbers rather than with a `DateFormatter` so that the
/// output never depends on a locale or a platform's formatter.
public enum Timestamp {
    /// `2026-11-22 12:00:00.000`, UTC, milliseconds rounded down.
    public static func database(_ instant: Date) -> String {
        database(milliseconds: milliseconds(instant))
    }

    /// The database form of an instant given in milliseconds since the Unix epoch.
    public static func database(milliseconds: Int64) -> String {
        let (date, msOfDay) = split(milliseconds)
        return date.iso + " " + clock(msOfDay, separator: ":", fraction: true)
    }

    /// `2026-11-22T12:00:00Z` (with `.SSS` only when the milliseconds are not zero).
    public static func iso8601(_ instant: Date) -> String {
        iso8601(milliseconds: milliseconds(instant))
    }

    /// The ISO 8601 form of an instant given in milliseconds since the Unix epoch.
    public static func iso8601(milliseconds: Int64) -> String {
        let (date, msOfDay) = split(milliseconds)
        return date.iso + "T" + clock(msOfDay, separator: ":", fraction: msOfDay % 1000 != 0) + "Z"
    }

    /// Whole milliseconds since the Unix epoch, rounded down.
    ///
    /// A `Date` holds seconds as a `Double`, so `Date(ms / 1000)` can sit a
    /// hair below the millisecond it was made from (41.370 s is stored as
    /// 41.36999…): rounding its milliseconds down straight away would write
    /// that instant 1 ms early. The time is first rounded to the microsecond,
    /// far coarser than the `Double`'s error for any date of this era and far
    /// finer than the millisecond kept, and only then rounded down.
    public static func milliseconds(_ instant: Date) -> Int64 {
        let microseconds = (instant.timeIntervalSince1970 * 1_000_000).rounded()
        guard microseconds.isFinite, abs(microseconds) < 9e18 else { return 0 }
        let whole = Int64(microseconds)
        return whole >= 0 ? whole / 1000 : (whole - 999) / 1000
    }

    /// The `Date` of an instant given in milliseconds since the Unix epoch;
    /// `milliseconds(_:)` gives the same milliseconds back.
    public static func date(milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }

    /// `2026-11-22 08:00`: the wall-clock time of `instant` in `timeZone`, to the minute.
    public static func local(_ instant: Date, in timeZone: TimeZone) -> String {
        let shifted = instant.addingTimeInterval(Double(timeZone.secondsFromGMT(for: instant)))
        let (date, msOfDay) = split(shifted)
        return date.iso + " " + String(clock(msOfDay, separator: ":", fraction: false).prefix(5))
    }

    /// Parses the database form; nil for anything else.
    public static func parseDatabase(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { parseDatabase(utf8: $0) }
    }

    /// Parses the database form from UTF-8 bytes (such as SQLite's own
    /// buffer) without allocating: every stored mark and walk goes through here.
    public static func parseDatabase(utf8 b: UnsafeBufferPointer<UInt8>) -> Date? {
        guard b.count == 23, b[4] == 0x2D, b[7] == 0x2D, b[10] == 0x20, b[13] == 0x3A, b[16] == 0x3A, b[19] == 0x2E
        else { return nil }
        func digits(_ from: Int, _ count: Int) -> Int? {
            var value = 0
            for i in from..<(from + count) {
                let d = Int(b[i]) - 0x30
                guard d >= 0 && d <= 9 else { return nil }
                value = value * 10 + d
            }
            return value
        }
        guard let year = digits(0, 4), let month = digits(5, 2), let day = digits(8, 2),
            let hour = digits(11, 2), let minute = digits(14, 2), let second = digits(17, 2),
            let ms = digits(20, 3), hour <= 23, minute <= 59, second <= 59,
            let date = CivilDate(year: year, month: month, day: day)
        else { return nil }
        return instant(date, seconds: hour * 3600 + minute * 60 + second, milliseconds: ms, offsetSeconds: 0)
    }

    /// Parses an ISO 8601 instant: `YYYY-MM-DDTHH:MM[:SS[.fff]]` followed by `Z`
    /// or `±HH:MM`. A date-time without a zone is not an instant and is refused.
    public static func parseISO8601(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 17, bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: " "),
            let date = CivilDate(iso: String(decoding: bytes[0..<10], as: UTF8.self))
        else { return nil }
        var rest = bytes[11...]
        // Zone suffix.
        var offset = 0
        if rest.last == UInt8(ascii: "Z") {
            rest = rest.dropLast()
        } else if rest.count >= 6,
            let sign = rest.dropLast(5).last, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-")
        {
            let zone = rest.suffix(5)
            guard zone[zone.startIndex + 2] == UInt8(ascii: ":"),
                let hours = CivilDate.number(zone.prefix(2)),
                let minutes = CivilDate.number(zone.suffix(2)), hours <= 23, minutes <= 59
            else { return nil }
            offset = (hours * 3600 + minutes * 60) * (sign == UInt8(ascii: "-") ? -1 : 1)
            rest = rest.dropLast(6)
        } else {
            return nil
        }
        // Fraction.
        var milliseconds = 0
        if let dot = rest.firstIndex(of: UInt8(ascii: ".")) {
            let fraction = rest[(dot + 1)...]
            guard !fraction.isEmpty, fraction.count <= 9, CivilDate.number(fraction) != nil else { return nil }
            let padded =
                Array(fraction.prefix(3)) + Array(repeating: UInt8(ascii: "0"), count: max(0, 3 - fraction.count))
            milliseconds = CivilDate.number(padded[...]) ?? 0
            rest = rest[..<dot]
        }
        let seconds: Int?
        switch rest.count {
        case 5: seconds = timeOfDay(rest + [UInt8(ascii: ":"), UInt8(ascii: "0"), UInt8(ascii: "0")])
        case 8: seconds = timeOfDay(rest)
        default: seconds = nil
        }
        guard let secondsOfDay = seconds else { return nil }
        return instant(date, seconds: secondsOfDay, milliseconds: milliseconds, offsetSeconds: offset)
    }

    // MARK: Pieces

    private static func split(_ instant: Date) -> (CivilDate, Int) {
        split(milliseconds(instant))
    }

    private static func split(_ milliseconds: Int64) -> (CivilDate, Int) {
        let ms = Int(milliseconds)
        let days = ms >= 0 ? ms / 86_400_000 : (ms - 86_399_999) / 86_400_000
        return (CivilDate(daysSinceEpoch: days), ms - days * 86_400_000)
    }

    private static func clock(_ msOfDay: Int, separator: String, fraction: Bool) -> String {
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        let seconds = msOfDay / 1000
        var text = two(seconds / 3600) + separator + two(seconds / 60 % 60) + separator + two(seconds % 60)
        if fraction {
            let ms = msOfDay % 1000
            text += "." + (ms < 100 ? "0" : "") + (ms < 10 ? "0" : "") + String(ms)
        }
        return text
    }

    /// `HH:MM:SS` as seconds of the day.
    private static func timeOfDay<C: Collection>(_ bytes: C) -> Int? where C.Element == UInt8 {
        let b = Array(bytes)
        guard b.count == 8, b[2] == UInt8(ascii: ":"), b[5] == UInt8(ascii: ":"),
            let h = CivilDate.number(b[0..<2]), let m = CivilDate.number(b[3..<5]),
            let s = CivilDate.number(b[6..<8]), h <= 23, m <= 59, s <= 59
        else { return nil }
        return h * 3600 + m * 60 + s
    }

    private static func instant(_ date: CivilDate, seconds: Int, milliseconds: Int, offsetSeconds: Int) -> Date {
        let ms = (date.daysSinceEpoch * 86_400 + seconds - offsetSeconds) * 1000 + milliseconds
        return Self.date(milliseconds: Int64(ms))
    }
}
