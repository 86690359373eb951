import Finite
import Foundation
import LifeCore

/// Small builders for the pure Finite tests. Members of an enum rather than
/// free functions, so they cannot clash with helpers in other test files of
/// the target.
enum PureFixture {
    static func date(_ iso: String) -> CivilDate {
        guard let date = CivilDate(iso: iso) else { fatalError("bad test date \(iso)") }
        return date
    }

    static func instant(_ iso: String) -> Date {
        guard let instant = Timestamp.parseISO8601(iso) else { fatalError("bad test instant \(iso)") }
        return instant
    }

    static func zone(_ identifier: String) -> TimeZone {
        guard let zone = TimeZone(identifier: identifier) else { fatalError("unknown zone \(identifier)") }
        return zone
    }

    static func grid(_ birthday: String, _ years: Int = 80) -> LifeGrid {
        LifeGrid(birthday: date(birthday), lifeExpectancyYears: years)
    }

    static func status(_ birthday: String, _ years: Int = 80, today: String) -> LifeStatus {
        guard let status = grid(birthday, years).status(on: date(today)) else {
            fatalError("\(today) is before \(birthday)")
        }
        return status
    }

    static func mark(_ index: Int, _ rating: WeekRating, at instant: String = "2026-01-01T00:00:00Z") -> WeekMark {
        mark(index, rating, at: self.instant(instant))
    }

    static func mark(_ index: Int, _ rating: WeekRating, at when: Date) -> WeekMark {
        WeekMark(
            id: UUID(), weekIndex: index, rating: rating, category: nil, phrase: nil, markedAt: when, updatedAt: when)
    }
}
