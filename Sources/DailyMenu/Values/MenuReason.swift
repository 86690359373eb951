import Foundation
import LifeCore

/// Why a suggestion weighs what it weighs (DM-2, `menu --why`).
public enum MenuReason: Sendable, Equatable, Encodable {
    case favorite
    case feedback(Feedback)
    /// The mean after-mood delta over `count` rated completions.
    case moodHistory(mean: Double, count: Int)
    case fromPack(String)

    /// The reason in words.
    public var text: String { DailyMenuVoice.reason(self) }

    enum CodingKeys: String, CodingKey { case kind, text }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        let kind =
            switch self {
            case .favorite: "favorite"
            case .feedback: "feedback"
            case .moodHistory: "moodHistory"
            case .fromPack: "pack"
            }
        try container.encode(kind, forKey: .kind)
        try container.encode(text, forKey: .text)
    }
}
