import ArgumentParser
import Finite
import LifeCore

struct FiniteSetup: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "setup",
        abstract: "Set your birthday (and optionally your life expectancy).",
        discussion: "Example: lifectl finite setup --birthday 1990-05-14 --life-expectancy 80"
    )

    @OptionGroup var options: GlobalOptions

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Your birthday, YYYY-MM-DD.", valueName: "date"))
    var birthday: String

    // Unconditional: "-1" is a value to check against the rule, not an option.
    @Option(
        name: .long, parsing: .unconditional, help: ArgumentHelp("Whole years, 1–120 (default 80).", valueName: "years")
    )
    var lifeExpectancy: Int?

    func run() throws {
        let context = try CommandContext(options)
        let store = try context.finiteStore()
        let date = try DateExpression.date(birthday, field: "birthday", today: store.today())
        try store.setup(birthday: date, lifeExpectancyYears: lifeExpectancy)
        try FiniteStatus.print(try store.status(), json: context.json)
    }
}
