import LifeCore

/// The colour themes the seasons unlock (DM-5, FR45), and the palette every
/// picture of DailyMenu draws with.
public enum ColourTheme: String, CaseIterable, Sendable, Codable {
    case morningCafe = "morning-cafe"
    case gardenParty = "garden-party"
    case sunsetBistro = "sunset-bistro"

    public var name: String {
        switch self {
        case .morningCafe: "Morning Café"
        case .gardenParty: "Garden Party"
        case .sunsetBistro: "Sunset Bistro"
        }
    }

    /// The theme a word names: its id or its name, case-insensitively.
    public static func parse(_ text: String, field: String = "theme") throws -> ColourTheme {
        let key = MoodWord.key(text.replacingOccurrences(of: "é", with: "e"))
        if let match = allCases.first(where: {
            MoodWord.key($0.rawValue) == key || MoodWord.key($0.name.replacingOccurrences(of: "é", with: "e")) == key
        }) {
            return match
        }
        throw LifeError.invalid(
            field: field,
            DailyMenuVoice.unknownWord(
                field: field, text, allowed: allCases.map(\.rawValue) + ["plain"], skippable: false))
    }
}
