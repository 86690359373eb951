import Foundation
import LifeCore

/// What a product's statistics are asked for (`lifectl stats`, SPEC STAT-1):
/// the window of days, in the owner's zone.
public struct StatisticsRequest: Sendable {
    /// The first day counted; nil for everything the product holds.
    public let since: CivilDate?
    /// The owner's today: the last day counted.
    public let today: CivilDate
    public let now: Date
    /// The owner's zone, which decides the day of an instant.
    public let zone: TimeZone
    /// The owner's units, for distances in words and pictures (JSON keeps metres).
    public let units: Units

    public init(since: CivilDate?, today: CivilDate, now: Date, zone: TimeZone, units: Units) {
        self.since = since
        self.today = today
        self.now = now
        self.zone = zone
        self.units = units
    }

    /// The owner's local day of `instant`.
    public func day(of instant: Date) -> CivilDate { CivilDate.of(instant, in: zone) }

    /// Whether `day` is in the window: from `since` (if any) to today.
    public func contains(_ day: CivilDate) -> Bool {
        day <= today && (since.map { day >= $0 } ?? true)
    }

    /// The window's first day for a product whose own first day is `first`
    /// (nil when it has none): `since` when given, else that day, never
    /// after today.
    public func start(first: CivilDate?) -> CivilDate {
        min(since ?? first ?? today, today)
    }

    /// The Monday of the week (Monday to Sunday) holding `day`.
    public static func monday(of day: CivilDate) -> CivilDate {
        day.adding(days: 1 - day.weekday.rawValue)
    }

    /// The Mondays from the week holding `start` to the one holding today.
    public func mondays(from start: CivilDate) -> [CivilDate] {
        Self.mondays(from: start, through: today)
    }

    /// The Mondays from the week holding `start` to the one holding `last`.
    public static func mondays(from start: CivilDate, through last: CivilDate) -> [CivilDate] {
        var mondays: [CivilDate] = []
        var monday = monday(of: min(start, last))
        while monday <= last {
            mondays.append(monday)
            monday = monday.adding(days: 7)
        }
        return mondays
    }

    /// The first days of the months from the one holding `start` to the one holding today.
    public func months(from start: CivilDate) -> [CivilDate] {
        var months: [CivilDate] = []
        guard var month = CivilDate(year: min(start, today).year, month: min(start, today).month, day: 1) else {
            return []
        }
        while month <= today {
            months.append(month)
            month = month.adding(months: 1)
        }
        return months
    }
}
