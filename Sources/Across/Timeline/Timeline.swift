import DailyMenu
import Finite
import Foundation
import Hereafter
import LifeCore
import LifeTimer
import Walks

/// One page of what a span of days held across the five products, in the
/// owner's zone (issue 13): built by `Timeline.init` from values the stores
/// hand out, with no I/O, so that every rule of what shows is tested apart.
///
/// Privacy: a Hereafter message appears by place and dates; its words only
/// when the store gave them (`MessageContent.readable`, discovered
/// messages), so a locked word cannot reach this value.
public struct Timeline: Sendable, Encodable, Equatable {
    public struct FiniteWeek: Sendable, Encodable, Equatable {
        public let weekNumber: Int
        public let start: CivilDate
        public let end: CivilDate
        public let rating: Int?
        public let ratingLabel: String?
        public let phrase: String?
        public let weeksRemaining: Int
    }

    public struct Walk: Sendable, Encodable, Equatable {
        public let id: String
        public let name: String
        public let day: CivilDate
        public let distanceMeters: Double
        public let movingSeconds: Double?
    }

    public struct Note: Sendable, Encodable, Equatable {
        public let id: String
        public let place: String
        public let plantedOn: CivilDate
        public let unlockDate: CivilDate?
        /// The words of a discovered note only.
        public let text: String?
    }

    public struct HereafterPart: Sendable, Encodable, Equatable {
        public let planted: [Note]
        /// Still locked, opening within the span or the week after it: never their words.
        public let unlockingSoon: [Note]
        public let discovered: [Note]
    }

    public struct Milestone: Sendable, Encodable, Equatable {
        public let goal: String
        public let title: String
        public let dueDate: CivilDate?
        public let completedOn: CivilDate?
    }

    public struct LifeTimerPart: Sendable, Encodable, Equatable {
        public let account: String
        /// The challenge's day (1 … 1,356) and whole days left on the day asked
        /// for (now, when that is today); nil before the countdown began.
        public let dayNumber: Int?
        public let daysLeft: Int?
        public let milestonesDone: [Milestone]
        public let milestonesDue: [Milestone]
    }

    public struct Ritual: Sendable, Encodable, Equatable {
        public let day: CivilDate
        public let time: String
        public let activity: String
        public let beforeMood: String?
        public let afterMood: String?
        public let feedback: String?
    }

    public struct DailyMenuPart: Sendable, Encodable, Equatable {
        public let rituals: [Ritual]
        /// Warmth (0 … 1) on the span's last day, and its word.
        public let warmth: Double
        public let warmthLevel: String
    }

    public let from: CivilDate
    public let through: CivilDate
    public let timeZone: String
    public let finite: FiniteWeek?
    public let walks: [Walk]
    public let hereafter: HereafterPart
    public let lifeTimer: LifeTimerPart?
    public let dailyMenu: DailyMenuPart

    /// What the stores handed out, untouched.
    public struct Sources: Sendable {
        public var zone: TimeZone
        public var zoneName: String
        public var grid: LifeGrid?
        public var marks: [WeekMark] = []
        public var walks: [WalkSummary] = []
        public var messages: [HereafterMessage] = []
        public var account: LifeTimerAccount?
        public var accountZone: TimeZone?
        public var countdown: CountdownStatus?
        public var goals: [Goal] = []
        public var completions: [Completion] = []
        public var activityTitles: [String: String] = [:]

        public init(zone: TimeZone, zoneName: String) {
            self.zone = zone
            self.zoneName = zoneName
        }
    }

    /// The week `Monday … Sunday` holding `date`.
    public static func week(containing date: CivilDate) -> ClosedRange<CivilDate> {
        let monday = date.adding(days: 1 - date.weekday.rawValue)
        return monday...monday.adding(days: 6)
    }

    /// How many days after the span a locked note still counts as "unlocking soon".
    public static let unlockingSoonDays = 7

