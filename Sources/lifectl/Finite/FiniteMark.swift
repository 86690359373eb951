import ArgumentParser
import Finite
import LifeCore

struct FiniteMark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mark",
        abstract: "Mark a week: a rating 1–5, an optional category and phrase.",
        discussion: """
            Ratings: 1 Awful, 2 Hard, 3 Okay, 4 Good, 5 Great.
            Categories: work, health, growth, relationships, rest, adventure.
            Any week from the first to the current may be marked; marking again replaces the mark.
            Example: lifectl finite mark --rating 4 --category work --phrase "Shipped it."
            Example: lifectl finite mark 1850 --rating 2
            """
    )

    @OptionGroup var options: GlobalOptions
    @OptionGroup var target: WeekOptions

    // Unconditional: "-1" is a value to check against the rule, not an option.
    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("1 Awful, 2 Hard, 3 Okay, 4 Good, 5 Great.", valueName: "1-5"))
    var rating: Int

    @Option(
        name: .long,
        help: ArgumentHelp("What defined the week.", valueName: "category"))
    var category: Typed<WeekCategory>?

    @Option(name: .long, help: ArgumentHelp("One line about the week, at most 140 characters.", valueName: "text"))
    var phrase: String?

    func run() throws {
        let context = try CommandContext(options)
        let store = try context.finiteStore()
        let result = try store.mark(
            try target.selector(today: store.today), rating: rating, category: category?.text, phrase: phrase)
        if context.json { return try JSONOutput.print(result) }
        var lines = [
            "\(result.replaced ? "Replaced the mark of" : "Marked") week \(Format.grouped(result.week.number)) (\(WeekText.range(result.week))): \(WeekText.mark(result.mark))"
        ]
        lines += result.milestones.map(\.body)
        Terminal.write(lines.joined(separator: "\n"))
    }
}

struct FiniteUnmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unmark",
        abstract: "Remove a week's mark.",
        discussion: "Example: lifectl finite unmark 1850"
    )

    @OptionGroup var options: GlobalOptions
    @OptionGroup var target: WeekOptions

    func run() throws {
        let context = try CommandContext(options)
        let store = try context.finiteStore()
        let result = try store.unmark(try target.selector(today: store.today))
        if context.json { return try JSONOutput.print(result) }
        let week = result.week
        if let removed = result.removed {
            Terminal.write("Unmarked week \(Format.grouped(week.number)) (was \(WeekText.mark(removed)))")
        } else {
            Terminal.write("Week \(Format.grouped(week.number)) had no mark; nothing changed")
        }
    }
}
