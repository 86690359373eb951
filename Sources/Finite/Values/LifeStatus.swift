import LifeCore

/// Where a life stands on one day (SPEC FIN-3). Made by `LifeGrid.status(on:)`.
///
/// Lived + 1 (the current week) + remaining = `52·L` while the life is within
/// its expectancy; past it, remaining stays 0 and the weeks beyond are counted.
public struct LifeStatus: Sendable, Codable, Equatable {
    /// The owner's local date the status is for.
    public let today: CivilDate
    public let lifeExpectancyYears: Int
    /// `52·L`.
    public let totalWeeks: Int
    /// The week holding `today`.
    public let currentWeek: WeekRange
    /// SPEC FIN-3: the completed weeks before the current one, = its index.
    public let weeksLived: Int
    /// SPEC FIN-3: `max(0, 52·L − current week number)`, as in the seed.
    public let weeksRemaining: Int
    /// SPEC FIN-3: past the expectancy, how many weeks beyond it (the current
    /// one included); 0 within it.
    public let weeksBeyondExpectancy: Int
    /// `weeksLived / totalWeeks × 100`, capped at 100.
    public let percentLived: Double
    /// Age in whole years: the row of the current week.
    public let ageYears: Int
    /// Whole weeks since the last birthday: the week of the row, 0…51.
    public let ageWeeks: Int

    public init(today: CivilDate, lifeExpectancyYears: Int, currentWeek: WeekRange) {
        let total = FiniteRules.weeksPerRow * lifeExpectancyYears
        self.today = today
        self.lifeExpectancyYears = lifeExpectancyYears
        self.totalWeeks = total
        self.currentWeek = currentWeek
        self.weeksLived = currentWeek.index
        self.weeksRemaining = max(0, total - currentWeek.number)
        self.weeksBeyondExpectancy = max(0, currentWeek.number - total)
        // An expectancy of 0 years never passes the store's checks; count such
        // a life as fully lived rather than divide by zero.
        self.percentLived = total > 0 ? min(100, Double(currentWeek.index) / Double(total) * 100) : 100
        self.ageYears = currentWeek.year
        self.ageWeeks = currentWeek.weekOfYear
    }

    /// SPEC FIN-3: the current week as people count it, index + 1.
    public var currentWeekNumber: Int { currentWeek.number }

    /// Whether today is past the last week of the expectancy.
    public var isBeyondExpectancy: Bool { weeksBeyondExpectancy > 0 }

    // The JSON form also carries `currentWeekNumber`, the number people see.
    private enum CodingKeys: String, CodingKey {
        case today, lifeExpectancyYears, totalWeeks, currentWeek, currentWeekNumber, weeksLived, weeksRemaining
        case weeksBeyondExpectancy, percentLived, ageYears, ageWeeks
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        today = try container.decode(CivilDate.self, forKey: .today)
        lifeExpectancyYears = try container.decode(Int.self, forKey: .lifeExpectancyYears)
        totalWeeks = try container.decode(Int.self, forKey: .totalWeeks)
        currentWeek = try container.decode(WeekRange.self, forKey: .currentWeek)
        weeksLived = try container.decode(Int.self, forKey: .weeksLived)
        weeksRemaining = try container.decode(Int.self, forKey: .weeksRemaining)
        weeksBeyondExpectancy = try container.decode(Int.self, forKey: .weeksBeyondExpectancy)
        percentLived = try container.decode(Double.self, forKey: .percentLived)
        ageYears = try container.decode(Int.self, forKey: .ageYears)
        ageWeeks = try container.decode(Int.self, forKey: .ageWeeks)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(today, forKey: .today)
        try container.encode(lifeExpectancyYears, forKey: .lifeExpectancyYears)
        try container.encode(totalWeeks, forKey: .totalWeeks)
        try container.encode(currentWeek, forKey: .currentWeek)
        try container.encode(currentWeekNumber, forKey: .currentWeekNumber)
        try container.encode(weeksLived, forKey: .weeksLived)
        try container.encode(weeksRemaining, forKey: .weeksRemaining)
        try container.encode(weeksBeyondExpectancy, forKey: .weeksBeyondExpectancy)
        try container.encode(percentLived, forKey: .percentLived)
        try container.encode(ageYears, forKey: .ageYears)
        try container.encode(ageWeeks, forKey: .ageWeeks)
    }
}
