import ArgumentParser
import DailyMenu
import LifeCore

/// `lifectl dailymenu activity`: a person's own rituals (issue 32).
struct DailyMenuActivity: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "activity",
        abstract: "Your own rituals: add one, change it, remove it from the menu or restore it.",
        discussion: """
            A ritual of your own comes up on the menu and counts in Moments, stamps and the calendar like the \
            catalogue's, and travels with sync. Its category is chosen once.
            """,
        subcommands: [
            DailyMenuActivityAdd.self, DailyMenuActivityEdit.self, DailyMenuActivityRemove.self,
            DailyMenuActivityRestore.self,
        ]
    )
}

/// What `activity add|edit|remove|restore --json` prints.
private struct OwnActivityReport: Encodable {
    let activity: Activity
    let changed: [String]
}

struct DailyMenuActivityAdd: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a ritual of your own.",
        discussion: """
            The title is 1–60 characters and no other activity's; minutes 1–60; the how-to one line of at most 160.
            Example: lifectl dailymenu activity add "Morning pages" --category create --energy low --minutes 10
            """
    )

    @OptionGroup var options: GlobalOptions

    @Argument(help: ArgumentHelp("Its title, 1–60 characters.", valueName: "title"))
    var title: String

    @Option(help: ArgumentHelp("Its category (id or name).", valueName: "category"))
    var category: Typed<CategoryName>

    @Option(help: ArgumentHelp("The energy it takes.", valueName: "energy"))
    var energy: Typed<Energy>

    @Option(help: ArgumentHelp("About how long it takes, 1–60.", valueName: "minutes"))
    var minutes: Int

    @Option(name: .customLong("how-to"), help: ArgumentHelp("One line on how to do it.", valueName: "text"))
    var howTo: String?

    func run() throws {
        let context = try CommandContext(options)
        let store = try context.dailyMenuStore()
        let activity = try store.addActivity(
            title: title, category: category.text, energy: try energy.value("--energy"), minutes: minutes,
            howTo: howTo)
        if context.json { return try JSONOutput.print(OwnActivityReport(activity: activity, changed: [])) }
        Terminal.write(DailyMenuVoice.ownAdded(activity))
    }
}

struct DailyMenuActivityEdit: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Change a ritual of your own: its title, energy, minutes or how-to (not its category).",
        discussion: "Example: lifectl dailymenu activity edit \"Morning pages\" --minutes 15"
    )

    @OptionGroup var options: GlobalOptions

    @Argument(help: ArgumentHelp("Its id or title.", valueName: "activity"))
    var activity: String

    @Option(help: ArgumentHelp("A new title, 1–60 characters.", valueName: "title"))
    var title: String?

    @Option(help: ArgumentHelp("The energy it takes.", valueName: "energy"))
    var energy: Typed<Energy>?

    @Option(help: ArgumentHelp("1–60.", valueName: "minutes"))
    var minutes: Int?

    @Option(name: .customLong("how-to"), help: ArgumentHelp("A new how-to line.", valueName: "text"))
    var howTo: String?

    @Flag(name: .customLong("no-how-to"), help: "Remove the how-to line.")
    var noHowTo = false

    func validate() throws {
        if howTo != nil && noHowTo { throw ValidationError("give --how-to or --no-how-to, not both") }
        if title == nil && energy == nil && minutes == nil && howTo == nil && !noHowTo {
            throw ValidationError(
                "nothing to change: give the new --title, --energy, --minutes, --how-to or --no-how-to")
        }
    }

    func run() throws {
        let context = try CommandContext(options)
        let store = try context.dailyMenuStore()
        let change = OwnActivityChange(
            title: title, energy: try energy?.value("--energy"), minutes: minutes,
            howTo: noHowTo ? .some(nil) : howTo.map { .some($0) })
        let (edited, changed) = try store.editActivity(activity, change: change)
        if context.json { return try JSONOutput.print(OwnActivityReport(activity: edited, changed: changed)) }
        Terminal.write(DailyMenuVoice.ownEdited(edited, changed: changed))
    }
}

struct DailyMenuActivityRemove: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Take a ritual of your own off the menu; the rituals you did of it stay in your history.",
        discussion: "Example: lifectl dailymenu activity remove \"Morning pages\""
    )

    @OptionGroup var options: GlobalOptions

    @Argument(help: ArgumentHelp("Its id or title.", valueName: "activity"))
    var activity: String

    func run() throws {
        try OwnSwitch.run(options, activity, on: false)
    }
}

struct DailyMenuActivityRestore: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Put a ritual of your own you removed back on the menu.",
        discussion: "Example: lifectl dailymenu activity restore \"Morning pages\""
    )

    @OptionGroup var options: GlobalOptions

    @Argument(help: ArgumentHelp("Its id or title.", valueName: "activity"))
    var activity: String

    func run() throws {
        try OwnSwitch.run(options, activity, on: true)
    }
}

/// `remove` and `restore`: one switch, said the same way.
private enum OwnSwitch {
    static func run(_ options: GlobalOptions, _ name: String, on: Bool) throws {
        let context = try CommandContext(options)
        let (activity, changed) = try context.dailyMenuStore().setActivityOn(name, on)
        if context.json {
            return try JSONOutput.print(OwnActivityReport(activity: activity, changed: changed ? ["removed"] : []))
        }
        Terminal.write(DailyMenuVoice.ownSwitched(activity, on: on, changed: changed))
    }
}
