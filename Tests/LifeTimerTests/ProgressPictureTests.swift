// Golden files for the progress picture (SPEC LT-10). After a deliberate
// change to the picture, refresh them with:
//
//     LIFECTL_UPDATE_GOLDEN=1 swift test --filter ProgressPictureTests
//
// and review the diff of Tests/LifeTimerTests/Golden/ (render it with
// rsvg-convert and look at it) before committing it.

import Foundation
import LifeCore
import LifeTimer
import Testing

@Suite struct ProgressPictureTests {
    static let start = Date(timeIntervalSince1970: 1_795_348_800)  // 2026-11-22 12:00 UTC
    static let utc = TimeZone(identifier: "UTC") ?? .gmt

    static func at(_ days: Double, hours: Double = 0) -> Date {
        start.addingTimeInterval(days * 86_400 + hours * 3_600)
    }

    /// Two goals: one with three milestones (two done on days 3 and 41, one
    /// due on day 200), one completed on day 60; read on day 101.
    static func series(username: String) -> ProgressSeries {
        let made = start
        let goals = [
            ProgressRules.SeriesGoal(
                completedAt: nil,
                steps: [
                    .init(title: "First lap", createdAt: made, dueDate: nil, completedAt: at(2, hours: 3)),
                    .init(title: "Ten laps", createdAt: made, dueDate: nil, completedAt: at(40)),
                    .init(
                        title: "Cross the bay", createdAt: made,
                        dueDate: CivilDate.of(at(199), in: utc), completedAt: nil),
                ]),
            ProgressRules.SeriesGoal(completedAt: at(59, hours: 2), steps: []),
        ]
        return ProgressRules.series(
            username: username, goals: goals, startedAt: start, endsAt: at(1_356), zone: utc, now: at(100))
    }

    @Test func theSeriesDayByDay() {
        let series = Self.series(username: "ada")
        #expect(series.points.count == 101)
        // Day 3 ends with one of three milestones: goal 1 at 1/3, goal 2 at 0.
        #expect(series.points[2].milestonesCompleted == 1)
        #expect(abs(series.points[2].progress - (1.0 / 3) / 2) < 1e-12)
        // Day 60: goal 2 completed, goal 1 at 2/3: (2/3 + 1) / 2.
        #expect(abs(series.points[59].progress - (2.0 / 3 + 1) / 2) < 1e-12)
        #expect(series.points[58].goalsCompleted == 0 && series.points[59].goalsCompleted == 1)
        #expect(series.marks.map(\.day) == [3, 41, 200])
    }

    @Test func matchesGolden() throws {
        let svg = ProgressPicture(series: Self.series(username: "ada <&> \"lovelace\"")).svg()
        #expect(svg.contains("ada &lt;&amp;&gt; &quot;lovelace&quot;"))
        let url = CountdownPictureTests.goldenDirectory.appendingPathComponent("progress-day-101.svg")
        if ProcessInfo.processInfo.environment["LIFECTL_UPDATE_GOLDEN"] == "1" {
            try Data(svg.utf8).write(to: url)
            return
        }
        let golden = try Data(contentsOf: url)
        #expect(Data(svg.utf8) == golden, "progress-day-101.svg differs; if the change is deliberate, refresh it")
    }
}
