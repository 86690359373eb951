import ArgumentParser
import DailyMenu
import LifeCore

struct DailyMenuActivities: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "activities",
        abstract: "List the catalogue and your own rituals: each one's id, title, category, energy and minutes.",
        discussion: """
            Favourites are marked ★; your own, hidden ones, left-out categories and packs still to open are noted.
            Example: lifectl dailymenu activities --category breathe
            """
    )

    @OptionGroup var options: GlobalOptions

    @Option(name: .long, help: ArgumentHelp("Only this category (id or name).", valueName: "category"))
    var category: Typed<CategoryName>?

    @Option(name: .long, help: ArgumentHelp("Only this energy.", valueName: "energy"))
    var energy: Typed<Energy>?

    @Flag(name: .long, help: "Also list the rituals of your own you removed.")
    var all = false

    func run() throws {
        let context = try CommandContext(options)
        let store = try context.dailyMenuStore()
        let wantedEnergy = try energy?.value("--energy")
        let listing = try store.listing(category: category?.text, energy: wantedEnergy, includingRemoved: all)
        if context.json { return try JSONOutput.print("activities", listing) }
        let packs = Dictionary(uniqueKeysWithValues: try store.packs().map { ($0.id, $0) })
        var table = TextTable([.left, .left, .left, .left, .right, .left])
        table.add("id", "title", "category", "energy", "min", "notes")
        for item in listing {
            let notes = DailyMenuVoice.notes(item, pack: item.activity.pack.flatMap { packs[$0] })
            table.add(
                item.activity.shortID, item.activity.title, item.activity.category, item.activity.energy.rawValue,
                "\(item.activity.minutes)", notes)
        }
        Terminal.write(table.render())
    }
}

/// A preference switched on, or off with a last word `off` (CORE-13: one
/// on/off type; the old `--off` flag still works, with its notice).
struct PreferenceOptions: ParsableArguments {
    @OptionGroup var options: GlobalOptions

    @Argument(help: ArgumentHelp("on, or off to undo it (default on).", valueName: "on|off"))
    var state: Typed<Switch>?

    /// The old spelling of a last `off` (CORE-13).
    @Flag(name: .customLong("off"), help: .hidden)
    var oldOff = false

    /// Applies `change` (on, unless off) to the store and prints what it
    /// changed: the id as JSON, or the sentence. `usage` is the command as
    /// the notice for `--off` shows it (`dailymenu favorite ACTIVITY off`).
    func apply(usage: String, _ change: (DailyMenuStore, Bool) throws -> (id: String, sentence: String)) throws {
        let context = try CommandContext(options)
        var on = try state?.value("on|off").isOn ?? true
        if oldOff {
            guard state == nil else {
                throw LifeError.invalid(field: "--off", "give on or off only: --off is its old spelling")
            }
            Renamed.notice("--off", isNow: usage)
            on = false
        }
        let done = try change(try context.dailyMenuStore(), on)
        if context.json { return try JSONOutput.print(PreferenceReport(id: done.id, on: on)) }
        Terminal.write(done.sentence)
    }
}

struct DailyMenuFavorite: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "favorite",
        abstract: "Mark an activity as a favourite (it comes up more often), or off.",
        discussion: """
            Example: lifectl dailymenu favorite box-breath
            Example: lifectl dailymenu favorite box-breath off
            """
    )

    @Argument(help: ArgumentHelp("The activity's id or title.", valueName: "activity")) var activity: String
    @OptionGroup var preference: PreferenceOptions

    func run() throws {
        try preference.apply(usage: "dailymenu favorite ACTIVITY off") { store, on in
            let done = try store.setFavorite(activity, on)
            return (done.id, DailyMenuVoice.favorite(done, on: on))
        }
    }
}

struct DailyMenuHide: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hide",
        abstract: "Hide an activity from the menu, or off to bring it back. Kept on this device only.",
        discussion: "Example: lifectl dailymenu hide stair-climb"
    )

    @Argument(help: ArgumentHelp("The activity's id or title.", valueName: "activity")) var activity: String
    @OptionGroup var preference: PreferenceOptions

    func run() throws {
        try preference.apply(usage: "dailymenu hide ACTIVITY off") { store, on in
            let done = try store.setHidden(activity, on)
            return (done.id, DailyMenuVoice.hidden(done, on: on))
        }
    }
}

struct DailyMenuExclude: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "exclude",
        abstract: "Leave a whole category out of the menu, or off to include it. Kept on this device only.",
        discussion: "Example: lifectl dailymenu exclude tidy"
    )

    @Argument(help: ArgumentHelp("The category's id or name.", valueName: "category")) var category: String
    @OptionGroup var preference: PreferenceOptions

    func run() throws {
        try preference.apply(usage: "dailymenu exclude CATEGORY off") { store, on in
            let done = try store.setExcluded(category, on)
            return (done.id, DailyMenuVoice.excluded(done, on: on))
        }
    }
}

/// The `--json` answer of favorite, hide and exclude.
struct PreferenceReport: Encodable {
    let id: String
    let on: Bool
}
