import LifeCore

/// The product decisions of Finite in one place (SPEC FIN-1 … FIN-9), so that
/// the store, the calculations, the CLI and `docs/` read the same numbers.
public enum FiniteRules {
    /// SPEC FIN-2: one row per year of life, 52 weeks per row.
    public static let weeksPerRow = 52

    /// SPEC FIN-1: life expectancy is a whole number of years, 1–120.
    public static let lifeExpectancyRange = 1...120

    /// SPEC FIN-1: the expectancy a person gets unless they change it.
    public static let defaultLifeExpectancy = 80

    /// SPEC FIN-1: a birthday is in the past and not more than 150 years ago.
    public static let maximumAgeYears = 150

    /// SPEC FIN-4: a phrase holds at most 140 characters, counted as grapheme
    /// clusters after trimming (CORE-9).
    public static let phraseLimit = 140

    /// SPEC FIN-7: streaks of consecutively marked weeks are milestones at these lengths.
    public static let streakMilestones = [4, 12, 26, 52]

    /// SPEC FIN-5: the daily notification comes at 08:00 local unless the person moves it.
    // The literal is a valid time, so the fallback is never taken; it only
    // avoids a force unwrap (STYLE: none outside tests).
    public static let defaultNotificationTime: LocalTime = LocalTime(hour: 8, minute: 0) ?? .midnight

    /// The largest week index any row may hold: 52 weeks for each of the
    /// years 1–9999, the dates lifectl works with. A stored index beyond it
    /// is not a week (and would overflow the arithmetic of dates).
    public static let largestWeekIndex = 52 * 10_000

    /// SPEC FIN-11: a phase's name holds at most 40 characters (grapheme
    /// clusters after trimming), on one line: it labels the poster's legend.
    public static let phaseNameLimit = 40

    /// SPEC FIN-11: phases may overlap, but no week belongs to more than 3:
    /// the poster draws each phase as a band beside the grid, and three
    /// bands side by side are what stays readable.
    public static let phasesPerWeek = 3

    /// SPEC FIN-11: at most 50 phases: chapters of one life, and the
    /// terminal names each by a letter (A–Z, a–z).
    public static let phaseLimit = 50

    // MARK: The rules a command and an import both apply

    /// FIN-4: a rating is a whole number 1 (Awful) … 5 (Great).
    public static func rating(_ value: Int) throws -> WeekRating {
        guard let rating = WeekRating(rawValue: value) else {
            throw LifeError.invalid(
                field: "rating", "rating is \(value); it must be a whole number from 1 (Awful) to 5 (Great)")
        }
        return rating
    }

    /// FIN-4: one of the six categories, any case, trimmed.
    public static func category(_ text: String) throws -> WeekCategory {
        let key = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard let category = WeekCategory(rawValue: key) else {
            throw LifeError.invalid(
                field: "category",
                "category is '\(TerminalText.echoed(text))'; it must be one of \(WeekCategory.allCases.map(\.rawValue).joined(separator: ", "))"
            )
        }
        return category
    }

    /// FIN-1: a whole number of years, 1–120.
    public static func checkLifeExpectancy(_ years: Int) throws {
        guard lifeExpectancyRange.contains(years) else {
            throw LifeError.invalid(
                field: "life expectancy",
                "life expectancy is \(years); it must be a whole number of years from \(lifeExpectancyRange.lowerBound) to \(lifeExpectancyRange.upperBound)"
            )
        }
    }

    /// FIN-1: a birthday in the past and not more than 150 years ago.
    public static func checkBirthday(_ birthday: CivilDate, today: CivilDate) throws {
        guard birthday < today else {
            throw LifeError.invalid(
                field: "birthday", "birthday is \(birthday.iso); it must be in the past (today is \(today.iso))")
        }
        let oldest = today.adding(years: -maximumAgeYears)
        guard birthday >= oldest else {
            throw LifeError.invalid(
                field: "birthday",
                "birthday is \(birthday.iso); it must be no more than \(maximumAgeYears) years ago (\(oldest.iso) or later)"
            )
        }
    }

    /// The number of weeks a grid reaches: 150 years of rows (FIN-1's oldest
    /// birthday), or further for a life already past that.
    public static func gridEnd(_ status: LifeStatus) -> Int {
        max(maximumAgeYears, status.currentWeek.year + 1) * weeksPerRow
    }

    /// FIN-4: a week that may hold a mark: from the first to the current
    /// one (a future week is refused), inside the grid.
    public static func checkMarkable(weekIndex: Int, status: LifeStatus, grid: LifeGrid) throws {
        guard weekIndex >= 0 else {
            throw LifeError.invalid(field: "week", "week is \(weekIndex + 1); weeks are numbered from 1")
        }
        let lastWeek = gridEnd(status)
        guard weekIndex < lastWeek else {
            throw LifeError.invalid(
                field: "week",
                "week is \(Format.grouped(weekIndex + 1)); the grid ends at week \(Format.grouped(lastWeek))")
        }
        if weekIndex > status.currentWeek.index {
            let range = grid.weekRange(index: weekIndex)
            throw LifeError.invalid(
                field: "week",
                "week \(Format.grouped(weekIndex + 1)) is in the future (it starts \(range.start.iso)); only weeks up to the current one, week \(Format.grouped(status.currentWeekNumber)), can be marked"
            )
        }
    }
}
