import ArgumentParser
import Foundation
import LifeCore
import LifeTimer

/// `lifectl lifetimer goal`: the bucket list (LT-2, LT-3).
struct LifeTimerGoalCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "goal",
        abstract: "Add, list, edit, complete or delete goals (1–20, locked once the countdown starts).",
        subcommands: [Add.self, List.self, Edit.self, Complete.self, Reopen.self, Delete.self]
    )

    static func printGoal(_ goal: Goal, json: Bool) throws {
        if json { return try JSONOutput.print(LifeTimerJSON.Goal(goal)) }
        Terminal.write(LifeTimerGoalCommand.render([goal]))
    }

    static func render(_ goals: [Goal]) -> String {
        guard !goals.isEmpty else { return "No goals yet. Add one with `lifectl lifetimer goal add TITLE`." }
        var lines: [String] = []
        for goal in goals {
            let mark = goal.isCompleted ? "✓" : " "
            lines.append(
                "\(goal.number). [\(mark)] \(TerminalText.oneLine(goal.title))  \(LifeTimerText.percent(goal.progress))"
            )
            // A description is a text block: its own lines stay, each indented
            // under the goal, so none can pass for a goal line.
            if let description = goal.description {
                lines += description.split(separator: "\n", omittingEmptySubsequences: false).map { "      \($0)" }
            }
            if let place = goal.location {
                lines.append(
                    "      at \(TerminalText.oneLine(place.placeName ?? "")) (\(Format.fixed(place.latitude, decimals: 5)), \(Format.fixed(place.longitude, decimals: 5)))"
                )
            }
            for milestone in goal.milestones {
                let done = milestone.isCompleted ? "✓" : " "
                let due = milestone.dueDate.map { " due \($0.iso)" } ?? ""
                let visibility = milestone.isPublic ? " (public)" : ""
                lines.append(
                    "   \(goal.number).\(milestone.position) [\(done)] \(TerminalText.oneLine(milestone.title))\(due)\(visibility)"
                )
            }
        }
        return lines.joined(separator: "\n")
    }

    struct PlaceOptions: ParsableArguments {
        @Option(
            parsing: .unconditional,
            help: ArgumentHelp("Latitude of the goal's place, in decimal degrees.", valueName: "latitude"))
        var latitude: String?
        @Option(
            parsing: .unconditional,
            help: ArgumentHelp("Longitude of the goal's place, in decimal degrees.", valueName: "longitude"))
        var longitude: String?
        @Option(help: "The place's name.") var place: String?

        func location() throws -> GoalLocation? {
            guard latitude != nil || longitude != nil || place != nil else { return nil }
            guard let latitude, let longitude else {
                throw LifeError.invalid(field: "--latitude", "a place needs both --latitude and --longitude")
            }
            return GoalLocation(
                latitude: try DecimalInput.double(latitude, field: "--latitude", example: "69.65"),
                longitude: try DecimalInput.double(longitude, field: "--longitude", example: "18.96"), placeName: place)
        }
    }

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add a goal (before the start; at most 20 ever, deleted ones count).",
            discussion:
                "Example: lifectl lifetimer goal add \"See the northern lights\" --latitude 69.65 --longitude 18.96 --place Tromsø"
        )

        @OptionGroup var options: LifeTimerOptions
        @Argument(help: "The title (100 characters at most).") var title: String
        @Option(help: "A description (2,000 characters at most).") var description: String?
        @OptionGroup var place: PlaceOptions
        @Option(help: ArgumentHelp("Cover image path or URL.", valueName: "path")) var cover: String?

        func run() throws {
            let lt = try LifeTimerContext(options, server: .follows)
            let goal = try lt.store.addGoal(
                for: try lt.account(), title: title, description: description, location: try place.location(),
                cover: cover)
            try lt.keepServerInStep()
            try LifeTimerGoalCommand.printGoal(goal, json: lt.json)
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Your goals with their milestones.", discussion: "Example: lifectl lifetimer goal list")

        @OptionGroup var options: LifeTimerOptions

        func run() throws {
            let lt = try LifeTimerContext(options)
            let goals = try lt.store.goals(of: try lt.account())
            if lt.json { return try JSONOutput.print(goals.map(LifeTimerJSON.Goal.init)) }
            Terminal.write(LifeTimerGoalCommand.render(goals))
        }
    }

    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Change a goal; after the start only its description, place and cover.",
            discussion: "Example: lifectl lifetimer goal edit 1 --description \"Sub-4 hours\"")

        @OptionGroup var options: LifeTimerOptions
        @Argument(help: "The goal's number.") var number: Int
        @Option(help: "A new title (refused after the start).") var title: String?
        @Option(help: "A new description ('' clears it).") var description: String?
        @OptionGroup var place: PlaceOptions
        @Option(help: ArgumentHelp("Cover image path or URL ('' clears it).", valueName: "path")) var cover: String?

        func run() throws {
            let lt = try LifeTimerContext(options, server: .follows)
            let location = try place.location()
            let goal = try lt.store.editGoal(
                for: try lt.account(), number: number,
                GoalChange(
                    title: title, description: description, location: location.map { .some($0) }, cover: cover))
            try lt.keepServerInStep()
            try LifeTimerGoalCommand.printGoal(goal, json: lt.json)
        }
    }

    struct Complete: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Mark a goal completed.", discussion: "Example: lifectl lifetimer goal complete 1")

        @OptionGroup var options: LifeTimerOptions
        @Argument(help: "The goal's number.") var number: Int

        func run() throws {
            let lt = try LifeTimerContext(options, server: .follows)
            let goal = try lt.store.setGoalCompleted(for: try lt.account(), number: number, true)
            try lt.keepServerInStep()
            try LifeTimerGoalCommand.printGoal(goal, json: lt.json)
        }
    }

    struct Reopen: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Mark a completed goal as not completed.", discussion: "Example: lifectl lifetimer goal reopen 1")

        @OptionGroup var options: LifeTimerOptions
        @Argument(help: "The goal's number.") var number: Int

        func run() throws {
            let lt = try LifeTimerContext(options, server: .follows)
            let goal = try lt.store.setGoalCompleted(for: try lt.account(), number: number, false)
            try lt.keepServerInStep()
            try LifeTimerGoalCommand.printGoal(goal, json: lt.json)
        }
    }

    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete a goal and its milestones (before the start only; it still counts towards 20).",
            discussion: "Example: lifectl lifetimer goal delete 2")

        @OptionGroup var options: LifeTimerOptions
        @Argument(help: "The goal's number.") var number: Int

        func run() throws {
            let lt = try LifeTimerContext(options, server: .follows)
            let account = try lt.account()
            let goal = try lt.store.deleteGoal(for: account, number: number)
            try lt.keepServerInStep()
            if lt.json { return try JSONOutput.print(LifeTimerJSON.Goal(goal)) }
            Terminal.write("Deleted goal \(number), \(TerminalText.oneLine(goal.title)).")
        }
    }
}
