import LifeCore

/// A month of the calendar (DM-8): every day with its mark, built from the
/// month's completions alone.
public struct CalendarMonth: Sendable, Encodable {
    public let year: Int
    public let month: Int
    public let days: [CalendarDay]
    public let today: CivilDate
    public let theme: ColourTheme?
    /// Which rituals it shows (DM-11); `.none` for all.
    public let filter: CalendarFilter
    /// The filter in words ("Only Breathe rituals that lifted your mood."), nil without one.
    public let filterLine: String?

    /// The month of `completions`, only those `filter` admits counted;
    /// `categoryName` is the filter's category as people read it.
    public init(
        year: Int, month: Int, completions: [Completion], today: CivilDate, theme: ColourTheme?,
        filter: CalendarFilter = .none, categoryName: String? = nil
    ) {
        self.year = year
        self.month = month
        self.today = today
        self.theme = theme
        self.filter = filter
        filterLine =
            filter.isEmpty
            ? nil
            : DailyMenuVoice.calendarFilter(
                category: categoryName ?? filter.category, moodLifted: filter.moodLifted, feedback: filter.feedback)
        var counts: [CivilDate: (Int, Int)] = [:]
        for completion in completions where filter.admits(completion) {
            let (count, lifted) = counts[completion.localDay] ?? (0, 0)
            counts[completion.localDay] = (count + 1, lifted + (completion.moodImproved ? 1 : 0))
        }
        let length = CivilDate.daysInMonth(year: year, month: month)
        days = (1...length).compactMap { CivilDate(year: year, month: month, day: $0) }.map { date in
            let (count, lifted) = counts[date] ?? (0, 0)
            return CalendarDay(
                date: date, rituals: count, moodLifted: lifted, mark: CalendarMark.of(count: count, lifted: lifted))
        }
    }

    /// "November 2026".
    public var title: String {
        let names = [
            "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
            "November", "December",
        ]
        return "\(names[(month - 1) % 12]) \(year)"
    }

    /// `2026-11`.
    public var iso: String {
        (year < 1000 ? String(repeating: "0", count: 4 - String(year).count) : "") + "\(year)-"
            + (month < 10 ? "0" : "") + "\(month)"
    }

    /// Parses `YYYY-MM`; nil for anything else (2026-13).
    public static func parseMonth(_ text: String) -> (year: Int, month: Int)? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 4, parts[1].count == 2,
            parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            let year = Int(parts[0]), let month = Int(parts[1]), (1...12).contains(month),
            CivilDate.yearRange.contains(year)
        else { return nil }
        return (year, month)
    }

    enum CodingKeys: String, CodingKey { case month, title, days, theme, filter }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(iso, forKey: .month)
        try container.encode(title, forKey: .title)
        try container.encode(days, forKey: .days)
        try container.encodeIfPresent(theme, forKey: .theme)
        if !filter.isEmpty { try container.encode(filter, forKey: .filter) }
    }
}
