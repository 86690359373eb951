import LifeCore

/// `xsd:dateTime` as GPX writes it, to milliseconds since the Unix epoch.
///
/// `YYYY-MM-DDThh:mm:ss` with an optional fraction of any number of digits
/// (rounded to the millisecond, half up), then `Z`, an offset `±hh:mm` (or
/// `±hhmm`), or nothing: a time without a zone is taken as UTC, which is what
/// GPX 1.1 prescribes and what loggers mean. Dates are checked (month
/// lengths, leap years); a leap second `:60` is accepted and counts as the
/// next minute's first second; `24:00:00` is the next day's midnight.
enum GPXTime {
    /// The day last read and its days since 1970: a walk's times share
    /// their date, so `common` works the calendar out once a day (PERF-2).
    struct DayCache {
        var key = UInt32.max
        var days: Int64 = 0
    }

    /// The shape loggers write, `2026-01-01T09:00:00Z` or with milliseconds
    /// (`…00.250Z`), read at fixed places; nil for anything else, which
    /// `milliseconds` reads. The same instant `milliseconds` gives.
    @inline(__always)
    static func common(_ bytes: UnsafeBufferPointer<UInt8>, cache: inout DayCache) -> Int64? {
        let count = bytes.count
        guard count == 20 || count == 24, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
            bytes[count - 1] == UInt8(ascii: "Z")
        else { return nil }
        // Each digit checked and read once, no loop (PERF-2).
        @inline(__always) func d(_ index: Int) -> Int { Int(bytes[index] &- 48) }
        @inline(__always) func isDigit(_ index: Int) -> Bool { bytes[index] &- 48 < 10 }
        guard isDigit(0), isDigit(1), isDigit(2), isDigit(3), isDigit(5), isDigit(6), isDigit(8), isDigit(9),
            isDigit(11), isDigit(12), isDigit(14), isDigit(15), isDigit(17), isDigit(18)
        else { return nil }
        let year = d(0) * 1000 + d(1) * 100 + d(2) * 10 + d(3)
        let month = d(5) * 10 + d(6)
        let day = d(8) * 10 + d(9)
        let hour = d(11) * 10 + d(12)
        let minute = d(14) * 10 + d(15)
        let second = d(17) * 10 + d(18)
        // The month and day within their fields, so that the cache's key is one date's.
        guard hour < 24, minute < 60, second <= 60, month >= 1, month <= 12, day >= 1, day <= 31 else { return nil }
        var fraction = 0
        if count == 24 {
            guard bytes[19] == UInt8(ascii: "."), bytes[20] &- 48 < 10, bytes[21] &- 48 < 10, bytes[22] &- 48 < 10
            else { return nil }
            fraction = d(20) * 100 + d(21) * 10 + d(22)
        }
        let key = UInt32(year) << 9 | UInt32(month) << 5 | UInt32(day)
        if key != cache.key {
            guard let date = CivilDate(year: year, month: month, day: day) else { return nil }
            cache = DayCache(key: key, days: Int64(date.daysSinceEpoch))
        }
        return (cache.days * 86_400 + Int64(hour * 3600 + minute * 60 + second)) * 1000 + Int64(fraction)
    }

    static func milliseconds(_ bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
        var start = 0
        var end = bytes.count
        while start < end && XMLBytes.isWhitespace(bytes[start]) { start += 1 }
        while end > start && XMLBytes.isWhitespace(bytes[end - 1]) { end -= 1 }
        var index = start

        func number(_ count: Int) -> Int? {
            guard end - index >= count else { return nil }
            var value = 0
            for _ in 0..<count {
                let digit = bytes[index] &- 48
                guard digit < 10 else { return nil }
                value = value * 10 + Int(digit)
                index += 1
            }
            return value
        }
        func expect(_ character: Unicode.Scalar) -> Bool {
            guard index < end, bytes[index] == UInt8(ascii: character) else { return false }
            index += 1
            return true
        }

        guard let year = number(4), expect("-"), let month = number(2), expect("-"), let day = number(2)
        else { return nil }
        guard index < end, bytes[index] == UInt8(ascii: "T") || bytes[index] == UInt8(ascii: "t") else { return nil }
        index += 1
        guard let hour = number(2), expect(":"), let minute = number(2), expect(":"), let second = number(2)
        else { return nil }
        var fraction = 0
        if index < end && bytes[index] == UInt8(ascii: ".") {
            index += 1
            var digits = 0
            while index < end, case let digit = bytes[index] &- 48, digit < 10 {
                if digits < 3 {
                    fraction = fraction * 10 + Int(digit)
                } else if digits == 3 && digit >= 5 {
                    fraction += 1
                }
                digits += 1
                index += 1
            }
            guard digits > 0 else { return nil }
            for _ in digits..<max(digits, 3) { fraction *= 10 }
        }
        var offsetMinutes = 0
        if index < end {
            let sign = bytes[index]
            if sign == UInt8(ascii: "Z") || sign == UInt8(ascii: "z") {
                index += 1
            } else if sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                index += 1
                guard let offsetHours = number(2) else { return nil }
                _ = expect(":")
                guard let offsetMinute = number(2), offsetHours <= 14, offsetMinute < 60 else { return nil }
                offsetMinutes = (offsetHours * 60 + offsetMinute) * (sign == UInt8(ascii: "-") ? -1 : 1)
            } else {
                return nil
            }
        }
        guard index == end else { return nil }
        // The calendar is LifeCore's: CivilDate refuses 2023-02-29 and year 0.
        guard let date = CivilDate(year: year, month: month, day: day), minute < 60, second <= 60 else { return nil }
        guard hour < 24 || (hour == 24 && minute == 0 && second == 0 && fraction == 0) else { return nil }
        let days = Int64(date.daysSinceEpoch)
        let seconds = Int64(hour * 3600 + minute * 60 + second - offsetMinutes * 60)
        return (days * 86_400 + seconds) * 1000 + Int64(fraction)
    }
}
