import Foundation

/// A date on the proleptic Gregorian calendar with no time and no zone: a
/// birthday, an unlock date, a calendar day (SPEC CORE-4).
///
/// All arithmetic is done on day numbers (days since 1970-01-01), never on
/// seconds, so a daylight-saving day of 23 or 25 hours is still one day
/// (SPEC CORE-5). The conversions are Howard Hinnant's `days_from_civil` and
/// `civil_from_days`, exact for every year this type accepts (1…9999, the
/// years that fit the four-digit ISO form stored in the database).
///
/// The arithmetic (`adding(days:)`, `adding(months:)`, `adding(years:)`) is
/// exact on the proleptic calendar and never clamps the year: a result outside
/// `yearRange` stays outside, so whoever takes it from a person checks
/// `isInYearRange` and refuses it (`DateExpression` does) rather than
/// silently saving 9999-12-31 or 0001-01-01 for a date that was never asked.
public struct CivilDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    public static let yearRange = 1...9999

    /// A date, or nil when the fields do not name a real day (2026-02-30).
    public init?(year: Int, month: Int, day: Int) {
        guard Self.yearRange.contains(year), (1...12).contains(month),
            day >= 1, day <= Self.daysInMonth(year: year, month: month)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// The date `days` after 1970-01-01 (negative: before it).
    public init(daysSinceEpoch days: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        self.year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        self.month = month
        self.day = day
    }

    /// Days since 1970-01-01: the one number all calendar arithmetic goes through.
    public var daysSinceEpoch: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    public static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    public static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    // MARK: Arithmetic

    public func adding(days: Int) -> CivilDate {
        CivilDate(daysSinceEpoch: daysSinceEpoch + days)
    }

    /// Adds calendar months; a day that the target month lacks is moved to its
    /// last day (31 January + 1 month = 28 or 29 February), as people expect.
    /// The year is not clamped (see the type's note).
    public func adding(months: Int) -> CivilDate {
        let zeroBased = (year * 12 + (month - 1)) + months
        let newYear = zeroBased >= 0 ? zeroBased / 12 : (zeroBased - 11) / 12
        let newMonth = zeroBased - newYear * 12 + 1
        return CivilDate(year: newYear, month: newMonth, lastDayAtMost: day)
    }

    /// Adds calendar years the same way: 29 February + 1 year = 28 February.
    public func adding(years: Int) -> CivilDate {
        CivilDate(year: year + years, month: month, lastDayAtMost: day)
    }

    /// Whether the year is one this type accepts from text and stores (1…9999).
    /// Only arithmetic can make a date that is not.
    public var isInYearRange: Bool { Self.yearRange.contains(year) }

    /// The number of calendar days from `self` to `other` (negative if `other` is earlier).
    public func days(until other: CivilDate) -> Int {
        other.daysSinceEpoch - daysSinceEpoch
    }

    public var weekday: Weekday {
        // 1970-01-01 was a Thursday (ISO weekday 4).
        let mondayBased = ((daysSinceEpoch + 3) % 7 + 7) % 7
        return Weekday(rawValue: mondayBased + 1) ?? .monday
    }

    /// Builds a date from a valid month, moving a day past the month's end to
    /// its last day. The year is taken as it is, even outside `yearRange`.
    private init(year: Int, month: Int, lastDayAtMost day: Int) {
        self.year = year
        self.month = month
        self.day = min(day, Self.daysInMonth(year: year, month: month))
    }

    public static func < (lhs: CivilDate, rhs: CivilDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    // MARK: ISO text

    /// `YYYY-MM-DD`, the form stored in the database and printed everywhere.
    public var iso: String {
        func pad(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }

    public var description: String { iso }

    /// Parses exactly `YYYY-MM-DD`; nil for anything else, including 2026-02-30.
    public init?(iso text: some StringProtocol) {
        let parsed =
            text.utf8.withContiguousStorageIfAvailable { CivilDate(isoUTF8: $0) }
            ?? Array(text.utf8).withUnsafeBufferPointer { CivilDate(isoUTF8: $0) }
        guard let parsed else { return nil }
        self = parsed
    }

    /// Parses exactly `YYYY-MM-DD` from UTF-8 bytes (such as SQLite's own
    /// buffer) without allocating; nil for anything else.
    public init?(isoUTF8 bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            let year = Self.number(bytes[0..<4]), let month = Self.number(bytes[5..<7]),
            let day = Self.number(bytes[8..<10])
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    static func number<Digits: Collection<UInt8>>(_ digits: Digits) -> Int? {
        var value = 0
        for byte in digits {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return digits.isEmpty ? nil : value
    }

    /// Parses a required date field, naming the field in the error (SPEC CORE-7).
    public static func parse(_ text: String, field: String) throws -> CivilDate {
        guard let date = CivilDate(iso: text) else {
            throw LifeError.invalid(
                field: field, "\(field) is '\(text)'; it must be a real calendar date written YYYY-MM-DD")
        }
        return date
    }
}

extension CivilDate: Codable {
    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = CivilDate(iso: text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "'\(text)' is not a YYYY-MM-DD date")
        }
        self = date
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(iso)
    }
}

/// ISO weekdays: Monday is 1, Sunday is 7.
public enum Weekday: Int, CaseIterable, Sendable, Codable {
    case monday = 1, tuesday, wednesday, thursday, friday, saturday, sunday

    public var name: String {
        switch self {
        case .monday: "Monday"
        case .tuesday: "Tuesday"
        case .wednesday: "Wednesday"
        case .thursday: "Thursday"
        case .friday: "Friday"
        case .saturday: "Saturday"
        case .sunday: "Sunday"
        }
    }
}
