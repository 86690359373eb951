import LifeCore

/// How much energy an activity asks for (DM-1).
public enum Energy: String, CaseIterable, Sendable, Codable {
    case low, medium, high

    public static func parse(_ text: String, field: String = "energy") throws -> Energy {
        try MoodWord.parse(text, field: field, allCases, skippable: false)
    }
}
