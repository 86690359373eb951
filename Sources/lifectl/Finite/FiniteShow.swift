import ArgumentParser
import Finite
import LifeCore

struct FiniteShow: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show one week: its dates, its mark and the life phases it is in.",
        discussion: "Example: lifectl finite show 1900\nExample: lifectl finite show --date 2024-03-01"
    )

    @OptionGroup var options: GlobalOptions
    @OptionGroup var target: WeekOptions

    func run() throws {
        let context = try CommandContext(options)
        let store = try context.finiteStore()
        let detail = try store.week(try target.selector(today: store.today))
        if context.json { return try JSONOutput.print(detail) }
        let week = detail.week
        var tense = "\(detail.tense.rawValue) week"
        if detail.beyondExpectancy { tense += ", beyond the life expectancy" }
        var table = TextTable([.left, .left])
        table.add("dates", "\(WeekText.range(week)) (\(week.dayCount) days)")
        table.add("age", "\(Format.count(week.year, "year", "years")), week \(week.weekOfYear + 1) of 52")
        if let mark = detail.mark {
            table.add("rating", "\(mark.rating.rawValue) \(mark.rating.label)")
            table.add("category", mark.category?.rawValue ?? "–")
            table.add("phrase", mark.phrase ?? "–")
            table.add("marked", HumanTime.of(context).instant(mark.markedAt))
        } else {
            table.add("mark", "none")
        }
        // FIN-11: the life phases the week is in (up to three may overlap).
        table.add(
            detail.phases.count > 1 ? "phases" : "phase",
            detail.phases.isEmpty
                ? "none" : detail.phases.map { "\(TerminalText.oneLine($0.name)) (\($0.span))" }.joined(separator: "; ")
        )
        Terminal.write("Week \(Format.grouped(week.number)) · \(tense)\n" + table.render())
    }
}
