import LifeCore

/// How the person felt before a ritual (DM-3, FR30). Stored as the word
/// people read; a skipped prompt is no value at all (nil), never a mood.
public enum BeforeMood: String, CaseIterable, Sendable, Codable {
    case low = "Low"
    case okay = "Okay"
    case good = "Good"

    /// 0, 1, 2: the level the insights average.
    public var level: Int {
        switch self {
        case .low: 0
        case .okay: 1
        case .good: 2
        }
    }

    /// The mood a word names, case-insensitively.
    public static func parse(_ text: String, field: String = "before-mood") throws -> BeforeMood {
        try MoodWord.parse(text, field: field, allCases)
    }
}
