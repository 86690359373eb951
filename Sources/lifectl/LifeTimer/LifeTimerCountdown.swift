import ArgumentParser
import Foundation
import LifeCore
import LifeTimer

/// `lifectl lifetimer start`: confirm the list and start the 1,356 days (LT-3).
struct LifeTimerStart: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "start",
        abstract: "Confirm your list and start the 1,356-day countdown. It cannot be paused, reset or extended.",
        discussion: """
            Needs at least one goal. From now on goals cannot be added, deleted or retitled; descriptions, \
            milestones and completion can still change.
            Example: lifectl lifetimer start
            """
    )

    @OptionGroup var options: LifeTimerOptions

    func run() throws {
        let lt = try LifeTimerContext(options, server: .follows)
        let account = try lt.account()
        try lt.store.start(for: account)
        try lt.keepServerInStep()
        try LifeTimerCountdown.show(lt, account: account)
    }
}

/// `lifectl lifetimer countdown`: days, hours, minutes, seconds left (LT-4).
struct LifeTimerCountdown: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "countdown",
        abstract: "Time left of the 1,356 days, the percentage elapsed, and a summary once finished.",
        discussion: """
            --svg FILE draws the 1,356 days as a ring: elapsed days filled, milestones marked.
            Example: lifectl lifetimer countdown
            Example: lifectl lifetimer countdown --svg ring.svg
            """
    )

    @OptionGroup var options: LifeTimerOptions

    @Option(help: ArgumentHelp("Also draw the countdown as SVG into this file.", valueName: "file"))
    var svg: String?

    @Flag(help: "Replace FILE if it already exists.") var force = false

    func run() throws {
        let lt = try LifeTimerContext(options)
        let account = try lt.account()
        if let svg {
            let picture = try lt.store.countdownPicture(for: account)
            let path = OutputFile.resolve(svg)
            try OutputFile.write(picture.svg(), to: path, force: force)
            // The picture went to stdout: nothing else may go there.
            if OutputFile.isStandardOutput(path) { return }
        }
        try Self.show(lt, account: account, svg: svg.map(OutputFile.resolve))
    }

    /// The countdown; `svg`, the picture's file just written, goes into the
    /// JSON as every `--svg` command's does.
    static func show(_ lt: LifeTimerContext, account: LifeTimerAccount, svg: String? = nil) throws {
        guard let view = try lt.store.countdownView(for: account) else {
            if lt.json {
                return try JSONOutput.print(
                    LifeTimerJSON.Countdown(
                        started: false, startedAt: nil, endsAt: nil, timeZone: nil, day: nil, remaining: nil,
                        percentElapsed: nil, finished: false, summary: nil, svg: svg))
            }
            return Terminal.write(
                "The countdown has not started. Add goals, then run `lifectl lifetimer start` to begin the 1,356 days.")
        }
        let (countdown, status) = (view.countdown, view.status)
        var summary: LifeTimerJSON.Summary?
        if let report = view.progress {
            summary = LifeTimerJSON.Summary(
                goals: report.goals.count, goalsCompleted: report.goalsCompleted, milestones: report.milestonesTotal,
                milestonesCompleted: report.milestonesDone, overallProgress: report.overall,
                activeDays: view.activeDays, longestStreakDays: view.longestStreakDays)
        }
        let r = status.remaining
        if lt.json {
            return try JSONOutput.print(
                LifeTimerJSON.Countdown(
                    started: true, startedAt: status.startedAt, endsAt: status.endsAt, timeZone: countdown.timeZone,
                    day: status.dayNumber,
                    remaining: LifeTimerJSON.Remaining(
                        days: r.days, hours: r.hours, minutes: r.minutes, seconds: r.seconds),
                    percentElapsed: status.percentElapsed, finished: status.finished, summary: summary, svg: svg))
        }
        let zone = try TimeZoneSetting.zone(named: countdown.timeZone)
        let style = view.clock
        var table = TextTable([.left, .left])
        if let summary {
            table.add(
                "finished", "the 1,356 days ended \(LifeTimerText.local(status.endsAt, zone: zone, style: style))")
            table.add("goals completed", "\(summary.goalsCompleted) of \(summary.goals)")
            table.add("milestones completed", "\(summary.milestonesCompleted) of \(summary.milestones)")
            table.add("overall progress", LifeTimerText.percent(summary.overallProgress))
            table.add("active days", Format.grouped(summary.activeDays))
            table.add("longest streak", Format.count(summary.longestStreakDays, "day", "days"))
        } else {
            table.add("left", LifeTimerText.remaining(r))
            table.add("elapsed", LifeTimerText.percent(status.elapsedFraction))
            table.add("day", "\(Format.grouped(status.dayNumber)) of 1,356")
            table.add("started", LifeTimerText.local(status.startedAt, zone: zone, style: style))
            table.add("ends", LifeTimerText.local(status.endsAt, zone: zone, style: style) + " (\(countdown.timeZone))")
        }
        Terminal.write(table.render())
    }
}

/// `lifectl lifetimer progress`: per goal, overall, and against time (LT-5).
struct LifeTimerProgress: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "progress",
        abstract: "Progress per goal and overall, whether you are ahead, on track or behind, and a message.",
        discussion: """
            --json adds the series: progress and time elapsed at the end of each day since the start. --svg FILE \
            draws it: progress against time, milestones marked on their days.
            Example: lifectl lifetimer progress --json
            Example: lifectl lifetimer progress --svg progress.svg
            """)

    @OptionGroup var options: LifeTimerOptions

    @Option(help: ArgumentHelp("Also draw progress against time as SVG into this file.", valueName: "file"))
    var svg: String?

    @Flag(help: "Replace FILE if it already exists.") var force = false

    func run() throws {
        let lt = try LifeTimerContext(options)
        let (report, series) = try lt.store.progressWithSeries(for: try lt.account())
        var written: String?
        if let svg {
            let path = OutputFile.resolve(svg)
            try OutputFile.write(ProgressPicture(series: series).svg(), to: path, force: force)
            // The picture went to stdout: nothing else may go there.
            if OutputFile.isStandardOutput(path) { return }
            written = path
        }
        if lt.json {
            var output = LifeTimerJSON.Progress(report, series: series)
            output.svg = written
            return try JSONOutput.print(output)
        }
        var table = TextTable([.right, .left, .right, .right])
        table.add("#", "goal", "milestones", "progress")
        for goal in report.goals {
            table.add(
                "\(goal.number)", goal.title + (goal.completed ? " ✓" : ""),
                "\(goal.milestonesDone)/\(goal.milestonesTotal)", LifeTimerText.percent(goal.fraction))
        }
        var lines = [report.goals.isEmpty ? "No goals yet." : table.render(), ""]
        lines.append(
            "overall \(LifeTimerText.percent(report.overall)) · \(report.goalsCompleted) of \(report.goals.count) goals completed"
                + (report.elapsedFraction.map { " · \(LifeTimerText.percent($0)) of the time elapsed" } ?? ""))
        lines.append("\(report.pace.rawValue): \(report.message)")
        Terminal.write(lines.joined(separator: "\n"))
    }
}
