/// A wall-clock time of day, to the minute ("08:00 local", SPEC CORE-5).
public struct LocalTime: Hashable, Comparable, Sendable, CustomStringConvertible, Codable {
    public let hour: Int
    public let minute: Int

    public static let midnight = LocalTime(validHour: 0, minute: 0)

    public init?(hour: Int, minute: Int) {
        guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        self.hour = hour
        self.minute = minute
    }

    private init(validHour hour: Int, minute: Int) {
        self.hour = hour
        self.minute = minute
    }

    /// `H:MM` or `HH:MM`, 00:00–23:59.
    public init?(text: some StringProtocol) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
            let hour = CivilDate.number(ArraySlice(parts[0].utf8)),
            let minute = CivilDate.number(ArraySlice(parts[1].utf8))
        else { return nil }
        self.init(hour: hour, minute: minute)
    }

    public static func parse(_ text: String, field: String) throws -> LocalTime {
        guard let time = LocalTime(text: text) else {
            throw LifeError.invalid(
                field: field, "\(field) is '\(text)'; it must be a time of day from 00:00 to 23:59")
        }
        return time
    }

    /// `HH:MM`.
    public var description: String {
        (hour < 10 ? "0" : "") + String(hour) + ":" + (minute < 10 ? "0" : "") + String(minute)
    }

    public static func < (lhs: LocalTime, rhs: LocalTime) -> Bool {
        (lhs.hour, lhs.minute) < (rhs.hour, rhs.minute)
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let time = LocalTime(text: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' is not HH:MM")
        }
        self = time
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
