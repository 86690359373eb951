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
