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
