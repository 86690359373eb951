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

    @Option(
        help: ArgumentHelp("Also draw the countdown as SVG into this file.", valueName: "file"), completion: .file())
    var svg: String?

    @Flag(help: "Replace FILE if it already exists.") var force = false

    func run() throws {
        let lt = try LifeTimerContext(options)
        let account = try lt.account()
        if let svg {
            let picture = try lt.store.countdownPicture(for: account)
            let path = OutputFile.resolve(svg)
            try OutputFile.write(picture.svg(voice: lt.voice), to: path, force: force)
            // The picture went to stdout: nothing else may go there.
            if OutputFile.isStandardOutput(path) { return }
            // Stdout carries the countdown itself: the line goes to stderr.
            Wrote.say(
                path, "the countdown of \(TerminalText.oneLine(account.username)) as a picture", stdoutCarriesData: true
            )
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
            return Terminal.write(lt.voice.say(.countdownNotStarted))
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
        // The countdown's wall clock is the zone it was started in (LT-3).
        let voice = lt.voice.reading(in: try TimeZoneSetting.zone(named: countdown.timeZone))
        var table = TextTable([.left, .left])
        func of(_ count: Int, _ total: Int) -> String {
            voice.say(.countOf, ["count": voice.number(count), "total": voice.number(total)])
        }
        if let summary {
            table.add(voice.say(.rowFinished), voice.say(.endedValue, ["when": voice.instant(status.endsAt)]))
            table.add(voice.say(.rowGoalsCompleted), of(summary.goalsCompleted, summary.goals))
            table.add(voice.say(.rowMilestonesCompleted), of(summary.milestonesCompleted, summary.milestones))
            table.add(voice.say(.rowOverallProgress), voice.percent(summary.overallProgress))
            table.add(voice.say(.rowActiveDays), voice.number(summary.activeDays))
            table.add(voice.say(.rowLongestStreak), voice.say(.days, count: summary.longestStreakDays))
        } else {
            table.add(voice.say(.rowLeft), LifeTimerText.remaining(r, voice: voice))
            table.add(voice.say(.rowElapsed), voice.percent(status.elapsedFraction))
            table.add(voice.say(.rowDay), voice.say(.dayOfChallenge, ["day": voice.number(status.dayNumber)]))
            table.add(voice.say(.rowStarted), voice.instant(status.startedAt))
            table.add(
                voice.say(.rowEnds),
                voice.say(.endsValue, ["when": voice.instant(status.endsAt), "zone": countdown.timeZone]))
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

    @Option(
        help: ArgumentHelp("Also draw progress against time as SVG into this file.", valueName: "file"),
        completion: .file())
    var svg: String?

    @Flag(help: "Replace FILE if it already exists.") var force = false

    func run() throws {
        let lt = try LifeTimerContext(options)
        let (report, series) = try lt.store.progressWithSeries(for: try lt.account())
        var written: String?
        if let svg {
            let path = OutputFile.resolve(svg)
            try OutputFile.write(ProgressPicture(series: series).svg(voice: lt.voice), to: path, force: force)
            // The picture went to stdout: nothing else may go there.
            if OutputFile.isStandardOutput(path) { return }
            written = path
            Wrote.say(path, "a chart of your progress over time", stdoutCarriesData: true)
        }
        if lt.json {
            var output = LifeTimerJSON.Progress(report, series: series)
            output.svg = written
            return try JSONOutput.print(output)
        }
        let voice = lt.voice
        var table = TextTable([.right, .left, .right, .right])
        table.add(
            voice.say(.columnNumber), voice.say(.columnGoal), voice.say(.columnMilestones), voice.say(.columnProgress))
        for goal in report.goals {
            table.add(
                "\(goal.number)", goal.title + (goal.completed ? " ✓" : ""),
                "\(voice.number(goal.milestonesDone))/\(voice.number(goal.milestonesTotal))",
                voice.percent(goal.fraction))
        }
        var lines = [report.goals.isEmpty ? voice.say(.noGoals) : table.render(), ""]
        lines.append(
            voice.say(
                .progressOverall,
                [
                    "overall": voice.percent(report.overall), "done": voice.number(report.goalsCompleted),
                    "total": voice.number(report.goals.count),
                ])
                + (report.elapsedFraction.map { voice.say(.progressElapsed, ["elapsed": voice.percent($0)]) } ?? ""))
        lines.append(
            voice.say(
                .paceLine, ["pace": ProgressRules.paceName(report.pace, voice: voice), "message": report.message]))
        Terminal.write(lines.joined(separator: "\n"))
    }
}