    /// The page for `span`; Finite's week is the life week holding `focus`
    /// (the day asked for), which may begin before or end after the span.
    public init(span: ClosedRange<CivilDate>, focus: CivilDate, _ sources: Sources) {
        from = span.lowerBound
        through = span.upperBound
        timeZone = sources.zoneName
        let zone = sources.zone
        func local(_ instant: Date) -> CivilDate { CivilDate.of(instant, in: zone) }

        // Finite: the life week holding the focus day.
        if let grid = sources.grid, let index = grid.weekIndex(containing: focus),
            let status = grid.status(on: focus)
        {
            let range = grid.weekRange(index: index)
            let mark = sources.marks.first { $0.weekIndex == index }
            finite = FiniteWeek(
                weekNumber: range.number, start: range.start, end: range.end, rating: mark?.rating.rawValue,
                ratingLabel: mark?.rating.label, phrase: mark?.phrase, weeksRemaining: status.weeksRemaining)
        } else {
            finite = nil
        }

        walks = sources.walks.filter { $0.state == .finished && span.contains(local($0.date)) }
            .sorted { ($0.date, $0.id) < ($1.date, $1.id) }
            .map {
                Walk(
                    id: $0.id, name: $0.displayName, day: local($0.date), distanceMeters: $0.distanceMeters,
                    movingSeconds: $0.movingSeconds)
            }

        func note(_ message: HereafterMessage) -> Note {
            Note(
                id: message.id.uuidString.lowercased(), place: message.placeLabel, plantedOn: message.plantedOn,
                unlockDate: message.unlockDate, text: message.content.text)
        }
        let messages = sources.messages.sorted { ($0.createdAt, $0.id.uuidString) < ($1.createdAt, $1.id.uuidString) }
        let soonEnd = span.upperBound.adding(days: Self.unlockingSoonDays)
        hereafter = HereafterPart(
            // Replies too: a reply is a note written in the span (a locked
            // one would otherwise show nowhere on the page).
            planted: messages.filter { span.contains($0.plantedOn) }.map(note),
            // In the order they open.
            unlockingSoon: messages.filter { message in
                guard message.content.isLocked, let unlock = message.unlockDate else { return false }
                return span.lowerBound <= unlock && unlock <= soonEnd
            }.sorted {
                ($0.unlockAt ?? .distantFuture, $0.createdAt, $0.id.uuidString)
                    < ($1.unlockAt ?? .distantFuture, $1.createdAt, $1.id.uuidString)
            }.map(note),
            discovered: messages.filter { message in
                guard let discovered = message.discoveredAt else { return false }
                return span.contains(local(discovered))
            }.map(note))

        if let account = sources.account {
            let accountZone = sources.accountZone ?? zone
            var done: [Milestone] = []
            var due: [Milestone] = []
            for goal in sources.goals.sorted(by: { $0.number < $1.number }) {
                for milestone in goal.milestones.sorted(by: { $0.position < $1.position }) {
                    let completedOn = milestone.completedAt.map { CivilDate.of($0, in: accountZone) }
                    let item = Milestone(
                        goal: goal.title, title: milestone.title, dueDate: milestone.dueDate, completedOn: completedOn)
                    if let completedOn, span.contains(completedOn) { done.append(item) }
                    if completedOn == nil, let dueDate = milestone.dueDate, span.contains(dueDate) { due.append(item) }
                }
            }
            lifeTimer = LifeTimerPart(
                account: account.username, dayNumber: sources.countdown?.dayNumber,
                daysLeft: sources.countdown?.remaining.days, milestonesDone: done, milestonesDue: due)
        } else {
            lifeTimer = nil
        }

        let rituals = sources.completions.filter { span.contains($0.localDay) }
            .sorted { ($0.localDay, $0.localTime.description) < ($1.localDay, $1.localTime.description) }
            .map {
                Ritual(
                    day: $0.localDay, time: $0.localTime.description,
                    activity: sources.activityTitles[$0.activityID] ?? $0.activityID,
                    beforeMood: $0.beforeMood?.rawValue, afterMood: $0.afterMood?.rawValue,
                    feedback: $0.feedback?.rawValue)
            }
        let activeDays = Set(sources.completions.map(\.localDay).filter { $0 <= span.upperBound })
        let warmth = Warmth.value(activeDays: activeDays, through: span.upperBound)
        dailyMenu = DailyMenuPart(rituals: rituals, warmth: warmth, warmthLevel: WarmthLevel.of(warmth).rawValue)
    }
}
