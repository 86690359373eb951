import LifeCore

/// One week of the grid with its dates (SPEC FIN-2). Made by
/// `LifeGrid.weekRange(index:)`, the one place the week rule lives.
public struct WeekRange: Sendable, Codable, Equatable {
    /// 0-based index `52·year + weekOfYear`.
    public let index: Int
    /// The row, 0-based: the age in whole years during this week.
    public let year: Int
    /// The week of the row, 0…51.
    public let weekOfYear: Int
    public let start: CivilDate
    /// Inclusive.
    public let end: CivilDate

    public init(index: Int, year: Int, weekOfYear: Int, start: CivilDate, end: CivilDate) {
        self.index = index
        self.year = year
        self.weekOfYear = weekOfYear
        self.start = start
        self.end = end
    }

    /// SPEC FIN-2: what people see, "Week i+1".
    public var number: Int { index + 1 }

    /// 7, or 8–9 for week 51 (SPEC FIN-2).
    public var dayCount: Int { start.days(until: end) + 1 }

    /// Whether `date` falls in this week.
    public func contains(_ date: CivilDate) -> Bool {
        start <= date && date <= end
    }

    // The JSON form also carries `number` and `dayCount`, so that a script
    // reading `--json` output does not redo the week rule.
    private enum CodingKeys: String, CodingKey {
        case index, number, year, weekOfYear, start, end, dayCount
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        index = try container.decode(Int.self, forKey: .index)
        year = try container.decode(Int.self, forKey: .year)
        weekOfYear = try container.decode(Int.self, forKey: .weekOfYear)
        start = try container.decode(CivilDate.self, forKey: .start)
        end = try container.decode(CivilDate.self, forKey: .end)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(index, forKey: .index)
        try container.encode(number, forKey: .number)
        try container.encode(year, forKey: .year)
        try container.encode(weekOfYear, forKey: .weekOfYear)
        try container.encode(start, forKey: .start)
        try container.encode(end, forKey: .end)
        try container.encode(dayCount, forKey: .dayCount)
    }
}
