import ArgumentParser
import DailyMenu
import Foundation
import LifeCore

struct DailyMenuProfileCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profile",
        abstract: "Your name, since when, totals, Moments, season, warmth and stamps.",
        discussion: "Example: lifectl dailymenu profile"
    )

    @OptionGroup var options: GlobalOptions

    func run() throws {
        let context = try CommandContext(options)
        let profile = try context.dailyMenuStore().profile()
        if context.json { return try JSONOutput.print(profile) }
        let journey = profile.journey
        let settings = profile.settings
        var lines = [TerminalText.oneLine(DailyMenuVoice.greeting(settings.displayName))]
        if let since = settings.memberSince { lines.append(DailyMenuVoice.memberSince(since)) }
        guard journey.totals.rituals > 0 else {
            lines.append(DailyMenuVoice.noRitualsYet + " Whenever you like, `lifectl dailymenu menu` has a few ideas.")
            return Terminal.write(lines.joined(separator: "\n"))
        }
        lines.append("")
        var table = TextTable([.left, .right])
        let totals = journey.totals
        table.add("rituals", Format.grouped(totals.rituals))
        table.add("days", Format.grouped(totals.activeDays))
        table.add("minutes", Format.grouped(totals.minutes))
        table.add("categories", "\(totals.categoriesTried) of \(totals.categories)")
        table.add("mood lifted", Format.grouped(totals.moodLifted))
        table.add("Moments", Format.grouped(journey.moments))
        table.add("warmth", Format.fixed(journey.warmth, decimals: 2))
        lines.append(table.render())
        lines.append("")
        lines.append(DailyMenuVoice.seasonLine(journey.season))
        // The days each season came, once there is more than the first.
        if journey.seasonsReached.count > 1 {
            lines.append(DailyMenuVoice.seasonsReachedLine(journey.seasonsReached))
        }
        if let unlocked = DailyMenuVoice.unlockedLine(journey.season) { lines.append(unlocked) }
        lines.append(DailyMenuVoice.warmthLine(journey.warmthLevel))
        lines.append(DailyMenuVoice.stampsLine(journey.stamps.map(\.kind)))
        Terminal.write(lines.joined(separator: "\n"))
    }
}

struct DailyMenuStamps: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stamps",
        abstract: "Your stamp collection, each with the day it was earned. Or write it as an SVG sheet.",
        discussion: "Example: lifectl dailymenu stamps --svg stamps.svg"
    )

    @OptionGroup var options: GlobalOptions

    @OptionGroup var picture: PictureOptions

    func run() throws {
        let context = try CommandContext(options)
        let store = try context.dailyMenuStore()
        let stamps = try store.journey().stamps
        if let svg = picture.svg {
            let sheet = StampsSVG.render(stamps, theme: try store.settings().theme)
            return try PictureFile.write(
                sheet, to: svg, force: picture.force, json: context.json,
                what: DailyMenuVoice.stampsPicture(count: stamps.count))
        }
        if context.json { return try JSONOutput.print("stamps", stamps) }
        guard !stamps.isEmpty else { return Terminal.write(DailyMenuVoice.noStampsYet) }
        var table = TextTable([.left, .left, .left])
        for stamp in stamps {
            table.add(stamp.date.iso, stamp.kind.title, DailyMenuVoice.stampStory(stamp.kind))
        }
        Terminal.write(table.render())
    }
}

