import LifeCore

/// Moods per category over the whole history.
public struct CategoryMood: Sendable, Equatable, Encodable {
    public let category: String
    public let name: String
    public let rituals: Int
    /// Counts of Low, Okay, Good before.
    public let before: [Int]
    /// Counts of Lower, Same, Better after.
    public let after: [Int]

    /// Memberwise, for previews and tests of a front end; the store builds the real ones.
    public init(
        category: String, name: String, rituals: Int, before: [Int], after: [Int]
    ) {
        self.category = category
        self.name = name
        self.rituals = rituals
        self.before = before
        self.after = after
    }
}
