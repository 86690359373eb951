import Foundation
import LifeCore

/// The countdown as a picture (LT-4, the seed's world-clock onboarding
/// screen): the 1,356 days as a ring of ticks read clockwise from the top,
/// the elapsed days filled, today in red, and each milestone a dot outside
/// the ring on its day (filled once completed, hollow while open). A pure
/// renderer: values in, SVG text out, byte for byte the same each time.
public struct CountdownPicture: Sendable, Equatable {
    /// A milestone's place on the ring: its day index from the start (0 … 1,355).
    public struct Mark: Sendable, Equatable {
        public let day: Int
        public let completed: Bool

        public init(day: Int, completed: Bool) {
            self.day = day
            self.completed = completed
        }
    }

    public let username: String
    /// Days fully or partly elapsed (0 before the start, 1 on the first day,
    /// 1,356 once finished); nil before the start.
    public let currentDay: Int?
    public let daysLeft: Int
    public let percentElapsed: Double
    public let finished: Bool
    public let marks: [Mark]

    public init(
        username: String, currentDay: Int?, daysLeft: Int, percentElapsed: Double, finished: Bool, marks: [Mark]
    ) {
        self.username = username
        self.currentDay = currentDay
        self.daysLeft = daysLeft
        self.percentElapsed = percentElapsed
        self.finished = finished
        self.marks = marks
    }

    /// The picture of an account's countdown at `now`. Days are local to the
    /// zone the countdown was started in; milestones are placed on the local
    /// day they were completed, else on their due date; those outside the
    /// 1,356 days (or without a date) are left off.
    public init(
        account: LifeTimerAccount, countdown: LifeTimerStore.Countdown?, goals: [Goal], now: Date
    ) throws {
        guard let countdown else {
            self.init(
                username: account.username, currentDay: nil, daysLeft: 1_356, percentElapsed: 0, finished: false,
                marks: [])
            return
        }
        let countdownZone = try TimeZoneSetting.zone(named: countdown.timeZone)
        let status = CountdownRules.status(
            startedAt: countdown.startedAt, endsAt: countdown.endsAt, now: now, in: countdownZone)
        let startDate = CivilDate.of(countdown.startedAt, in: countdownZone)
        var marks: [Mark] = []
        for milestone in goals.flatMap(\.milestones) {
            let date = milestone.completedAt.map { CivilDate.of($0, in: countdownZone) } ?? milestone.dueDate
            guard let date else { continue }
            let day = startDate.days(until: date)
            if (0..<LifeTimerRules.challengeDays).contains(day) {
                marks.append(Mark(day: day, completed: milestone.isCompleted))
            }
        }
        self.init(
            username: account.username, currentDay: status.dayNumber,
            daysLeft: status.finished ? 0 : status.remaining.days, percentElapsed: status.percentElapsed,
            finished: status.finished,
            marks: marks.sorted { ($0.day, $0.completed ? 1 : 0) < ($1.day, $1.completed ? 1 : 0) })
    }

    static let size = 480.0
    static let innerRadius = 170.0
    static let outerRadius = 205.0
    static let markRadius = 218.0
    static let elapsedColor = "#1d3557"
    static let remainingColor = "#d9dde3"
    static let todayColor = "#e63946"
    static let markColor = "#2a9d8f"

    /// The picture, its words in `voice`'s language (LT-9).
    public func svg(voice: LifeTimerVoice = .english) -> String {
        let days = LifeTimerRules.challengeDays
        let center = Self.size / 2
        func point(_ day: Double, _ radius: Double, into out: inout String) {
            let angle = (day / Double(days)) * 2 * Double.pi - Double.pi / 2
            Format.appendFixed(center + radius * cos(angle), decimals: 1, to: &out)
            out += " "
            Format.appendFixed(center + radius * sin(angle), decimals: 1, to: &out)
        }
        func ticks(_ range: Range<Int>) -> String {
            var d = ""
            for day in range {
                d += "M"
                point(Double(day) + 0.5, Self.innerRadius, into: &d)
                d += "L"
                point(Double(day) + 0.5, Self.outerRadius, into: &d)
            }
            return d
        }
        // Before the start nothing is elapsed; on day n, n − 1 days are past
        // and day n is today; once finished all are elapsed.
        let past = finished ? days : max(0, (currentDay ?? 1) - 1)
        let today = finished ? nil : currentDay.map { $0 - 1 }
        var out = """
            <svg xmlns="http://www.w3.org/2000/svg" width="480" height="480" viewBox="0 0 480 480">
            <rect width="480" height="480" fill="#ffffff"/>

            """
        out += "<path d=\"\(ticks(0..<past))\" stroke=\"\(Self.elapsedColor)\" stroke-width=\"0.6\"/>\n"
        let remainingStart = past + (today == nil ? 0 : 1)
        if remainingStart < days {
            out +=
                "<path d=\"\(ticks(remainingStart..<days))\" stroke=\"\(Self.remainingColor)\" stroke-width=\"0.6\"/>\n"
        }
        if let today, currentDay != nil {
            out += "<path d=\"\(ticks(today..<(today + 1)))\" stroke=\"\(Self.todayColor)\" stroke-width=\"2\"/>\n"
        }
        for mark in marks {
            var c = ""
            point(Double(mark.day) + 0.5, Self.markRadius, into: &c)
            let xy = c.split(separator: " ")
            let fill = mark.completed ? Self.markColor : "#ffffff"
            out +=
                "<circle cx=\"\(xy[0])\" cy=\"\(xy[1])\" r=\"4\" fill=\"\(fill)\" stroke=\"\(Self.markColor)\" stroke-width=\"1.5\"/>\n"
        }
        let big =
            currentDay == nil
            ? voice.number(days) : finished ? voice.say(.pictureDone) : voice.number(daysLeft)
        let small =
            currentDay == nil
            ? voice.say(.pictureNotStarted)
            : finished ? voice.say(.pictureCompleted) : voice.say(.pictureDaysLeft, count: daysLeft)
        out += """
            <text x="240" y="236" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="56" font-weight="bold" fill="\(Self.elapsedColor)">\(big)</text>
            <text x="240" y="266" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="18" fill="#555555">\(small)</text>
            <text x="240" y="292" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="14" fill="#555555">\(voice.say(.pictureElapsed, ["value": voice.fixed(percentElapsed, decimals: 1)]))</text>
            <text x="240" y="190" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="14" fill="#555555">\(Markup.escaped(username))</text>
            </svg>

            """
        return out
    }
}
