import LifeCore

/// The quick feedback after a ritual (DM-3, FR33).
public enum Feedback: String, CaseIterable, Sendable, Codable {
    case lovedIt = "Loved it"
    case nice = "Nice"
    case notForMe = "Not for me"

    /// The short word for the command line: loved, nice, not-for-me.
    public var shortWord: String {
        switch self {
        case .lovedIt: "loved"
        case .nice: "nice"
        case .notForMe: "not-for-me"
        }
    }

    /// Accepts the full words ("Loved it", "not for me") or the short ones
    /// (loved, nice, not-for-me), case-insensitively.
    public static func parse(_ text: String, field: String = "feedback") throws -> Feedback {
        let key = MoodWord.key(text)
        if let match = allCases.first(where: { MoodWord.key($0.rawValue) == key || MoodWord.key($0.shortWord) == key })
        {
            return match
        }
        throw LifeError.invalid(
            field: field, DailyMenuVoice.unknownWord(field: field, text, allowed: allCases.map(\.shortWord)))
    }
}
