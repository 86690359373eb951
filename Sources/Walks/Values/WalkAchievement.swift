import LifeCore

/// One of Only Walks' achievements (the seed's "walk challenges and
/// achievements"; docs/walks.md, "Achievements"), earned or not yet.
public struct WalkAchievement: Sendable, Equatable, Encodable {
    /// What is counted.
    public enum Kind: String, Sendable, Encodable {
        /// The first walk saved.
        case firstWalk
        /// The distance of every walk, added up.
        case totalDistance
        /// Weeks (Monday to Sunday, the owner's) in a row with a walk.
        case weeklyStreak
    }

    /// `first-walk`, `distance-100km`, `streak-12-weeks`: stable, for apps.
    public let id: String
    public let kind: Kind
    /// "100 km in all", "12 weeks in a row".
    public let title: String
    /// What earns it: metres for `totalDistance`, weeks for `weeklyStreak`, 1 for `firstWalk`.
    public let goal: Double
    /// The owner's day of the walk that earned it; nil while not earned.
    public let earnedOn: CivilDate?
    /// The walk that earned it.
    public let walkId: String?

    public var isEarned: Bool { earnedOn != nil }

    public init(id: String, kind: Kind, title: String, goal: Double, earnedOn: CivilDate?, walkId: String?) {
        self.id = id
        self.kind = kind
        self.title = title
        self.goal = goal
        self.earnedOn = earnedOn
        self.walkId = walkId
    }
}
