import Foundation
import LifeCore
import LifeDB

/// What DailyMenu shows (DM-2, DM-8, DM-9): every view recomputed from the
/// completions by the pure rules.
extension DailyMenuSession {
    /// Moments, season, warmth and stamps as of the owner's today.
    func journey() throws -> Journey {
        Journey(history: try completions(), categories: Set(try categories().map(\.id)), today: try today())
    }

    /// The profile (DM-9).
    func profile() throws -> DailyMenuProfile {
        DailyMenuProfile(settings: try settings(), journey: try journey())
    }

    /// The day's menu (DM-2), for `date` (default today).
    func menu(date: CivilDate? = nil, energy: Energy? = nil, count: Int = DailyMenuRules.menuSize) throws
        -> DailyMenuOfTheDay
    {
        let day = try date ?? today()
        let history = try completions()
        // The packs open now, whatever day the menu is for.
        let eligible = MenuPlanner.eligible(
            try activities(), hidden: try hiddenActivities(), excludedCategories: try excludedCategories(),
            unlockedPacks: Set(try unlockedPacks(at: clock.now())), energy: energy)
        let suggestions = MenuPlanner.menu(
            eligible: eligible, favorites: try favorites(), history: ActivityHistory.of(history), date: day,
            count: count)
        return DailyMenuOfTheDay(date: day, energy: energy, suggestions: suggestions)
    }

    /// The month grid's data (DM-8).
    func calendar(year: Int, month: Int) throws -> CalendarMonth {
        guard CivilDate.yearRange.contains(year), let first = CivilDate(year: year, month: month, day: 1) else {
            throw LifeError.invalid(field: "month", DailyMenuVoice.badMonth("\(year)-\(month)"))
        }
        let last = first.adding(days: CivilDate.daysInMonth(year: year, month: month) - 1)
        return CalendarMonth(
            year: year, month: month, completions: try completions(from: first, through: last),
            today: try today(), theme: try settings().theme)
    }

    /// One day's rituals with moods, feedback and Moments (DM-8).
    func day(_ date: CivilDate) throws -> DayReport {
        let history = try completions()
        let awards = Moments.awards(history)
        let titles = Dictionary(uniqueKeysWithValues: try activities().map { ($0.id, $0.title) })
        let rituals = zip(Completion.inHistoryOrder(history), awards).filter { $0.0.localDay == date }.map {
            DayRitual(completion: $0.0, title: titles[$0.0.activityID] ?? $0.0.activityID, moments: $0.1)
        }
        return DayReport(date: date, rituals: rituals)
    }

    /// Moods over time and per category (the insights).
    func insights() throws -> Insights {
        Insights(history: try completions(), categories: try categories(), today: try today())
    }
}
