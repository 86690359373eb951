// Golden files for the countdown ring (SPEC LT-4). After a deliberate change
// to the picture, refresh them with:
//
//     LIFECTL_UPDATE_GOLDEN=1 swift test --filter CountdownPictureTests
//
// and review the diff of Tests/LifeTimerTests/Golden/ before committing it.

import Foundation
import LifeCore
import LifeTimer
import Testing

@Suite struct CountdownPictureTests {
    static let goldenDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Golden")

    static let pictures: [(String, CountdownPicture)] = [
        (
            "countdown-not-started.svg",
            CountdownPicture(
                username: "ada", currentDay: nil, daysLeft: 1_356, percentElapsed: 0, finished: false, marks: [])
        ),
        (
            "countdown-day-192.svg",
            CountdownPicture(
                username: "ada <&> \"lovelace\"", currentDay: 192, daysLeft: 1_164, percentElapsed: 14.1,
                finished: false,
                marks: [.init(day: 3, completed: true), .init(day: 500, completed: false)])
        ),
        (
            "countdown-finished.svg",
            CountdownPicture(
                username: "bob", currentDay: 1_356, daysLeft: 0, percentElapsed: 100, finished: true, marks: [])
        ),
    ]

    @Test(arguments: 0..<3)
    func matchesGolden(index: Int) throws {
        let (file, picture) = Self.pictures[index]
        let svg = picture.svg()
        let url = Self.goldenDirectory.appendingPathComponent(file)
        if ProcessInfo.processInfo.environment["LIFECTL_UPDATE_GOLDEN"] == "1" {
            try Data(svg.utf8).write(to: url)
            return
        }
        let golden = try Data(contentsOf: url)
        #expect(Data(svg.utf8) == golden, "\(file) differs; if the change is deliberate, refresh the golden files")
    }

    /// The ring's ticks per colour, counted in the SVG: on day 192, 191 days
    /// are past, 1 is today and 1,164 remain; 1,356 in all.
    @Test func ticksPerColour() throws {
        let svg = Self.pictures[1].1.svg()
        func ticks(_ colour: String) -> Int {
            guard
                let line = svg.split(separator: "\n").first(where: {
                    $0.contains("stroke=\"\(colour)\"") && $0.hasPrefix("<path")
                })
            else { return 0 }
            return line.filter { $0 == "M" }.count
        }
        #expect(ticks("#1d3557") == 191)
        #expect(ticks("#e63946") == 1)
        #expect(ticks("#d9dde3") == 1_164)
        #expect(svg.components(separatedBy: "<circle").count - 1 == 2)
        #expect(svg.contains("ada &lt;&amp;&gt; &quot;lovelace&quot;"))
        // The first tick (day 0, drawn at its middle) starts at angle 0.5/1356 of a turn past the top.
        let angle = 0.5 / 1_356 * 2 * Double.pi - Double.pi / 2
        let x = 240 + 170 * cos(angle)
        let y = 240 + 170 * sin(angle)
        #expect(svg.contains("d=\"M\(Format.fixed(x, decimals: 1)) \(Format.fixed(y, decimals: 1))L"))
        let finished = Self.pictures[2].1.svg()
        #expect(!finished.contains("#d9dde3") && !finished.contains("#e63946"))
    }

    /// Milestones sit on the local day they were completed, else their due date.
    @Test func marksFromTheStore() throws {
        let fixture = try LifeTimerFixture(zone: "Pacific/Auckland", at: "2026-11-22T12:00:00Z")
        let store = try fixture.store(at: "2026-11-22T12:00:00Z")  // 2026-11-23 01:00 in Auckland
        let ada = try store.createAccount(NewAccount(username: "ada"))
        try store.addGoal(for: ada, title: "Swim")
        try store.addMilestone(for: ada, goal: 1, title: "Due", due: try LifeTimerFixture.date("2026-12-03"))
        try store.addMilestone(for: ada, goal: 1, title: "Done")
        try store.addMilestone(for: ada, goal: 1, title: "Undated")
        try store.start(for: ada)
        // 2026-11-25T12:00Z is 2026-11-26 in Auckland: day 3 after the 23rd.
        try fixture.store(at: "2026-11-25T12:00:00Z").setMilestoneCompleted(
            for: ada, MilestoneRef(goal: 1, position: 2), true)
        let picture = try CountdownPicture(
            account: ada, countdown: try store.countdown(of: ada), goals: try store.goals(of: ada),
            now: try LifeTimerFixture.instant("2026-11-25T12:00:00Z"))
        #expect(picture.marks == [.init(day: 3, completed: true), .init(day: 10, completed: false)])
        #expect(picture.currentDay == 4)
        #expect(picture.daysLeft == 1_353)
    }
}
