import ArgumentParser
import Finite
import LifeCore

/// `lifectl finite phase`: named chapters of a life (SPEC FIN-11).
struct FinitePhaseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "phase",
        abstract: "Name the chapters of your life: phases drawn on the grid and the poster.",
        discussion: """
            A phase runs from a week to a later one (both included), or is ongoing (through this week).
            Weeks are week numbers as shown (1900, 1,900) or dates (1996-09-01, -2w …): a date means its week.
            Phases may overlap, at most 3 on any week; names are unique ignoring case, at most 40 characters.
            Colours: sky, violet, magenta, indigo, slate, pink (none is a rating's colour).
            Example: lifectl finite phase add School --from 1996-09-01 --to 2008-07-31
            """,
        subcommands: [FinitePhaseAdd.self, FinitePhaseList.self, FinitePhaseEdit.self, FinitePhaseDelete.self]
    )
}

/// `--from` and `--to`: a week number or a date, resolved against the owner's today.
enum PhaseWeekArgument {
    static func selector(_ text: String, field: String, today: () throws -> CivilDate) throws -> WeekSelector {
        if let number = DecimalInput.groupedInteger(text) { return .number(number) }
        // Digits and commas only: a week number written wrongly (1,85), not a date.
        if !text.isEmpty, text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ",") }) {
            throw LifeError.invalid(
                field: field,
                "\(field) is '\(TerminalText.echoed(text))'; expected a week number such as 1900 or 1,900, or a date")
        }
        do {
            return .date(try DateExpression.date(text, field: field, today: today()))
        } catch let error as LifeError where error.message.contains("expected") {
            throw LifeError.invalid(field: field, error.message + ", or a week number such as 1,900")
        }
    }

    static let help = "A week number (1900, 1,900) or a date (1996-09-01, yesterday, -2w …): the week holding it."
}

/// The phase's colour option, spelled `--colour` (or `--color`).
struct PhaseColourOption: ParsableArguments {
    @Option(
        name: [.customLong("colour"), .customLong("color")],
        help: ArgumentHelp(
            "sky, violet, magenta, indigo, slate or pink (default: the first no phase uses).", valueName: "colour"))
    var colour: Typed<PhaseColour>?

    func parsed() throws -> PhaseColour? {
        try colour?.value("--colour")
    }
}

struct FinitePhaseAdd: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a life phase: a name, a first week and (unless it is ongoing) a last week.",
        discussion: """
            Without --to the phase is ongoing: it lasts through the current week, and must have begun by then.
            Example: lifectl finite phase add School --from 1996-09-01 --to 2008-07-31 --colour sky
            Example: lifectl finite phase add Berlin --from 1,200
            """
    )

    @OptionGroup var options: GlobalOptions

    @Argument(help: ArgumentHelp("The phase's name, at most 40 characters.", valueName: "name"))
    var name: String

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(PhaseWeekArgument.help, valueName: "week|date"))
    var from: String

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp(
            "The last week, included (default: ongoing). " + PhaseWeekArgument.help, valueName: "week|date"))
    var to: String?

    @OptionGroup var colour: PhaseColourOption

    func run() throws {
        let context = try CommandContext(options)
        let store = try context.finiteStore()
        let phase = try store.addPhase(
            name, from: try PhaseWeekArgument.selector(from, field: "--from", today: store.today),
            to: try to.map { try PhaseWeekArgument.selector($0, field: "--to", today: store.today) },
            colour: try colour.parsed())
        if context.json { return try JSONOutput.print(phase) }
        Terminal.write("Added the phase \(PhaseText.describe(phase))")
    }
}

struct FinitePhaseList: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the life phases, by first week, with the letters the grid shows them by.",
        discussion: "Example: lifectl finite phase list"
    )

    @OptionGroup var options: GlobalOptions

    func run() throws {
        let context = try CommandContext(options)
        let phases = try context.finiteStore().phases()
        if context.json {
            struct Report: Encodable { let phases: [PhaseDetail] }
            return try JSONOutput.print(Report(phases: phases))
        }
        guard !phases.isEmpty else {
            return Terminal.write(
                "No life phases yet; add one with `lifectl finite phase add NAME --from WEEK|DATE [--to WEEK|DATE]`")
        }
        var table = TextTable([.left, .left, .left, .left])
        for band in PhaseBand.layout(phases) {
            table.add(String(band.key), band.phase.name, band.phase.colour.rawValue, band.phase.span)
        }
        Terminal.write(table.render())
    }
}

struct FinitePhaseEdit: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Change a life phase: its name, weeks or colour.",
        discussion: """
            --no-end makes the phase ongoing (through the current week).
            Example: lifectl finite phase edit school --to 2008-06-30 --colour indigo
            Example: lifectl finite phase edit Berlin --name "Berlin years"
            """
    )

    @OptionGroup var options: GlobalOptions

    @Argument(help: ArgumentHelp("The phase's name (any case).", valueName: "name"))
    var phase: String

    @Option(name: .customLong("name"), help: ArgumentHelp("A new name.", valueName: "name"))
    var newName: String?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(PhaseWeekArgument.help, valueName: "week|date"))
    var from: String?

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("The last week, included. " + PhaseWeekArgument.help, valueName: "week|date"))
    var to: String?

    @Flag(name: .customLong("no-end"), help: "Make the phase ongoing: no last week.")
    var noEnd = false

    @OptionGroup var colour: PhaseColourOption

    func validate() throws {
        if to != nil && noEnd { throw ValidationError("give --to or --no-end, not both") }
        if newName == nil && from == nil && to == nil && !noEnd && colour.colour == nil {
            throw ValidationError("nothing to change: give --name, --from, --to, --no-end or --colour")
        }
    }

    func run() throws {
        let context = try CommandContext(options)
        let store = try context.finiteStore()
        var change = PhaseChange(name: newName, colour: try colour.parsed())
        if let from { change.from = try PhaseWeekArgument.selector(from, field: "--from", today: store.today) }
        if let to { change.end = .some(try PhaseWeekArgument.selector(to, field: "--to", today: store.today)) }
        if noEnd { change.end = .some(nil) }
        let phase = try store.editPhase(self.phase, change)
        if context.json { return try JSONOutput.print(phase) }
        Terminal.write("Changed the phase \(PhaseText.describe(phase))")
    }
}

struct FinitePhaseDelete: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Delete a life phase (its weeks and their marks stay as they are).",
        discussion: "Example: lifectl finite phase delete school"
    )

    @OptionGroup var options: GlobalOptions

    @Argument(help: ArgumentHelp("The phase's name (any case).", valueName: "name"))
    var phase: String

    func run() throws {
        let context = try CommandContext(options)
        let removed = try context.finiteStore().deletePhase(phase)
        if context.json {
            struct Report: Encodable { let removed: PhaseDetail }
            return try JSONOutput.print(Report(removed: removed))
        }
        Terminal.write("Deleted the phase \(PhaseText.describe(removed))")
    }
}

/// A phase in one line: `'School': weeks 329–949, 1996-09-01 to 2008-07-31 (sky)`.
enum PhaseText {
    static func describe(_ phase: PhaseDetail) -> String {
        "'\(TerminalText.oneLine(phase.name))': \(phase.span) (\(phase.colour.rawValue))"
    }
}
