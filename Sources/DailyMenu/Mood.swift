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

/// How the ritual left the person (DM-3, FR31): the mood delta.
public enum AfterMood: String, CaseIterable, Sendable, Codable {
    case lower = "Lower"
    case same = "Same"
    case better = "Better"

    /// -1, 0, +1: the delta the menu and the insights weigh.
    public var delta: Int {
        switch self {
        case .lower: -1
        case .same: 0
        case .better: 1
        }
    }

    public static func parse(_ text: String, field: String = "after-mood") throws -> AfterMood {
        try MoodWord.parse(text, field: field, allCases)
    }
}

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

/// Matching the words people type against the mood scales.
enum MoodWord {
    /// Lower case, with spaces, hyphens and underscores removed: "Not for me",
    /// "not-for-me" and "NOT_FOR_ME" are one word.
    static func key(_ text: String) -> String {
        String(text.lowercased().filter { !" -_".contains($0) })
    }

    static func parse<Word: RawRepresentable & CaseIterable>(
        _ text: String, field: String, _ words: Word.AllCases, skippable: Bool = true
    ) throws -> Word where Word.RawValue == String {
        let wanted = key(text)
        if let match = words.first(where: { key($0.rawValue) == wanted }) { return match }
        throw LifeError.invalid(
            field: field,
            DailyMenuVoice.unknownWord(
                field: field, text, allowed: words.map { $0.rawValue.lowercased() }, skippable: skippable))
    }
}

/// How much energy an activity asks for (DM-1).
public enum Energy: String, CaseIterable, Sendable, Codable {
    case low, medium, high

    public static func parse(_ text: String, field: String = "energy") throws -> Energy {
        try MoodWord.parse(text, field: field, allCases, skippable: false)
    }
}
