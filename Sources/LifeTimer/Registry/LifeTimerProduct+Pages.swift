import Foundation
import LifeCore
import LifeDB
import LifeKernel

extension LifeTimerProduct {
    /// The owner's account on the page's days: the challenge's day, the
    /// milestones done and due.
    public func timelineSection(_ db: Database, request: TimelineRequest) throws -> (any TimelineSection)? {
        let session = LifeTimerSession(db, clock: .fixed(request.now))
        guard let account = try session.ownerAccount() else { return LifeTimerTimelineSection(part: nil) }
        let accountZone = try session.zone(of: account)
        var dayNumber: Int?
        var daysLeft: Int?
        // LT-4 as of the day asked for: now on today, else the last second
        // of that day; nothing before the countdown began.
        if let countdown = try session.countdown(accountID: account.id) {
            let instant =
                request.focus == request.today
                ? request.now : request.focus.adding(days: 1).startInstant(in: request.zone).addingTimeInterval(-1)
            if instant >= countdown.startedAt {
                let status = CountdownRules.status(
                    startedAt: countdown.startedAt, endsAt: countdown.endsAt, now: instant,
                    in: try session.countdownZone(countdown, accountID: account.id))
                dayNumber = status.dayNumber
                daysLeft = status.remaining.days
            }
        }
        var done: [LifeTimerTimelineSection.Milestone] = []
        var due: [LifeTimerTimelineSection.Milestone] = []
        for goal in try session.goals(accountID: account.id).sorted(by: { $0.number < $1.number }) {
            for milestone in goal.milestones.sorted(by: { $0.position < $1.position }) {
                let completedOn = milestone.completedAt.map { CivilDate.of($0, in: accountZone) }
                let item = LifeTimerTimelineSection.Milestone(
                    goal: goal.title, title: milestone.title, dueDate: milestone.dueDate, completedOn: completedOn)
                if let completedOn, request.span.contains(completedOn) { done.append(item) }
                if completedOn == nil, let dueDate = milestone.dueDate, request.span.contains(dueDate) {
                    due.append(item)
                }
            }
        }
        return LifeTimerTimelineSection(
            part: LifeTimerTimelineSection.Part(
                account: account.username, dayNumber: dayNumber, daysLeft: daysLeft, milestonesDone: done,
                milestonesDue: due))
    }

    /// The owner's account's reminders, milestones, streaks and checkpoints
    /// (LT-7) whose instants fall in the window.
    public func calendarEvents(_ db: Database, window: CalendarWindow) throws -> [CalendarEvent] {
        let session = LifeTimerSession(db, clock: .fixed(window.now))
        guard let account = try session.ownerAccount() else { return [] }
        // The account's schedule is by its own days, the calendar's span by
        // the owner's: ask for the account's days that cover the span (up to
        // a day either side) and keep the instants in it.
        let accountZone = try session.zone(of: account)
        let first = CivilDate.of(window.start, in: accountZone).adding(days: -1)
        let span = min(window.days + 3, LifeTimerSchedule.maximumDays)
        return try session.notifications(for: account, from: first, days: span).compactMap { note in
            guard note.fireAt >= window.start && note.fireAt < window.end else { return nil }
            return CalendarEvent(
                uid:
                    "lifetimer-\(account.id.uuidString.lowercased())-\(note.kind.rawValue)-\(note.localDate.iso)-\(CalendarWindow.tag(note.body))@lifectl",
                start: note.fireAt, summary: "LifeTimer \(note.kind.rawValue)", description: note.body)
        }
    }
}

/// LifeTimer's part of a timeline page (docs/timeline.md), null in JSON
/// when there is no account.
public struct LifeTimerTimelineSection: TimelineSection, Equatable {
    public struct Milestone: Sendable, Encodable, Equatable {
        public let goal: String
        public let title: String
        public let dueDate: CivilDate?
        public let completedOn: CivilDate?
    }

    public struct Part: Sendable, Encodable, Equatable {
        public let account: String
        /// The challenge's day (1 … 1,356) and whole days left on the day asked
        /// for (now, when that is today); nil before the countdown began.
        public let dayNumber: Int?
        public let daysLeft: Int?
        public let milestonesDone: [Milestone]
        public let milestonesDue: [Milestone]
    }

    public let part: Part?

    public var key: String { "lifetimer" }
    public var title: String { "LifeTimer" }

    public var lines: [String] {
        guard let part else { return ["no account"] }
        var lines: [String] = []
        if let dayNumber = part.dayNumber, let left = part.daysLeft {
            lines.append(
                "\(part.account): day \(Format.grouped(dayNumber)) of 1,356, \(Format.count(left, "day", "days")) left")
        } else {
            lines.append("\(part.account): countdown not started")
        }
        for milestone in part.milestonesDone {
            lines.append(
                "done \(milestone.completedOn.map(TimelineText.day) ?? "")  \(TimelineText.oneLine(milestone.title)) (\(TimelineText.oneLine(milestone.goal)))"
            )
        }
        for milestone in part.milestonesDue {
            lines.append(
                "due \(milestone.dueDate.map(TimelineText.day) ?? "")  \(TimelineText.oneLine(milestone.title)) (\(TimelineText.oneLine(milestone.goal)))"
            )
        }
        return lines
    }

    public var row: TimelinePictureRow? {
        var counts: [CivilDate: Int] = [:]
        for milestone in part?.milestonesDone ?? [] {
            if let day = milestone.completedOn { counts[day, default: 0] += 1 }
        }
        return TimelinePictureRow(label: "LifeTimer", color: "#ef6c00", counts: counts)
    }

    public var headline: String? {
        guard let part else { return nil }
        var line = "LifeTimer: \(part.milestonesDone.count) milestones done, \(part.milestonesDue.count) due"
        if let left = part.daysLeft { line += ", \(Format.grouped(left)) days left" }
        return line
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        if let part { try container.encode(part) } else { try container.encodeNil() }
    }
}
