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

/// What a season opens (DM-5, FR44, FR45).
public enum SeasonUnlock: Sendable, Equatable, Encodable {
    case pack(String)
    case theme(ColourTheme)

    enum CodingKeys: String, CodingKey { case pack, theme }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .pack(let id): try container.encode(id, forKey: .pack)
        case .theme(let theme): try container.encode(theme, forKey: .theme)
        }
    }
}

/// Where a person stands among the seasons.
public struct SeasonProgress: Sendable, Equatable, Encodable {
    public let season: Season
    public let next: Season?
    public let moments: Int
    /// Moments still to go to the next season; 0 at the last.
    public let momentsToNext: Int
    /// 0 … 1 through the current season; 1 at the last.
    public let fraction: Double

    public init(moments: Int) {
        season = Season.reached(by: moments)
        next = season.next
        self.moments = moments
        if let next {
            momentsToNext = next.threshold - moments
            fraction = Double(moments - season.threshold) / Double(next.threshold - season.threshold)
        } else {
            momentsToNext = 0
            fraction = 1
        }
    }

    /// The packs open at this season.
    public var unlockedPacks: [String] {
        season.reachedSoFar.compactMap { if case .pack(let id) = $0.unlock { id } else { nil } }
    }

    /// The colour themes open at this season.
    public var unlockedThemes: [ColourTheme] {
        season.reachedSoFar.compactMap { if case .theme(let theme) = $0.unlock { theme } else { nil } }
    }

    enum CodingKeys: String, CodingKey {
        case season, next, moments, momentsToNext, fraction, unlockedPacks, unlockedThemes
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(season, forKey: .season)
        try container.encodeIfPresent(next, forKey: .next)
        try container.encode(moments, forKey: .moments)
        try container.encode(momentsToNext, forKey: .momentsToNext)
        try container.encode(fraction, forKey: .fraction)
        try container.encode(unlockedPacks, forKey: .unlockedPacks)
        try container.encode(unlockedThemes, forKey: .unlockedThemes)
    }
}
