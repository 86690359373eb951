import Foundation
import LifeCore
import LifeTimer
import Testing

/// LT-4: the countdown at the instants that matter, worked out by hand.
@Suite struct CountdownRulesTests {
    struct Case: Sendable, CustomStringConvertible {
        let name: String
        let zone: String
        let start: String
        let end: String
        let now: String
        let remaining: (Int, Int, Int, Int)
        let percent: Double
        let finished: Bool
        let day: Int
        var description: String { name }
    }

    static let cases: [Case] = [
        // UTC: 1,356 days of 86,400 s from 2026-11-22 12:00.
        Case(
            name: "at the start", zone: "UTC", start: "2026-11-22T12:00:00Z", end: "2030-08-09T12:00:00Z",
            now: "2026-11-22T12:00:00Z", remaining: (1_356, 0, 0, 0), percent: 0, finished: false, day: 1),
        // Half of 117,158,400 s is 678 days: 2028-09-30 12:00.
        Case(
            name: "at 50 %", zone: "UTC", start: "2026-11-22T12:00:00Z", end: "2030-08-09T12:00:00Z",
            now: "2028-09-30T12:00:00Z", remaining: (678, 0, 0, 0), percent: 50, finished: false, day: 679),
        Case(
            name: "one second before the end", zone: "UTC", start: "2026-11-22T12:00:00Z",
            end: "2030-08-09T12:00:00Z", now: "2030-08-09T11:59:59Z", remaining: (0, 0, 0, 1),
            percent: 100 * (117_158_400.0 - 1) / 117_158_400, finished: false, day: 1_356),
        Case(
            name: "at the end", zone: "UTC", start: "2026-11-22T12:00:00Z", end: "2030-08-09T12:00:00Z",
            now: "2030-08-09T12:00:00Z", remaining: (0, 0, 0, 0), percent: 100, finished: true, day: 1_356),
        Case(
            name: "after the end", zone: "UTC", start: "2026-11-22T12:00:00Z", end: "2030-08-09T12:00:00Z",
            now: "2031-01-01T00:00:00Z", remaining: (0, 0, 0, 0), percent: 100, finished: true, day: 1_356),
        // New York, started 12:00 EST, ends 12:00 EDT (16:00Z). The day before the
        // spring change, 12:00 EST: 153 calendar days to 12:00 local on 2030-08-09
        // (22 + 30 + 31 + 30 + 31 + 9), though the real time is one hour less.
        Case(
            name: "New York, before the spring change", zone: "America/New_York", start: "2026-11-22T17:00:00Z",
            end: "2030-08-09T16:00:00Z", now: "2030-03-09T17:00:00Z", remaining: (153, 0, 0, 0),
            percent: 100 * (117_154_800.0 - (153 * 86_400 - 3_600)) / 117_154_800, finished: false, day: 1_204),
        // 01:30 EST on the change day: 152 days to 2030-08-09 01:30 EDT, then 10 h 30 m to 12:00.
        // In real time that is an hour less: 06:30Z to 16:00Z 152 days later, 152 d 9 h 30 m.
        Case(
            name: "New York, on the spring change", zone: "America/New_York", start: "2026-11-22T17:00:00Z",
            end: "2030-08-09T16:00:00Z", now: "2030-03-10T06:30:00Z", remaining: (152, 10, 30, 0),
            percent: 100 * (117_154_800.0 - (152 * 86_400 + 9 * 3_600 + 1_800)) / 117_154_800, finished: false,
            day: 1_205),
    ]

    @Test(arguments: cases)
    func status(_ c: Case) throws {
        let zone = try TimeZoneSetting.zone(named: c.zone)
        let start = try LifeTimerFixture.instant(c.start)
        let end = try LifeTimerFixture.instant(c.end)
        #expect(CountdownRules.end(start: start, in: zone) == end)
        let status = CountdownRules.status(
            startedAt: start, endsAt: end, now: try LifeTimerFixture.instant(c.now), in: zone)
        let r = status.remaining
        let expected: [Int] = [c.remaining.0, c.remaining.1, c.remaining.2, c.remaining.3]
        #expect([r.days, r.hours, r.minutes, r.seconds] == expected)
        #expect(abs(status.percentElapsed - c.percent) < 1e-9)
        #expect(status.finished == c.finished)
        #expect(status.dayNumber == c.day)
    }
}

/// LT-5: progress, pace and the message, from hand-built goals.
@Suite struct ProgressRulesTests {
    static func goal(_ number: Int, completed: Bool, milestones done: Int, of total: Int) -> Goal {
        let id = UUID()
        let stamp = Date(timeIntervalSince1970: 0)
        return Goal(
            id: id, number: number, title: "Goal \(number)", description: nil, location: nil, cover: nil,
            completedAt: completed ? stamp : nil, createdAt: stamp,
            milestones: (0..<total).map { index in
                Milestone(
                    id: UUID(), goalID: id, position: index + 1, title: "Step", dueDate: nil, isPublic: false,
                    completedAt: index < done ? stamp : nil)
            })
    }

    @Test func goalAndOverallProgress() {
        let goals = [
            Self.goal(1, completed: true, milestones: 0, of: 3),  // 1
            Self.goal(2, completed: false, milestones: 1, of: 4),  // 0.25
            Self.goal(3, completed: false, milestones: 0, of: 0),  // 0
        ]
        #expect(goals.map(\.progress) == [1.0, 0.25, 0.0] as [Double])
        let report = ProgressReport(goals: goals, countdown: nil)
        #expect(abs(report.overall - 1.25 / 3) < 1e-12)
        #expect(report.goalsCompleted == 1)
        #expect(report.milestonesDone == 1 && report.milestonesTotal == 7)
        #expect(report.pace == .notStarted)
        #expect(report.message == ProgressRules.messages[.notStarted]?.first)
    }

    @Test(arguments: [
        // progress, elapsed, finished → pace, message index
        (0.30, 0.20, false, Pace.ahead, 0),  // 10 points ahead, 80 % left
        (0.25, 0.20, false, Pace.ahead, 0),  // exactly 5 points ahead counts as ahead
        (0.24, 0.20, false, Pace.onTrack, 0),
        (0.55, 0.60, false, Pace.onTrack, 2),  // exactly 5 points behind is still on track; 40 % left
        (0.54, 0.60, false, Pace.behind, 2),
        (0.10, 0.30, false, Pace.behind, 1),  // 70 % left
        (0.10, 0.90, false, Pace.behind, 3),  // 10 % left
        (0.90, 1.00, true, Pace.finished, 0),
    ])
    func pace(progress: Double, elapsed: Double, finished: Bool, expected: Pace, index: Int) throws {
        let pace = ProgressRules.pace(progress: progress, elapsed: elapsed, finished: finished)
        #expect(pace == expected)
        let options = try #require(ProgressRules.messages[expected])
        #expect(ProgressRules.message(pace: pace, elapsed: elapsed) == options[min(index, options.count - 1)])
    }

    @Test func everyStateHasItsHandfulOfDistinctMessages() {
        for pace in [Pace.ahead, .onTrack, .behind] {
            let options = ProgressRules.messages[pace] ?? []
            #expect(options.count == 4)
            #expect(Set(options).count == 4)
        }
    }

    @Test func streaks() throws {
        let days = try ["2026-12-01", "2026-12-02", "2026-12-03", "2026-12-05", "2026-12-02", "2027-01-01"]
            .map(LifeTimerFixture.date)
        #expect(Streaks.longest(days) == 3)
        #expect(Streaks.runs(days).map(\.length) == [3, 1, 1])
        #expect(Streaks.longest([]) == 0)
    }
}
