import Foundation

/// One text that matched a search, best first (bm25: lower is better).
public struct SearchHit: Sendable, Hashable, Codable {
    /// Which product and which of its texts.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        case finitePhrase = "finite_phrase"
        case walkName = "walk_name"
        case hereafterMessage = "hereafter_message"
        case lifetimerGoal = "lifetimer_goal"
        case lifetimerGoalDescription = "lifetimer_goal_description"
        case lifetimerMilestone = "lifetimer_milestone"

        public var product: String {
            switch self {
            case .finitePhrase: "finite"
            case .walkName: "walks"
            case .hereafterMessage: "hereafter"
            case .lifetimerGoal, .lifetimerGoalDescription, .lifetimerMilestone: "lifetimer"
            }
        }
    }

    public let kind: Kind
    /// The id of the row the text belongs to (a mark, walk, message, goal or milestone).
    public let id: UUID
    public let text: String
    /// SQLite's bm25 score: more negative is a better match.
    public let rank: Double

    public init(kind: Kind, id: UUID, text: String, rank: Double) {
        self.kind = kind
        self.id = id
        self.text = text
        self.rank = rank
    }
}
