/// A value of a GPX file that no walk can have, dropped while the point that
/// held it is kept (SPEC WALK-9: one bad value drops that value, not the
/// file): an elevation that is not a number or lies outside −500…9,000 m, a
/// time that is not an ISO 8601 date and time, lies outside the years
/// 1–9999, or is earlier than the track's time before it.
public struct GPXWarning: Sendable, Equatable, Encodable {
    /// Which value of the point was dropped.
    public enum Element: String, Sendable, Encodable {
        case ele, time
    }

    /// The line of the element in the file (of the text inside, for a
    /// gzip-compressed file), 1-based.
    public var line: Int
    public var element: Element
    /// The value as the file has it, trimmed, at most `shownLimit`
    /// characters (then "…"). Straight from the file: escape it before it
    /// reaches a terminal.
    public var value: String
    /// What was wrong and what was done, for people, naming the value:
    /// `ele -672.156 is out of range (…); the point is kept without an elevation`.
    public var message: String

    /// The characters of a value a warning keeps.
    public static let shownLimit = 60

    public init(line: Int, element: Element, value: String, message: String) {
        self.line = line
        self.element = element
        self.value = value
        self.message = message
    }
}
