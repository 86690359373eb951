import Foundation
import LifeCore

/// LT-7: the notification schedule for a range of local dates.
///
/// - Reminders, at the reminder time, on the start's local date and every
///   interval (1, 7 or N days) after it, up to the end.
/// - Each milestone not completed, at the reminder time on its due date,
///   and (LT-10) N days before it when the preferences ask for it, unless
///   the milestone was made after that instant.
/// - Streaks (LT-10): on each active day that makes a run of 3 or more
///   consecutive active days, at the instant that day's first progress was
///   recorded: the progress that earns it, never before. A day recorded
///   before the instants were kept (migration 0018) is dated at the last
///   minute of that local day, which is never before its progress either.
/// - Checkpoints: the instants at which 50 % and 25 % of the challenge
///   remain (real time), and the last day: one calendar day before the end
///   at the end's wall-clock time.
/// A muted category is left out. Before the start only milestones and
/// streaks exist.
public enum LifeTimerSchedule {
    public struct Input: Sendable {
        public var startedAt: Date?
        public var endsAt: Date?
        public var zone: TimeZone
        public var preferences: LifeTimerNotificationPreferences
        /// Milestones not completed that have a due date, and when each was made.
        public var dueMilestones: [DueMilestone]
        /// The active days, each with the instant its first progress was
        /// recorded (nil when unknown: a day from before migration 0018).
        public var activeDays: [ActiveDay]
        /// The words of the bodies (LT-9: the account's language); the
        /// instants do not depend on it.
        public var voice: LifeTimerVoice

        public init(
            startedAt: Date?, endsAt: Date?, zone: TimeZone, preferences: LifeTimerNotificationPreferences,
            dueMilestones: [DueMilestone], activeDays: [ActiveDay], voice: LifeTimerVoice = .english
        ) {
            self.startedAt = startedAt
            self.endsAt = endsAt
            self.zone = zone
            self.preferences = preferences
            self.dueMilestones = dueMilestones
            self.activeDays = activeDays
            self.voice = voice
        }
    }

    public struct DueMilestone: Sendable {
        public let title: String
        public let due: CivilDate
        /// Nil when unknown (then no advance notice is left out for coming before it).
        public let createdAt: Date?

        public init(title: String, due: CivilDate, createdAt: Date? = nil) {
            self.title = title
            self.due = due
            self.createdAt = createdAt
        }
    }

    public struct ActiveDay: Sendable {
        public let day: CivilDate
        public let recordedAt: Date?

        public init(day: CivilDate, recordedAt: Date?) {
            self.day = day
            self.recordedAt = recordedAt
        }
    }

    /// The longest range computed, in days.
    public static let maximumDays = 1_500

    /// The notifications whose local date is in `from ..< from + days`,
    /// sorted by instant, then kind (reminder, milestone, streak, checkpoint),
    /// then body.
    public static func compute(_ input: Input, from: CivilDate, days: Int) -> [LifeTimerNotification] {
        let days = min(max(days, 0), maximumDays)
        guard days > 0 else { return [] }
        let end = from.adding(days: days)
        let zone = input.zone
        let voice = input.voice
        let muted = input.preferences.muted
        var out: [LifeTimerNotification] = []

        func add(_ kind: LifeTimerNotification.Kind, _ instant: Date, _ body: String) {
            let date = CivilDate.of(instant, in: zone)
            if from <= date && date < end {
                out.append(LifeTimerNotification(kind: kind, fireAt: instant, localDate: date, body: body))
            }
        }
        func atReminderTime(_ date: CivilDate) -> Date { date.instant(at: input.preferences.time, in: zone) }

        if let startedAt = input.startedAt, let endsAt = input.endsAt {
            let startDate = CivilDate.of(startedAt, in: zone)
            let endDate = CivilDate.of(endsAt, in: zone)
            if !muted.contains(.reminders) {
                let interval = max(1, input.preferences.intervalDays)
                let offset = max(0, startDate.days(until: from))
                var index = (offset + interval - 1) / interval * interval
                while true {
                    let date = startDate.adding(days: index)
                    if date >= end || date > endDate { break }
                    let instant = atReminderTime(date)
                    if instant >= startedAt && instant < endsAt {
                        let left = CountdownRules.status(startedAt: startedAt, endsAt: endsAt, now: instant, in: zone)
                        add(.reminder, instant, voice.say(.notifyReminder, count: left.remaining.days))
                    }
                    index += interval
                }
            }
            if !muted.contains(.checkpoints) {
                let total = endsAt.timeIntervalSince(startedAt)
                for remaining in LifeTimerRules.checkpointsRemaining {
                    let instant = startedAt.addingTimeInterval(total * (1 - remaining))
                    add(
                        .checkpoint, instant,
                        voice.say(.notifyCheckpoint, ["percent": String(Int((remaining * 100).rounded()))]))
                }
                add(
                    .checkpoint, CountdownRules.sameWallClock(as: endsAt, daysLater: -1, in: zone),
                    voice.say(.notifyLastDay))
            }
        }
        if !muted.contains(.milestones) {
            let advance = input.preferences.advanceDays
            for milestone in input.dueMilestones {
                add(
                    .milestone, atReminderTime(milestone.due),
                    voice.say(.notifyMilestoneToday, ["title": milestone.title]))
                guard advance > 0 else { continue }
                let instant = atReminderTime(milestone.due.adding(days: -advance))
                // A notice before the milestone existed would announce nothing anyone wrote yet.
                if let created = milestone.createdAt, instant < created { continue }
                add(
                    .milestone, instant,
                    voice.say(
                        .notifyMilestoneAhead, count: advance,
                        ["date": voice.date(milestone.due), "title": milestone.title]))
            }
        }
        if !muted.contains(.streaks) {
            var recorded: [CivilDate: Date] = [:]
            for active in input.activeDays {
                if let at = active.recordedAt { recorded[active.day] = min(at, recorded[active.day] ?? at) }
            }
            for run in Streaks.runs(input.activeDays.map(\.day))
            where run.length >= LifeTimerRules.streakNotificationDays {
                for length in LifeTimerRules.streakNotificationDays...run.length {
                    let day = run.start.adding(days: length - 1)
                    let instant = recorded[day] ?? day.adding(days: 1).startInstant(in: zone).addingTimeInterval(-60)
                    add(.streak, instant, voice.say(.notifyStreak, count: length))
                }
            }
        }
        let order: [LifeTimerNotification.Kind: Int] = [.reminder: 0, .milestone: 1, .streak: 2, .checkpoint: 3]
        return out.sorted {
            if $0.fireAt != $1.fireAt { return $0.fireAt < $1.fireAt }
            if $0.kind != $1.kind { return order[$0.kind, default: 0] < order[$1.kind, default: 0] }
            return $0.body < $1.body
        }
    }
}
