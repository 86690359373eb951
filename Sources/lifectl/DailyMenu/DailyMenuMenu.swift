import ArgumentParser
import DailyMenu
import LifeCore

struct DailyMenuMenu: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "menu",
        abstract: "A few suggestions for the day, the same all day long.",
        discussion: """
            Never a hidden activity or a left-out category; packs once their season has come. Favourites, \
            your feedback and how activities left your mood weigh in.
            Example: lifectl dailymenu menu --energy low --why
            """
    )

    @OptionGroup var options: GlobalOptions

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("The day's menu for this date (default today).", valueName: "date"))
    var date: String?

    @Option(name: .long, help: ArgumentHelp("Only this energy.", valueName: "energy"))
    var energy: Typed<Energy>?

    @Flag(name: .long, help: "Show each suggestion's weight and why.")
    var why = false

    func run() throws {
        let context = try CommandContext(options)
        let store = try context.dailyMenuStore()
        let day = try date.map { try DateExpression.date($0, field: "--date", today: store.today()) }
        let menu = try store.menu(date: day, energy: try energy?.value("--energy"))
        if context.json { return try JSONOutput.print(menu) }
        var lines = [DailyMenuVoice.menuTitle(menu.date, today: menu.date == (try store.today()))]
        if menu.suggestions.isEmpty { lines.append(DailyMenuVoice.menuEmpty) }
        for (index, suggestion) in menu.suggestions.enumerated() {
            let activity = suggestion.activity
            lines.append("")
            lines.append(
                "\(index + 1). \(activity.title) (\(activity.id)) · \(activity.category) · \(activity.energy.rawValue) · \(activity.minutes) min"
            )
            if !activity.howTo.isEmpty { lines.append("   \(activity.howTo)") }
            if why {
                let reasons = suggestion.reasons.map(\.text)
                lines.append(
                    "   weight \(Format.fixed(suggestion.weight, decimals: 2))"
                        + (reasons.isEmpty ? "" : ": " + reasons.joined(separator: "; ")))
            }
        }
        Terminal.write(lines.joined(separator: "\n"))
    }
}
