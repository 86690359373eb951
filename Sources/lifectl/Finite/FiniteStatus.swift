import ArgumentParser
import Finite
import LifeCore

struct FiniteStatus: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show the current week, weeks lived and weeks remaining.",
        discussion: "Example: LIFECTL_NOW=2026-11-22T12:00:00Z lifectl finite status"
    )

    @OptionGroup var options: GlobalOptions

    func run() throws {
        let context = try CommandContext(options)
        try Self.print(try context.finiteStore().status(), json: context.json)
    }

    static func print(_ status: LifeStatus, json: Bool) throws {
        if json { return try JSONOutput.print(status) }
        var table = TextTable([.left, .right, .left])
        table.add(
            "lived", Format.grouped(status.weeksLived),
            "\(status.weeksLived == 1 ? "week" : "weeks") (\(Format.fixed(status.percentLived, decimals: 1))%)")
        var remaining = status.weeksRemaining == 1 ? "week" : "weeks"
        if status.weeksBeyondExpectancy > 0 {
            remaining +=
                " (\(Format.grouped(status.weeksBeyondExpectancy)) weeks beyond the expected \(status.lifeExpectancyYears) years)"
        }
        table.add("remaining", Format.grouped(status.weeksRemaining), remaining)
        table.add(
            "age", "\(status.ageYears)",
            "\(status.ageYears == 1 ? "year" : "years"), \(Format.count(status.ageWeeks, "week", "weeks"))")
        Terminal.write(
            "Week \(Format.grouped(status.currentWeekNumber)) of \(Format.grouped(status.totalWeeks))  (\(WeekText.range(status.currentWeek)))\n"
                + table.render())
    }
}
