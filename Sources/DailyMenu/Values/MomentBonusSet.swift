/// A completion's bonuses as a set of bits: walking ten years of rituals
/// makes no array per ritual.
public struct MomentBonusSet: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public init(_ bonuses: [MomentBonus]) {
        self = []
        for bonus in bonuses {
            switch bonus {
            case .moodImproved: insert(.moodImproved)
            case .firstOfDay: insert(.firstOfDay)
            case .newCategory: insert(.newCategory)
            case .lowEnergy: insert(.lowEnergy)
            }
        }
    }

    public static let moodImproved = MomentBonusSet(rawValue: 1)
    public static let firstOfDay = MomentBonusSet(rawValue: 2)
    public static let newCategory = MomentBonusSet(rawValue: 4)
    public static let lowEnergy = MomentBonusSet(rawValue: 8)

    /// In the order they are told: mood, first of the day, new category, low energy.
    public var bonuses: [MomentBonus] {
        var list: [MomentBonus] = []
        if contains(.moodImproved) { list.append(.moodImproved) }
        if contains(.firstOfDay) { list.append(.firstOfDay) }
        if contains(.newCategory) { list.append(.newCategory) }
        if contains(.lowEnergy) { list.append(.lowEnergy) }
        return list
    }

    /// Base points and bonuses: the Moments of one completion.
    public var total: Int {
        var points = DailyMenuRules.basePoints
        if contains(.moodImproved) { points += DailyMenuRules.moodImprovedBonus }
        if contains(.firstOfDay) { points += DailyMenuRules.firstOfDayBonus }
        if contains(.newCategory) { points += DailyMenuRules.newCategoryBonus }
        if contains(.lowEnergy) { points += DailyMenuRules.lowEnergyBonus }
        return points
    }
}
