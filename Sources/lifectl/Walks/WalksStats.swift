import ArgumentParser
import Foundation
import LifeCore
import LifeKernel
import LifeKit
import LifePages
import Walks

/// `lifectl walks stats`: Only Walks' part of `lifectl stats` (SPEC STAT-1)
/// with every achievement listed.
struct WalksStats: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Your walks in figures: per week and month, walk length, recordings saved, achievements.",
        discussion: """
            The figures of `lifectl stats --product walks`, then every achievement (the first walk, \
            distance totals, weekly streaks) with the day it was earned or what is left to earn it. \
            Achievements count every walk kept, whatever --since says. Nothing is sent anywhere.
            Example: lifectl walks stats
            Example: lifectl walks stats --since -3m --json
            """
    )

    @OptionGroup var options: GlobalOptions

    // Unconditional: a value such as "-6m" gets the date's rule, not "Missing value".
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Count from this day: 2026-01-01, -6m, -1y… (default: everything).", valueName: "date"))
    var since: String?

    func run() throws {
        let context = try CommandContext(options)
        let queue = try context.open()
        let today = try TimelinePage.today(queue, clock: context.clock)
        let first = try since.map { try DateExpression.date($0, field: "--since", today: today) }
        let page: StatisticsPage
        do {
            page = try StatisticsPage.read(
                queue, registry: LifeKit.registry, clock: context.clock, since: first, product: "walks")
        } catch let error as LifeError where error.field == "since" {
            throw LifeError.invalid(field: "--since", "--" + error.message)
        }
        if context.json { return try JSONOutput.print(page) }
        guard let part = page.parts.first, let walks = part.section as? WalksStatistics else {
            return Terminal.write("No walks yet: import a GPX file (walks import FILE) or record one (walks record).")
        }
        var out = "Walks, \(page.window) (\(page.timeZone))\n"
        for line in walks.lines + [part.activity.line] { out += "  \(line)\n" }
        out += "\nAchievements\n"
        var table = TextTable([.left, .left, .left])
        for achievement in walks.achievements.all {
            table.add(achievement.earnedOn?.iso ?? "–", achievement.title, Self.detail(achievement, walks))
        }
        out += table.render(indent: "  ")
        Terminal.write(out)
    }

    /// What earned an achievement (the walk's short id), or what is left to earn it.
    private static func detail(_ achievement: WalkAchievement, _ walks: WalksStatistics) -> String {
        if let walk = achievement.walkId { return "walk \(walk.prefix(8))" }
        switch achievement.kind {
        case .firstWalk:
            return "walk once"
        case .totalDistance:
            let left = achievement.goal - walks.achievements.totalDistanceMeters
            return "\(WalkFormatting.distance(left, units: walks.units)) to go"
        case .weeklyStreak:
            return "now \(Format.count(walks.achievements.currentStreakWeeks, "week", "weeks")) in a row"
        }
    }
}
