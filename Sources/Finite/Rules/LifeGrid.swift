import LifeCore

/// A life as a grid of weeks (SPEC FIN-2, FIN-3): one row per year, 52 weeks
/// per row, rows anchored on birthdays.
///
/// Row `y` starts on the `y`-th birthday; week `k` (0–51) of the row starts
/// `7k` days later; week 51 runs to the day before the next birthday, so it has
/// 8 days (a 365-day row) or 9 (a 366-day row). No day falls outside a week,
/// and decade birthdays always start a row. Week index `i = 52·y + k`.
///
/// Everything is calendar-day arithmetic on `CivilDate` (SPEC CORE-5): a
/// daylight-saving week still has 7 days. The zone only matters for deciding
/// which date "today" is, and that is the caller's job
/// (`CivilDate.of(_:in:)`).
public struct LifeGrid: Sendable, Equatable {
    public let birthday: CivilDate
    public let lifeExpectancyYears: Int

    /// No validation here: the store checks the birthday and the expectancy
    /// (FIN-1) before it builds a grid, and a pure calculation over any values
    /// is handy in tests and previews.
    public init(birthday: CivilDate, lifeExpectancyYears: Int) {
        self.birthday = birthday
        self.lifeExpectancyYears = lifeExpectancyYears
    }

    /// SPEC FIN-2: `52·L` weeks (4,160 for 80 years).
    public var totalWeeks: Int {
        FiniteRules.weeksPerRow * lifeExpectancyYears
    }

    /// The first day of row `year`: the `year`-th birthday.
    ///
    /// SPEC FIN-2: a 29 February birthday is celebrated on 28 February in
    /// common years; `CivilDate.adding(years:)` clamps exactly so.
    public func rowStart(year: Int) -> CivilDate {
        birthday.adding(years: year)
    }

    /// The index of the week holding `date`, or nil before the birthday.
    ///
    /// Unbounded above: a life past the expectancy keeps counting weeks
    /// (FIN-3: "nothing breaks").
    public func weekIndex(containing date: CivilDate) -> Int? {
        guard date >= birthday else { return nil }
        let year = row(containing: date)
        let daysIntoRow = rowStart(year: year).days(until: date)
        // SPEC FIN-2: week 51 absorbs the leftover one or two days of the row.
        let week = min(daysIntoRow / 7, FiniteRules.weeksPerRow - 1)
        return FiniteRules.weeksPerRow * year + week
    }

    /// The dates of week `index`.
    public func weekRange(index: Int) -> WeekRange {
        precondition(index >= 0, "week index \(index) is before the first week")
        let year = index / FiniteRules.weeksPerRow
        let week = index % FiniteRules.weeksPerRow
        let start = rowStart(year: year).adding(days: 7 * week)
        let end: CivilDate
        if week == FiniteRules.weeksPerRow - 1 {
            // SPEC FIN-2: week 51 runs to the day before the next birthday.
            end = rowStart(year: year + 1).adding(days: -1)
        } else {
            end = start.adding(days: 6)
        }
        return WeekRange(index: index, year: year, weekOfYear: week, start: start, end: end)
    }

    /// Where a life stands on `today` (the owner's local date), or nil before birth.
    public func status(on today: CivilDate) -> LifeStatus? {
        guard let index = weekIndex(containing: today) else { return nil }
        return LifeStatus(today: today, lifeExpectancyYears: lifeExpectancyYears, currentWeek: weekRange(index: index))
    }

    /// The row (age in whole years) holding `date`, which is on or after the birthday.
    private func row(containing date: CivilDate) -> Int {
        // This year's birthday falls in `date.year`: the age is the difference
        // of calendar years, or one less while that birthday is still ahead.
        let year = date.year - birthday.year
        return rowStart(year: year) > date ? year - 1 : year
    }
}
