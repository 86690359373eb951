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

    static func printGoal(_ goal: Goal, lt: LifeTimerContext, streak: StreakUpdate? = nil) throws {
        if lt.json { return try JSONOutput.print(LifeTimerJSON.Goal(goal, streak: streak)) }
        Terminal.write(
            LifeTimerGoalCommand.render([goal], voice: lt.voice)
                + (streak.flatMap { LifeTimerMilestoneCommand.streakLine($0, voice: lt.voice) }.map { "\n" + $0 } ?? "")
        )
    }

    static func render(_ goals: [Goal], voice: LifeTimerVoice) -> String {
        guard !goals.isEmpty else { return voice.say(.goalListEmpty) }
        var lines: [String] = []
        for goal in goals {
            let mark = goal.isCompleted ? "✓" : " "
            lines.append(
                "\(goal.number). [\(mark)] \(TerminalText.oneLine(goal.title))  \(voice.percent(goal.progress))"
            )
            // A description is a text block: its own lines stay, each indented
            // under the goal, so none can pass for a goal line.
            if let description = goal.description {
                lines += description.split(separator: "\n", omittingEmptySubsequences: false).map { "      \($0)" }
            }
            if let place = goal.location {
                // Coordinates keep their decimal point in every language, as maps write them.
                lines.append(
                    "      "
                        + voice.say(
                            .goalPlace,
                            [
                                "place": TerminalText.oneLine(place.placeName ?? ""),
                                "latitude": Format.fixed(place.latitude, decimals: 5),
                                "longitude": Format.fixed(place.longitude, decimals: 5),
                            ]))
            }
            for milestone in goal.milestones {
                let done = milestone.isCompleted ? "✓" : " "
                let due = milestone.dueDate.map { voice.say(.milestoneDue, ["date": voice.date($0)]) } ?? ""
                let visibility = milestone.isPublic ? voice.say(.milestonePublic) : ""
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
            help: ArgumentHelp("The goal's place, in decimal degrees (69.65,18.96).", valueName: "lat,lon"))
        var at: Typed<Coordinate>?
        @Option(help: "The place's name.") var place: String?
        /// The old spelling of `--at LAT,LON` (CORE-13).
        @Option(parsing: .unconditional, help: .hidden) var latitude: String?
        @Option(parsing: .unconditional, help: .hidden) var longitude: String?

        func location(voice: LifeTimerVoice) throws -> GoalLocation? {
            guard at != nil || latitude != nil || longitude != nil || place != nil else { return nil }
            func number(_ text: String, field: String, example: String) throws -> Double {
                do {
                    return try DecimalInput.double(text, field: field, example: example)
                } catch let error as LifeError {
                    throw voice.reworded(
                        error, .errorDecimal, ["value": TerminalText.echoed(text), "example": example])
                }
            }
            if latitude != nil || longitude != nil {
                guard at == nil else {
                    throw LifeError.invalid(
                        field: "--at", "give --at only: --latitude and --longitude are its old spelling")
                }
                guard let latitude, let longitude else { throw voice.invalid("--at", .errorPlaceNeedsBoth) }
                Renamed.notice("--latitude/--longitude", isNow: "--at LAT,LON")
                return GoalLocation(
                    latitude: try number(latitude, field: "--latitude", example: "69.65"),
                    longitude: try number(longitude, field: "--longitude", example: "18.96"), placeName: place)
            }
            guard let at = at?.text else { throw voice.invalid("--at", .errorPlaceNeedsBoth) }
            let parts = at.split(separator: ",", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, let latitude = DecimalInput.double(parts[0]),
                let longitude = DecimalInput.double(parts[1])
            else { throw voice.invalid("--at", .errorPlaceForm, ["value": TerminalText.echoed(at)]) }
            // The range of each is the store's rule, in the account's words.
            return GoalLocation(latitude: latitude, longitude: longitude, placeName: place)
        }
    }

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Add a goal (before the start; at most 20 ever, deleted ones count).",
            discussion:
                "Example: lifectl lifetimer goal add \"See the northern lights\" --at 69.65,18.96 --place Tromsø"
        )

        @OptionGroup var options: LifeTimerOptions
        @Argument(help: "The title (100 characters at most).") var title: String
        @Option(help: "A description (2,000 characters at most).") var description: String?
        @OptionGroup var place: PlaceOptions
        @Option(help: ArgumentHelp("Cover image path or URL.", valueName: "path"), completion: .file()) var cover:
            String?

        func run() throws {
            let lt = try LifeTimerContext(options, server: .follows)
            let goal = try lt.store.addGoal(
                for: try lt.account(), title: title, description: description,
                location: try place.location(voice: lt.voice), cover: cover)
            try lt.keepServerInStep()
            try LifeTimerGoalCommand.printGoal(goal, lt: lt)
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "Your goals with their milestones.", discussion: "Example: lifectl lifetimer goal list")

        @OptionGroup var options: LifeTimerOptions

        func run() throws {
            let lt = try LifeTimerContext(options)
            let goals = try lt.store.goals(of: try lt.account())
            if lt.json { return try JSONOutput.print("goals", goals.map { LifeTimerJSON.Goal($0) }) }
            Terminal.write(LifeTimerGoalCommand.render(goals, voice: lt.voice))
        }
    }

    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit",
            abstract: "Change a goal; after the start only its description, place and cover.",
            discussion: "Example: lifectl lifetimer goal edit 1 --description \"Sub-4 hours\"")

        @OptionGroup var options: LifeTimerOptions
        @Argument(help: "The goal's number.") var number: Int
        @Option(help: "A new title (refused after the start).") var title: String?
        @Option(help: "A new description ('' clears it).") var description: String?
        @OptionGroup var place: PlaceOptions
        @Option(help: ArgumentHelp("Cover image path or URL ('' clears it).", valueName: "path"), completion: .file())
        var cover: String?

        func run() throws {
            let lt = try LifeTimerContext(options, server: .follows)
            let location = try place.location(voice: lt.voice)
            let goal = try lt.store.editGoal(
                for: try lt.account(), number: number,
                GoalChange(
                    title: title, description: description, location: location.map { .some($0) }, cover: cover))
            try lt.keepServerInStep()
            try LifeTimerGoalCommand.printGoal(goal, lt: lt)
        }
    }

    struct Complete: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "complete",
            abstract: "Mark a goal completed.", discussion: "Example: lifectl lifetimer goal complete 1")

        @OptionGroup var options: LifeTimerOptions
        @Argument(help: "The goal's number.") var number: Int

        func run() throws {
            let lt = try LifeTimerContext(options, server: .follows)
            let (goal, streak) = try lt.store.completeGoal(for: try lt.account(), number: number)
            try lt.keepServerInStep()
            try LifeTimerGoalCommand.printGoal(goal, lt: lt, streak: streak)
        }
    }

    struct Reopen: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "reopen",
            abstract: "Mark a completed goal as not completed.", discussion: "Example: lifectl lifetimer goal reopen 1")

        @OptionGroup var options: LifeTimerOptions
        @Argument(help: "The goal's number.") var number: Int

        func run() throws {
            let lt = try LifeTimerContext(options, server: .follows)
            let goal = try lt.store.setGoalCompleted(for: try lt.account(), number: number, false)
            try lt.keepServerInStep()
            try LifeTimerGoalCommand.printGoal(goal, lt: lt)
        }
    }

    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "delete",
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
            Terminal.write(
                lt.voice.say(.goalDeleted, ["number": String(number), "title": TerminalText.oneLine(goal.title)]))
        }
    }
}
