/// A level reached by total Moments (DM-5).
public struct Season: Sendable, Equatable, Encodable {
    /// 1 for First Light, counting up.
    public let number: Int
    public let name: String
    /// The total Moments at which it begins.
    public let threshold: Int
    /// What reaching it opens; nil for the first season.
    public let unlock: SeasonUnlock?

    /// The season that `moments` total Moments have reached.
    public static func reached(by moments: Int) -> Season {
        DailyMenuRules.seasons.last { moments >= $0.threshold } ?? DailyMenuRules.seasons[0]
    }

    /// The season after this one, or nil at the last.
    public var next: Season? {
        DailyMenuRules.seasons.first { $0.number == number + 1 }
    }

    /// Every season up to and including this one.
    public var reachedSoFar: [Season] {
        DailyMenuRules.seasons.filter { $0.number <= number }
    }
}
