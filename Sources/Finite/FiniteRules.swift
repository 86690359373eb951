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
}
