import LifeCore

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
