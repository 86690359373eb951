import Foundation
import LifeCore

/// The bonuses a completion can earn on top of the base points (DM-4).
public enum MomentBonus: String, CaseIterable, Sendable, Codable {
    case moodImproved, firstOfDay, newCategory, lowEnergy

    /// Its points, from the constants table.
    public var points: Int {
        switch self {
        case .moodImproved: DailyMenuRules.moodImprovedBonus
        case .firstOfDay: DailyMenuRules.firstOfDayBonus
        case .newCategory: DailyMenuRules.newCategoryBonus
        case .lowEnergy: DailyMenuRules.lowEnergyBonus
        }
    }
}

/// The Moments one completion earned.
public struct MomentAward: Sendable, Equatable, Encodable {
    public let completionID: UUID
    public let localDay: CivilDate
    public let base: Int
    public let bonuses: [MomentBonus]

    public var total: Int { base + bonuses.reduce(0) { $0 + $1.points } }

    enum CodingKeys: String, CodingKey { case completionID = "completionId", localDay, base, bonuses, total }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(completionID.uuidString.lowercased(), forKey: .completionID)
        try container.encode(localDay, forKey: .localDay)
        try container.encode(base, forKey: .base)
        try container.encode(bonuses, forKey: .bonuses)
        try container.encode(total, forKey: .total)
    }

    /// Memberwise, for previews and tests of a front end; the store builds the real ones.
    public init(
        completionID: UUID, localDay: CivilDate, base: Int, bonuses: [MomentBonus]
    ) {
        self.completionID = completionID
        self.localDay = localDay
        self.base = base
        self.bonuses = bonuses
    }
}

/// Moments over a history (DM-4): a pure function of the completions.
public enum Moments {
    /// One award per completion, in history order. "First of the day" is the
    /// first completion of its stored local day; "a category new to the
    /// person" is the first completion ever in its category.
    public static func awards(_ history: [Completion]) -> [MomentAward] {
        let ordered = Completion.inHistoryOrder(history)
        var daysSeen = Set<Int>()
        var categoriesSeen = Set<String>()
        return ordered.map { completion in
            var bonuses: [MomentBonus] = []
            if completion.moodImproved { bonuses.append(.moodImproved) }
            if daysSeen.insert(completion.localDay.daysSinceEpoch).inserted { bonuses.append(.firstOfDay) }
            if categoriesSeen.insert(completion.category).inserted { bonuses.append(.newCategory) }
            if completion.energy == .low { bonuses.append(.lowEnergy) }
            return MomentAward(
                completionID: completion.id, localDay: completion.localDay, base: DailyMenuRules.basePoints,
                bonuses: bonuses)
        }
    }
}
