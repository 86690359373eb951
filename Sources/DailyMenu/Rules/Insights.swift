import LifeCore

/// Mood before and after, over time and per category (the insights). A pure
/// function of the history.
public struct Insights: Sendable, Encodable {
    /// Weeks shown over time, the current one last.
    public static let weeks = 26

    public let weeks: [WeekMood]
    public let categories: [CategoryMood]

    public init(history: [Completion], categories: [ActivityCategory], today: CivilDate) {
        let thisMonday = today.adding(days: 1 - today.weekday.rawValue)
        let firstMonday = thisMonday.adding(days: -7 * (Self.weeks - 1))
        var perWeek = Array(repeating: [Completion](), count: Self.weeks)
        for completion in history where completion.localDay >= firstMonday && completion.localDay <= today {
            perWeek[firstMonday.days(until: completion.localDay) / 7].append(completion)
        }
        weeks = perWeek.enumerated().map { index, week in
            let befores = week.compactMap(\.beforeMood).map(\.level)
            let afters = week.compactMap(\.afterMood).map(\.delta)
            return WeekMood(
                weekStart: firstMonday.adding(days: 7 * index), rituals: week.count,
                meanBefore: befores.isEmpty ? nil : Double(befores.reduce(0, +)) / Double(befores.count),
                meanAfter: afters.isEmpty ? nil : Double(afters.reduce(0, +)) / Double(afters.count))
        }
        self.categories = categories.map { category in
            let done = history.filter { $0.category == category.id }
            return CategoryMood(
                category: category.id, name: category.name, rituals: done.count,
                before: BeforeMood.allCases.map { mood in done.filter { $0.beforeMood == mood }.count },
                after: AfterMood.allCases.map { mood in done.filter { $0.afterMood == mood }.count })
        }
    }

    /// Whether any mood was noted at all.
    public var hasMoods: Bool {
        categories.contains { $0.before.reduce(0, +) + $0.after.reduce(0, +) > 0 }
    }
}
