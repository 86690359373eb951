import ArgumentParser
import DailyMenu
import LifeCore

struct DailyMenuCalendar: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calendar",
        abstract: "The month grid: completed, mood lifted, several. Or write it as an SVG sheet.",
        discussion: """
            Filters (any together): --category, --mood-lifted, --feedback; only the rituals they admit are marked.
            Example: lifectl dailymenu calendar --month 2026-11
            Example: lifectl dailymenu calendar --category breathe --mood-lifted
            Example: lifectl dailymenu calendar --svg november.svg
            """
    )

    @OptionGroup var options: GlobalOptions

    @Option(name: .long, help: ArgumentHelp("The month (default this one).", valueName: "YYYY-MM"))
    var month: String?

    @Option(name: .long, help: ArgumentHelp("Only rituals of this category (id or name).", valueName: "category"))
    var category: Typed<CategoryName>?

    @Flag(name: .long, help: "Only rituals that lifted your mood.")
    var moodLifted = false

    @Option(
        name: .long,
        help: ArgumentHelp("Only rituals with this feedback.", valueName: "word"))
    var feedback: Typed<Feedback>?

    @OptionGroup var picture: PictureOptions

    func run() throws {
        let context = try CommandContext(options)
        let store = try context.dailyMenuStore()
        let (year, number): (Int, Int)
        if let month {
            guard let parsed = CalendarMonth.parseMonth(month) else {
                throw LifeError.invalid(field: "--month", DailyMenuVoice.badMonth(month, field: "--month"))
            }
            (year, number) = parsed
        } else {
            let today = try store.today()
            (year, number) = (today.year, today.month)
        }
        let filter = CalendarFilter(
            category: category?.text, moodLifted: moodLifted, feedback: try feedback?.value("--feedback"))
        let calendar = try store.calendar(year: year, month: number, filter: filter)
        if let svg = picture.svg {
            return try PictureFile.write(
                CalendarSVG.render(calendar), to: svg, force: picture.force, json: context.json,
                what: DailyMenuVoice.calendarPicture(calendar))
        }
        if context.json { return try JSONOutput.print(calendar) }
        // Coloured through writePicture: Terminal.write would escape the
        // renderer's own colour sequences into visible text.
        Terminal.writePicture { TerminalCalendar.render(calendar, ansiColor: $0) }
    }
}

struct DailyMenuDay: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "day",
        abstract: "One day's rituals with moods, feedback and Moments.",
        // One date at most (the argument collects words, see `words`).
        usage: "lifectl dailymenu day [--db <path>] [--json] [<date>]",
        discussion: """
            Example: lifectl dailymenu day yesterday
            Example: lifectl dailymenu day -3d
            """
    )

    @OptionGroup var options: GlobalOptions

    // The parser takes every word that starts with "-" for an option, so a
    // lone positional could never be "-3d": the words it does not know are
    // collected here instead, and `validate` keeps "--name" an unknown option.
    @Argument(
        parsing: .allUnrecognized,
        help: ArgumentHelp("The date (2026-11-20, yesterday, -3d …; default today).", valueName: "date"))
    var words: [String] = []

    var date: String? { words.first }

    func validate() throws {
        if let option = words.first(where: { $0.hasPrefix("--") }) {
            throw ValidationError("Unknown option '\(TerminalText.oneLine(option))'")
        }
        if words.count > 1 {
            throw ValidationError("Unexpected argument '\(TerminalText.oneLine(words[1]))'; give one date")
        }
    }

    func run() throws {
        let context = try CommandContext(options)
        let store = try context.dailyMenuStore()
        let today = try store.today()
        let day = try DateExpression.date(date ?? "today", field: "date", today: today)
        let report = try store.day(day)
        if context.json { return try JSONOutput.print(report) }
        guard !report.rituals.isEmpty else { return Terminal.write(DailyMenuVoice.dayEmpty(day, today: today)) }
        var table = TextTable([.left, .left, .left, .left, .left, .right])
        table.add("time", "ritual", "before", "after", "feedback", "Moments")
        let time = HumanTime.of(context)
        for ritual in report.rituals {
            let completion = ritual.completion
            table.add(
                time.time(completion.localTime), ritual.title, completion.beforeMood?.rawValue ?? "–",
                completion.afterMood?.rawValue ?? "–", completion.feedback?.rawValue ?? "–",
                "+\(ritual.moments.total)")
        }
        Terminal.write(
            "\(day.weekday.name) \(day.iso)\n" + table.render() + "\n"
                + DailyMenuVoice.dayTotal(moments: report.moments))
    }
}
