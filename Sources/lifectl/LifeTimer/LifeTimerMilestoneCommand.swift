import ArgumentParser
import Foundation
import LifeCore
import LifeTimer

/// `lifectl lifetimer milestone`: the ordered steps of a goal (LT-2).
struct LifeTimerMilestoneCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "milestone",
        abstract: "Add, complete, edit or delete a goal's milestones (named GOAL.STEP, such as 2.1).",
        subcommands: [Add.self, Complete.self, Reopen.self, Edit.self, Delete.self]
    )

    static func printMilestone(_ milestone: Milestone, goal: Int, json: Bool) throws {
        if json { return try JSONOutput.print(LifeTimerJSON.Milestone(milestone, goal: goal)) }
        let done = milestone.isCompleted ? "✓" : " "
        let due = milestone.dueDate.map { " due \($0.iso)" } ?? ""
        Terminal.write(
            "\(goal).\(milestone.position) [\(done)] \(TerminalText.oneLine(milestone.title))\(due)\(milestone.isPublic ? " (public)" : " (private)")"
        )
    }

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add a milestone at the end of a goal's list (allowed after the start).",
            discussion: "Example: lifectl lifetimer milestone add 1 \"Run a 10 km race\" --due 2027-04-01 --public")

        @OptionGroup var options: LifeTimerOptions
        @Argument(help: "The goal's number.") var goal: Int
        @Argument(help: "The title (100 characters at most).") var title: String
        @Option(
            parsing: .unconditional,
            help: ArgumentHelp("Due date (2027-04-01, +3m, friday …).", valueName: "date")) var due: String?
        @Flag(help: "Show it on your public profile and your followers' feeds once completed.") var `public` = false

        func run() throws {
            let lt = try LifeTimerContext(options, server: .follows)
            let account = try lt.account()
            let date = try due.map {
                try DateExpression.date($0, field: "--due", today: try lt.store.today(for: account))
            }
            let milestone = try lt.store.addMilestone(
                for: account, goal: goal, title: title, due: date, isPublic: self.public)
            try lt.keepServerInStep()
            try LifeTimerMilestoneCommand.printMilestone(milestone, goal: goal, json: lt.json)
        }
    }

    struct Complete: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Mark a milestone completed now (an active day).",
            discussion: "Example: lifectl lifetimer milestone complete 1.1")

        @OptionGroup var options: LifeTimerOptions
        @Argument(help: "GOAL.STEP, such as 1.2.") var milestone: String

        func run() throws {
            let lt = try LifeTimerContext(options, server: .follows)
            let ref = try MilestoneRef.parse(milestone, field: "milestone")
            let done = try lt.store.setMilestoneCompleted(for: try lt.account(), ref, true)
            try lt.keepServerInStep()
            try LifeTimerMilestoneCommand.printMilestone(done, goal: ref.goal, json: lt.json)
        }
    }

    struct Reopen: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Mark a milestone as not completed.",
            discussion: "Example: lifectl lifetimer milestone reopen 1.1")

        @OptionGroup var options: LifeTimerOptions
        @Argument(help: "GOAL.STEP, such as 1.2.") var milestone: String

        func run() throws {
            let lt = try LifeTimerContext(options, server: .follows)
            let ref = try MilestoneRef.parse(milestone, field: "milestone")
            let open = try lt.store.setMilestoneCompleted(for: try lt.account(), ref, false)
            try lt.keepServerInStep()
            try LifeTimerMilestoneCommand.printMilestone(open, goal: ref.goal, json: lt.json)
        }
    }

    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Change a milestone's title, due date or visibility.",
            discussion: "Example: lifectl lifetimer milestone edit 1.1 --due none --public on")

        @OptionGroup var options: LifeTimerOptions
        @Argument(help: "GOAL.STEP, such as 1.2.") var milestone: String
        @Option(help: "A new title.") var title: String?
        @Option(parsing: .unconditional, help: ArgumentHelp("Due date, or none.", valueName: "date")) var due: String?
        @Option(name: .customLong("public"), help: ArgumentHelp("on or off.", valueName: "on|off")) var isPublic:
            String?

        func run() throws {
            let lt = try LifeTimerContext(options, server: .follows)
            let account = try lt.account()
            let ref = try MilestoneRef.parse(milestone, field: "milestone")
            var dueDate: CivilDate??
            if let due {
                dueDate =
                    due.lowercased() == "none"
                    ? .some(nil)
                    : .some(try DateExpression.date(due, field: "--due", today: try lt.store.today(for: account)))
            }
            let edited = try lt.store.editMilestone(
                for: account, ref,
                MilestoneChange(
                    title: title, dueDate: dueDate,
                    isPublic: try isPublic.map { try LifeTimerText.onOff($0, field: "--public") }))
            try lt.keepServerInStep()
            try LifeTimerMilestoneCommand.printMilestone(edited, goal: ref.goal, json: lt.json)
        }
    }

    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete a milestone (the others keep their numbers).",
            discussion: "Example: lifectl lifetimer milestone delete 1.2")

        @OptionGroup var options: LifeTimerOptions
        @Argument(help: "GOAL.STEP, such as 1.2.") var milestone: String

        func run() throws {
            let lt = try LifeTimerContext(options, server: .follows)
            let account = try lt.account()
            let ref = try MilestoneRef.parse(milestone, field: "milestone")
            let gone = try lt.store.deleteMilestone(for: account, ref)
            try lt.keepServerInStep()
            if lt.json { return try JSONOutput.print(LifeTimerJSON.Milestone(gone, goal: ref.goal)) }
            Terminal.write("Deleted milestone \(ref), \(TerminalText.oneLine(gone.title)).")
        }
    }
}
