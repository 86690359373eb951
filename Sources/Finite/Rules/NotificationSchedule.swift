import Foundation
import LifeCore

/// The notification schedule (SPEC FIN-7): what would be sent for a range of
/// the owner's local dates, computed and never sent.
///
/// - The daily number, when enabled: at the daily time on every date, the
///   weeks remaining on that date, grouped ("2,260"), and nothing else.
/// - Milestones, which cannot be turned off, at the daily time on their date:
///   every decade birthday and the halfway week.
/// - Streak milestones at the instant a run of consecutively marked weeks
///   first reached 4, 12, 26 or 52 weeks.
public enum NotificationSchedule {
    /// The longest range computed: 100 years of days. A longer one is cut to
    /// it, so no `days` can overflow the date arithmetic; a caller that takes
    /// the number from a person should refuse more with a clear error.
    public static let maximumDays = 36_525

    /// The notifications whose local date is in `from ..< from + days`, sorted
    /// by `fireAt`, then by kind (daily, decade, halfway, streak), then by the
    /// milestone's number.
    public static func compute(
        grid: LifeGrid, from: CivilDate, days: Int, timeZone: TimeZone, preferences: NotificationPreferences,
        marks: [WeekMark]
    ) -> [FiniteNotification] {
        guard days > 0 else { return [] }
        let days = min(days, maximumDays)
        let end = from.adding(days: days)  // exclusive
        var items: [Item] = []

        func onDate(_ date: CivilDate, _ kind: FiniteNotification.Kind, rank: Int, _ body: String) -> Item {
            // CORE-5: "08:00 local" is a wall-clock time; `instant(at:in:)`
            // moves a time that a daylight-saving change skips past the gap.
            let fireAt = date.instant(at: preferences.dailyTime, in: timeZone)
            let notification = FiniteNotification(
                kind: kind, fireAt: fireAt, localDate: CivilDate.of(fireAt, in: timeZone), body: body)
            return Item(notification: notification, rank: rank)
        }

        if preferences.dailyEnabled {
            for offset in 0..<days {
                let date = from.adding(days: offset)
                // Before birth there is no current week and nothing to count down.
                guard let status = grid.status(on: date) else { continue }
                // SPEC FIN-7: the body is only the number, with grouping; past
                // the expectancy it reads "0".
                items.append(onDate(date, .daily, rank: 0, Format.grouped(status.weeksRemaining)))
            }
        }

        // SPEC FIN-7: decade birthdays; the number is the week index at that
        // birthday, 52 × the age (a decade birthday always starts a row, FIN-2).
        var decade = 10
        while grid.birthday.year + decade <= end.year {
            let date = grid.rowStart(year: decade)
            if from <= date && date < end {
                let weeks = FiniteRules.weeksPerRow * decade
                items.append(
                    onDate(
                        date, .decade, rank: decade, "You've now lived \(decade) years. \(Format.grouped(weeks)) weeks."
                    ))
            }
            decade += 10
        }

        // SPEC FIN-7: the halfway week is week index 52·L / 2 (integer
        // division), noted on its first day.
        if grid.totalWeeks > 0 {
            let half = grid.totalWeeks / 2
            let date = grid.weekRange(index: half).start
            if from <= date && date < end {
                items.append(
                    onDate(
                        date, .halfway, rank: half,
                        "You've now lived half of your \(grid.lifeExpectancyYears) years. \(Format.grouped(half)) weeks."
                    ))
            }
        }

        for (threshold, instant) in streakMilestones(marks: marks) {
            let date = CivilDate.of(instant, in: timeZone)
            guard from <= date && date < end else { continue }
            let notification = FiniteNotification(
                kind: .streak, fireAt: instant, localDate: date,
                body: "You've marked \(Format.grouped(threshold)) weeks in a row.")
            items.append(Item(notification: notification, rank: threshold))
        }

        items.sort()
        var result: [FiniteNotification] = []
        for item in items where result.last != item.notification {
            // Two runs that reach the same length at the same instant (a bulk
            // import) would say the same thing twice; say it once.
            result.append(item.notification)
        }
        return result
    }

    /// Every streak milestone reached by the marks: for each run of
    /// consecutive marked week indexes and each threshold `n` it reaches, the
    /// instant the run first held `n` consecutive marked weeks.
    ///
    /// Weeks may be marked in any order (backfilling, FIN-4), so that instant
    /// is not the last week's mark: it is the earliest moment any window of
    /// `n` consecutive weeks inside the run was complete, which is the minimum
    /// over the windows of the latest `markedAt` in each.
    static func streakMilestones(marks: [WeekMark]) -> [(threshold: Int, instant: Date)] {
        var firstMarked: [Int: Date] = [:]
        for mark in marks where mark.weekIndex >= 0 {
            // One mark per week is stored; if a caller passes two, the earlier counts.
            if let seen = firstMarked[mark.weekIndex], seen <= mark.markedAt { continue }
            firstMarked[mark.weekIndex] = mark.markedAt
        }
        var runs: [[Date]] = []
        var previous: Int?
        for index in firstMarked.keys.sorted() {
            let instant = firstMarked[index] ?? .distantPast
            if let previous, previous + 1 == index, !runs.isEmpty {
                runs[runs.count - 1].append(instant)
            } else {
                runs.append([instant])
            }
            previous = index
        }
        var milestones: [(threshold: Int, instant: Date)] = []
        for run in runs {
            for threshold in FiniteRules.streakMilestones where run.count >= threshold {
                var earliest = Date.distantFuture
                for start in 0...(run.count - threshold) {
                    let completed = run[start..<(start + threshold)].max() ?? .distantFuture
                    earliest = min(earliest, completed)
                }
                milestones.append((threshold, earliest))
            }
        }
        return milestones
    }

    /// A notification with the number that orders it among same-instant,
    /// same-kind ones (the decade, the streak length).
    private struct Item: Comparable {
        let notification: FiniteNotification
        let rank: Int

        private var kindOrder: Int {
            FiniteNotification.Kind.allCases.firstIndex(of: notification.kind) ?? 0
        }

        static func < (lhs: Item, rhs: Item) -> Bool {
            (lhs.notification.fireAt, lhs.kindOrder, lhs.rank, lhs.notification.body)
                < (rhs.notification.fireAt, rhs.kindOrder, rhs.rank, rhs.notification.body)
        }

        static func == (lhs: Item, rhs: Item) -> Bool {
            lhs.notification == rhs.notification && lhs.rank == rhs.rank
        }
    }
}
