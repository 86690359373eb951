import Foundation
import LifeCore
import LifeDB

/// What DailyMenu shows (DM-2, DM-8, DM-9): every view recomputed from the
/// completions by the pure rules.
extension DailyMenuSession {
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
        // DM-11: asking today's menu for low energy says today is a low-energy day.
        if energy == .low, day == (try today()) { try recordLowEnergyAsk() }
        return DailyMenuOfTheDay(date: day, energy: energy, suggestions: suggestions)
    }

    /// The month grid's data (DM-8), only the rituals `filter` admits (DM-11).
    func calendar(year: Int, month: Int, filter: CalendarFilter = .none) throws -> CalendarMonth {
        guard CivilDate.yearRange.contains(year), let first = CivilDate(year: year, month: month, day: 1) else {
            throw LifeError.invalid(field: "month", DailyMenuVoice.badMonth("\(year)-\(month)"))
        }
        var filter = filter
        var categoryName: String?
        if let name = filter.category {
            let category = try category(named: name)
            filter.category = category.id
            categoryName = category.name
        }
        let last = first.adding(days: CivilDate.daysInMonth(year: year, month: month) - 1)
        return CalendarMonth(
            year: year, month: month, completions: try completions(from: first, through: last),
            today: try today(), theme: try settings().theme, filter: filter, categoryName: categoryName)
    }

    /// One day's rituals with moods, feedback and Moments (DM-8).
    func day(_ date: CivilDate) throws -> DayReport {
        let history = try completions()
        let awards = Moments.awards(history, lowEnergyAsks: try lowEnergyAsks())
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

    /// One completion as a line to paste to a friend (DM-11): what, how
    /// long, when, and, while moods are shared (DM-10), how it left the
    /// person. Never Moments or counts: it celebrates, it does not compare.
    func share(_ id: UUID) throws -> ShareLine {
        let completion = try completion(id)
        let activity = try activity(named: completion.activityID)
        let shareMood = try settings().shareMood
        return ShareLine(
            completionID: id,
            text: DailyMenuVoice.shareLine(
                activity, on: completion.localDay, today: try today(),
                after: shareMood ? completion.afterMood : nil, feedback: shareMood ? completion.feedback : nil))
    }
}
