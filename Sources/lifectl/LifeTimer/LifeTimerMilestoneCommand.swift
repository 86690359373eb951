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

    static func printMilestone(
        _ milestone: Milestone, goal: Int, lt: LifeTimerContext, streak: StreakUpdate? = nil
    ) throws {
        if lt.json { return try JSONOutput.print(LifeTimerJSON.Milestone(milestone, goal: goal, streak: streak)) }
        let voice = lt.voice
        let done = milestone.isCompleted ? "✓" : " "
        let due = milestone.dueDate.map { voice.say(.milestoneDue, ["date": voice.date($0)]) } ?? ""
        let visibility = voice.say(milestone.isPublic ? .milestonePublic : .milestonePrivate)
        var lines = [
            "\(goal).\(milestone.position) [\(done)] \(TerminalText.oneLine(milestone.title))\(due)\(visibility)"
        ]
        if let line = streak.flatMap({ streakLine($0, voice: voice) }) { lines.append(line) }
        Terminal.write(lines.joined(separator: "\n"))
    }

    /// LT-10: what a completion did to the streak, when it started or
    /// extended one (the moment the streak notification fires); nil else.
    static func streakLine(_ streak: StreakUpdate, voice: LifeTimerVoice) -> String? {
        guard streak.earned else { return nil }
        return voice.say(streak.started ? .streakStarted : .streakExtended, count: streak.days)
    }

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Add a milestone at the end of a goal's list (allowed after the start).",
            discussion:
                "Example: lifectl lifetimer milestone add 1 \"Run a 10 km race\" --due 2027-04-01 --visibility public")

        @OptionGroup var options: LifeTimerOptions
        @Argument(help: "The goal's number.") var goal: Int
        @Argument(help: "The title (100 characters at most).") var title: String
        @Option(
            parsing: .unconditional,
            help: ArgumentHelp("Due date (2027-04-01, +3m, friday …).", valueName: "date")) var due: String?
        @Option(
            help: ArgumentHelp(
                "public: on your public profile and your followers' feeds once completed (default private).",
                valueName: "visibility"))
        var visibility: Typed<AccountVisibility>?
        /// The old spelling of `--visibility public` (CORE-13).
        @Flag(name: .customLong("public"), help: .hidden) var oldPublic = false

        func run() throws {
            let lt = try LifeTimerContext(options, server: .follows)
            var isPublic = try visibility?.choice("--visibility", voice: lt.voice) == .public
            if oldPublic {
                guard visibility == nil else {
                    throw LifeError.invalid(
                        field: "--visibility", "give --visibility only: --public is its old spelling")
                }
                Renamed.notice("--public", isNow: "--visibility public")
                isPublic = true
            }
            let account = try lt.account()
            let date = try due.map { try lt.date($0, field: "--due", today: try lt.store.today(for: account)) }
            let milestone = try lt.store.addMilestone(
                for: account, goal: goal, title: title, due: date, isPublic: isPublic)
            try lt.keepServerInStep()
            try LifeTimerMilestoneCommand.printMilestone(milestone, goal: goal, lt: lt)
        }
    }

    struct Complete: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "complete",
            abstract: "Mark a milestone completed now (an active day).",
            discussion: "Example: lifectl lifetimer milestone complete 1.1")

        @OptionGroup var options: LifeTimerOptions
        @Argument(help: "GOAL.STEP, such as 1.2.") var milestone: String

        func run() throws {
            let lt = try LifeTimerContext(options, server: .follows)
            let ref = try MilestoneRef.parse(milestone, field: "milestone", voice: lt.voice)
            let (done, streak) = try lt.store.completeMilestone(for: try lt.account(), ref)
            try lt.keepServerInStep()
            try LifeTimerMilestoneCommand.printMilestone(done, goal: ref.goal, lt: lt, streak: streak)
        }
    }

    struct Reopen: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "reopen",
            abstract: "Mark a milestone as not completed.",
            discussion: "Example: lifectl lifetimer milestone reopen 1.1")

        @OptionGroup var options: LifeTimerOptions
        @Argument(help: "GOAL.STEP, such as 1.2.") var milestone: String

        func run() throws {
            let lt = try LifeTimerContext(options, server: .follows)
            let ref = try MilestoneRef.parse(milestone, field: "milestone", voice: lt.voice)
            let open = try lt.store.setMilestoneCompleted(for: try lt.account(), ref, false)
            try lt.keepServerInStep()
            try LifeTimerMilestoneCommand.printMilestone(open, goal: ref.goal, lt: lt)
        }
    }

    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit",
            abstract: "Change a milestone's title, due date or visibility.",
            discussion: "Example: lifectl lifetimer milestone edit 1.1 --due none --visibility public")

        @OptionGroup var options: LifeTimerOptions
        @Argument(help: "GOAL.STEP, such as 1.2.") var milestone: String
        @Option(help: "A new title.") var title: String?
        @Option(parsing: .unconditional, help: ArgumentHelp("Due date, or none.", valueName: "date")) var due: String?
        @Option(help: ArgumentHelp("public or private.", valueName: "visibility"))
        var visibility: Typed<AccountVisibility>?
        /// The old spelling: `--public on|off` (CORE-13).
        @Option(name: .customLong("public"), help: .hidden) var oldPublic: String?

        func run() throws {
            let lt = try LifeTimerContext(options, server: .follows)
            var isPublic = try visibility.map { try $0.choice("--visibility", voice: lt.voice) == .public }
            if let oldPublic {
                guard visibility == nil else {
                    throw LifeError.invalid(
                        field: "--visibility", "give --visibility only: --public is its old spelling")
                }
                let on = try LifeTimerText.onOff(oldPublic, field: "--public", voice: lt.voice)
                Renamed.notice("--public \(on ? "on" : "off")", isNow: "--visibility \(on ? "public" : "private")")
                isPublic = on
            }
            let account = try lt.account()
            let ref = try MilestoneRef.parse(milestone, field: "milestone", voice: lt.voice)
            var dueDate: CivilDate??
            if let due {
                dueDate =
                    due.lowercased() == "none"
                    ? .some(nil)
                    : .some(try lt.date(due, field: "--due", today: try lt.store.today(for: account)))
            }
            let edited = try lt.store.editMilestone(
                for: account, ref,
                MilestoneChange(
                    title: title, dueDate: dueDate,
                    isPublic: isPublic))
            try lt.keepServerInStep()
            try LifeTimerMilestoneCommand.printMilestone(edited, goal: ref.goal, lt: lt)
        }
    }

    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "delete",
            abstract: "Delete a milestone (the others keep their numbers).",
            discussion: "Example: lifectl lifetimer milestone delete 1.2")

        @OptionGroup var options: LifeTimerOptions
        @Argument(help: "GOAL.STEP, such as 1.2.") var milestone: String

        func run() throws {
            let lt = try LifeTimerContext(options, server: .follows)
            let account = try lt.account()
            let ref = try MilestoneRef.parse(milestone, field: "milestone", voice: lt.voice)
            let gone = try lt.store.deleteMilestone(for: account, ref)
            try lt.keepServerInStep()
            if lt.json { return try JSONOutput.print(LifeTimerJSON.Milestone(gone, goal: ref.goal)) }
            Terminal.write(
                lt.voice.say(.milestoneDeleted, ["ref": "\(ref)", "title": TerminalText.oneLine(gone.title)]))
        }
    }
}
