import Foundation
import LifeCore

/// Which rituals earn the low-energy-day bonus (SPEC DM-4, DM-11): those done
/// on a local day on which the person had said, at or before the ritual,
/// that their energy was low, by a before-mood Low (the ritual's own or an
/// earlier one's that day) or by asking for the menu with `--energy low`
/// that day (`dailymenu_low_energy_days`). What a ritual earns is known
/// when it is done and never changes afterwards: a ritual at 08:00 earns
/// nothing from a Low said at 14:00.
///
/// Fed the completions in history order; the state is the earliest instant
/// each day was said to be low, the current day's kept apart (a history's
/// rituals come day by day, so most need no lookup).
public struct LowEnergyDays: Sendable {
    /// Day number (`CivilDate.daysSinceEpoch`) → the earliest instant said so.
    private var saidAt: [Int: Date]
    private var currentDay = Int.min
    private var currentSaid: Date?
    /// Count an absent before-mood as Low: `db check` and an import cannot
    /// tell a skipped mood from one withheld by a device that does not share
    /// moods (DM-10), and never hold a missing bonus against a ritual.
    private let absentIsLow: Bool

    /// `asks`: each day the menu was asked with `--energy low`, and when first.
    public init(asks: [CivilDate: Date] = [:], countingAbsentMoodsAsLow absentIsLow: Bool = false) {
        saidAt = Dictionary(asks.map { ($0.key.daysSinceEpoch, $0.value) }, uniquingKeysWith: min)
        self.absentIsLow = absentIsLow
    }

    /// Whether a ritual done on day number `day` at `instant` with `before`
    /// earns the bonus; a before-mood Low is remembered for the rest of the day.
    public mutating func earns(day: Int, at instant: Date, before: BeforeMood?) -> Bool {
        if day != currentDay {
            if let said = currentSaid { saidAt[currentDay] = said }
            currentDay = day
            currentSaid = saidAt.isEmpty ? nil : saidAt[day]
        }
        if before == .low || (absentIsLow && before == nil) {
            if currentSaid.map({ $0 > instant }) ?? true { currentSaid = instant }
            return true
        }
        guard let said = currentSaid else { return false }
        return said <= instant
    }
}