struct DailyMenuInsights: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "insights",
        abstract: "Mood before and after, per category and over the last 26 weeks. Or write it as an SVG or a PDF.",
        discussion: """
            --pdf writes a mood report to print or share: one A4 page with the weeks covered, the moods \
            noted per mood, and the same charts as --svg. --svg and --pdf may be given together.
            Example: lifectl dailymenu insights --svg insights.svg
            Example: lifectl dailymenu insights --pdf mood-report.pdf
            """
    )

    @OptionGroup var options: GlobalOptions

    @OptionGroup var picture: PictureOptions

    @Option(
        name: .long, help: ArgumentHelp("Write a printable mood report (A4 PDF) to this file.", valueName: "file"),
        completion: .file())
    var pdf: String?

    /// Whether two file names reach the same file (`x.pdf`, `./x.pdf`, a
    /// link to it), or both mean stdout.
    static func sameFile(_ first: String, _ second: String) -> Bool {
        func reached(_ name: String) -> String {
            let path = OutputFile.resolve(name)
            if OutputFile.isStandardOutput(path) { return "-" }
            return URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
        }
        return reached(first) == reached(second)
    }

    func run() throws {
        if let pdf, OutputFile.isTerminal(pdf) {
            throw LifeError.invalid(
                field: "--pdf",
                "--pdf would write to \(pdf == "-" ? "standard output" : "'\(TerminalText.echoed(pdf))'"), a terminal; a PDF is binary, so give a file name or pipe it"
            )
        }
        if let pdf, let svg = picture.svg, Self.sameFile(pdf, svg) {
            throw LifeError.invalid(field: "--pdf", "--pdf and --svg name the same file; give each its own")
        }
        let context = try CommandContext(options)
        let store = try context.dailyMenuStore()
        let insights = try store.insights()
        if let pdf {
            let theme = try store.settings().theme
            // Both files pass the output rule before either is written.
            for file in [picture.svg, pdf].compactMap({ $0 }) {
                _ = try OutputFile.target(for: OutputFile.resolve(file), force: picture.force)
            }
            var written: [String] = []
            if let svg = picture.svg {
                let path = OutputFile.resolve(svg)
                try OutputFile.write(InsightsSVG.render(insights, theme: theme), to: path, force: picture.force)
                written.append(path)
            }
            let path = OutputFile.resolve(pdf)
            try OutputFile.write(Data(MoodReportPDF.render(insights, theme: theme)), to: path, force: picture.force)
            // A picture went to stdout: nothing else may go there.
            if written.contains(where: OutputFile.isStandardOutput) || OutputFile.isStandardOutput(path) { return }
            if let svg = written.first {
                Wrote.say(svg, DailyMenuVoice.insightsPicture, stdoutCarriesData: context.json)
            }
            Wrote.say(path, DailyMenuVoice.moodReport, stdoutCarriesData: context.json)
            if context.json {
                struct Report: Encodable {
                    let svg: String?
                    let pdf: String
                }
                try JSONOutput.print(Report(svg: written.first, pdf: path))
            }
            return
        }
        if let svg = picture.svg {
            let charts = InsightsSVG.render(insights, theme: try store.settings().theme)
            return try PictureFile.write(
                charts, to: svg, force: picture.force, json: context.json, what: DailyMenuVoice.insightsPicture)
        }
        if context.json { return try JSONOutput.print(insights) }
        guard insights.hasMoods else { return Terminal.write(DailyMenuVoice.noMoodYet) }
        var table = TextTable([.left, .right, .right, .right, .right, .right, .right, .right])
        table.add("category", "rituals", "Low", "Okay", "Good", "Lower", "Same", "Better")
        for category in insights.categories where category.rituals > 0 {
            table.add(
                category.name, "\(category.rituals)", "\(category.before[0])", "\(category.before[1])",
                "\(category.before[2])", "\(category.after[0])", "\(category.after[1])", "\(category.after[2])")
        }
        var weeks = TextTable([.left, .right, .right, .right])
        weeks.add("week of", "rituals", "before", "after")
        for week in insights.weeks where week.rituals > 0 {
            weeks.add(
                week.weekStart.iso, "\(week.rituals)", week.meanBefore.map { Format.fixed($0, decimals: 2) } ?? "–",
                week.meanAfter.map { (($0 > 0) ? "+" : "") + Format.fixed($0, decimals: 2) } ?? "–")
        }
        Terminal.write(table.render() + "\n\n" + weeks.render() + "\n\n" + DailyMenuVoice.insightsScale)
    }
}
