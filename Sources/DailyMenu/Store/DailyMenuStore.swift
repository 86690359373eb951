import Foundation
import LifeCore
import LifeDB
import LifeKernel

/// DailyMenu's use cases (SPEC §7) for an app or the CLI: one public method
/// is one use case is one transaction, every rule checked inside it, so
/// that nothing decided is read outside the transaction that acts on it
/// (SPEC CORE-12). The rules themselves are `DailyMenuSession`'s.
public struct DailyMenuStore: Sendable {
    let writer: any DatabaseWriter
    public let clock: Clock

    public init(_ writer: any DatabaseWriter, clock: Clock) {
        self.writer = writer
        self.clock = clock
    }

    private func read<T>(_ body: (DailyMenuSession) throws -> T) throws -> T {
        try writer.read { try body(DailyMenuSession($0, clock: clock)) }
    }

    private func write<T>(_ body: (DailyMenuSession) throws -> T) throws -> T {
        try writer.write { try body(DailyMenuSession($0, clock: clock)) }
    }

    // MARK: The catalogue (DM-1)

    public func categories() throws -> [ActivityCategory] { try read { try $0.categories() } }

    public func packs() throws -> [ActivityPack] { try read { try $0.packs() } }

    /// Every activity, base catalogue first, by category then title.
    public func activities() throws -> [Activity] { try read { try $0.activities() } }

    /// The activity a person named: its id, or its title in any case.
    public func activity(named text: String) throws -> Activity { try read { try $0.activity(named: text) } }

    /// The category a person named: its id or its name, in any case.
    public func category(named text: String) throws -> ActivityCategory {
        try read { try $0.category(named: text) }
    }

    /// The catalogue as the owner sees it now, with their own rituals:
    /// preferences and locks beside each; only the category a person named
    /// and the energy, when given; one's own removed rituals only with
    /// `includingRemoved`.
    public func listing(category: String? = nil, energy: Energy? = nil, includingRemoved: Bool = false) throws
        -> [ActivityListing]
    {
        try read { try $0.listing(category: category, energy: energy, includingRemoved: includingRemoved) }
    }

    // MARK: One's own rituals (issue 32)

    /// Adds a ritual of one's own: a title no other activity has (1–60
    /// characters, one line), a category of the catalogue (chosen once),
    /// an energy, 1–60 minutes and an optional how-to line. From then on it
    /// is on the menu and can be started and completed like the others.
    @discardableResult
    public func addActivity(title: String, category: String, energy: Energy, minutes: Int, howTo: String? = nil)
        throws -> Activity
    {
        try write {
            try $0.addActivity(title: title, category: category, energy: energy, minutes: minutes, howTo: howTo)
        }
    }

    /// Changes a ritual of one's own (not its category); answers it and the
    /// names of the fields that changed (`title`, `energy`, `minutes`, `how-to`).
    @discardableResult
    public func editActivity(_ name: String, change: OwnActivityChange) throws -> (
        activity: Activity, changed: [String]
    ) {
        try write { try $0.editActivity(name, change: change) }
    }

    /// Removes a ritual of one's own from the menu (`on` false), or restores
    /// it; the rituals done of it stay. Answers it and whether it changed.
    @discardableResult
    public func setActivityOn(_ name: String, _ on: Bool) throws -> (activity: Activity, changed: Bool) {
        try write { try $0.setActivityOn(name, on) }
    }

    // MARK: Preferences (DM-1; hidden and excluded are local only, DM-10)

    public func favorites() throws -> Set<String> { try read { try $0.favorites() } }

    public func hiddenActivities() throws -> Set<String> { try read { try $0.hiddenActivities() } }

    public func excludedCategories() throws -> Set<String> { try read { try $0.excludedCategories() } }

    /// Marks or unmarks a favourite; doing what is already so changes nothing.
    @discardableResult
    public func setFavorite(_ name: String, _ on: Bool) throws -> Activity {
        try write { try $0.setFavorite(name, on) }
    }

    /// Hides an activity from the menu, or shows it again.
    @discardableResult
    public func setHidden(_ name: String, _ on: Bool) throws -> Activity {
        try write { try $0.setHidden(name, on) }
    }

    /// Leaves a category out of the menu, or includes it again.
    @discardableResult
    public func setExcluded(_ name: String, _ on: Bool) throws -> ActivityCategory {
        try write { try $0.setExcluded(name, on) }
    }

    // MARK: Profile and settings (DM-9, DM-10)

    public func settings() throws -> DailyMenuSettings { try read { try $0.settings() } }

    /// Applies `change` in one transaction: all of it or none of it. A theme
    /// must have been unlocked by a season.
    @discardableResult
    public func updateSettings(_ change: DailyMenuSettingsChange) throws -> DailyMenuSettings {
        try write { try $0.updateSettings(change) }
    }

    // MARK: Time

    public func timeZone() throws -> TimeZone { try read { try $0.timeZone() } }

    /// The owner's local date now: "today" is local (CORE-5).
    public func today() throws -> CivilDate { try read { try $0.today() } }

    // MARK: Doing one (DM-3)

    /// Starts an activity with an optional before-mood. An activity already
    /// started and still open (within `openStartHours`) is refused; a locked
    /// one too.
    @discardableResult
    public func start(_ name: String, before: BeforeMood? = nil) throws -> RitualStart {
        try write { try $0.start(name, before: before) }
    }

    /// Completes an activity: its open start when there is one (taking its
    /// before-mood unless `before` is given), else a one-tap completion. It
    /// counts on the owner's local day now. Once per activity per local day.
    @discardableResult
    public func complete(
        _ name: String, before: BeforeMood? = nil, after: AfterMood? = nil, feedback: Feedback? = nil
    ) throws -> CompletionResult {
        try write { try $0.complete(name, before: before, after: after, feedback: feedback) }
    }

    /// Every completion, in history order; `from`/`through` bound the local day.
    public func completions(from: CivilDate? = nil, through: CivilDate? = nil) throws -> [Completion] {
        try read { try $0.completions(from: from, through: through) }
    }

    /// DM-10: the completions as anything meant for sync may carry them
    /// (moods and feedback left out while mood sharing is off).
    public func shareableCompletions() throws -> [Completion] { try read { try $0.shareableCompletions() } }

    /// The Moments of the rituals completed at or before `instant` (DM-4),
    /// which decide the packs open then (DM-5).
    public func moments(before instant: Date) throws -> Int {
        try read { try $0.momentTally(before: (instant, nil), countingAbsentMoods: false).total }
    }

    // MARK: What DailyMenu shows (DM-2, DM-8, DM-9)

    /// Moments, season, warmth and stamps as of the owner's today: from the
    /// cache while the history is unchanged, else worked out from the
    /// completions (and kept, when the database can be written).
    public func journey() throws -> Journey {
        if let cached = try read({ try $0.cachedJourney() }) { return cached }
        return try workingOut { try $0.workedOutJourney(keeping: $1) }
    }

    /// The profile (DM-9), its journey as `journey()` finds it.
    public func profile() throws -> DailyMenuProfile {
        let cached = try read { session in
            try session.cachedJourney().map { DailyMenuProfile(settings: try session.settings(), journey: $0) }
        }
        if let cached { return cached }
        return try workingOut {
            DailyMenuProfile(settings: try $0.settings(), journey: try $0.workedOutJourney(keeping: $1))
        }
    }

    /// Works the journey out in a write transaction, keeping it in the
    /// cache; a database that cannot be written (read-only, or held by
    /// another writer past the busy timeout) is read without keeping it.
    private func workingOut<T>(_ body: (DailyMenuSession, Bool) throws -> T) throws -> T {
        do {
            return try write { try body($0, true) }
        } catch let error as DatabaseError where error.resultCode == .readOnly || error.resultCode == .busy {
            return try read { try body($0, false) }
        }
    }

    /// The day's menu (DM-2), for `date` (default today). Today's menu asked
    /// for low energy records that today is a low-energy day (DM-11).
    public func menu(date: CivilDate? = nil, energy: Energy? = nil, count: Int = DailyMenuRules.menuSize) throws
        -> DailyMenuOfTheDay
    {
        if energy == .low { return try write { try $0.menu(date: date, energy: energy, count: count) } }
        return try read { try $0.menu(date: date, energy: energy, count: count) }
    }

    /// The days the menu was asked with `--energy low`, each with its first ask.
    public func lowEnergyAsks() throws -> [CivilDate: Date] { try read { try $0.lowEnergyAsks() } }

    /// The month grid's data (DM-8), only the rituals `filter` admits (DM-11;
    /// its category named by id or name).
    public func calendar(year: Int, month: Int, filter: CalendarFilter = .none) throws -> CalendarMonth {
        try read { try $0.calendar(year: year, month: month, filter: filter) }
    }

    // MARK: Undo, share, delete everything (DM-11)

    /// The completion a person named (its id or a unique prefix of 4+
    /// characters), or the latest when none is named.
    public func resolveCompletion(_ reference: String?, field: String = "completion") throws -> UUID {
        try read { try $0.resolveCompletion(reference, field: field) }
    }

    /// Undoes a completion; everything derived follows. Refused when what
    /// remains would break a rule of the history (a pack's ritual before its
    /// season, a theme not yet opened).
    @discardableResult
    public func undo(_ reference: String?) throws -> UndoResult {
        try write { try $0.undo(try $0.resolveCompletion(reference, field: "completion")) }
    }

    /// One completion (the latest when none is named) as a line to paste.
    public func share(_ reference: String?) throws -> ShareLine {
        try read { try $0.share(try $0.resolveCompletion(reference, field: "completion")) }
    }

    /// How much DailyMenu holds of the person: what `deleteAll` deletes.
    public func historySize() throws -> DailyMenuHistorySize { try read { try $0.historySize() } }

    /// Deletes everything DailyMenu holds of the person (the catalogue
    /// stays); no file and no device brings it back.
    @discardableResult
    public func deleteAll() throws -> DailyMenuDeletion { try write { try $0.deleteAll() } }

    /// One day's rituals with moods, feedback and Moments (DM-8).
    public func day(_ date: CivilDate) throws -> DayReport { try read { try $0.day(date) } }

    /// Moods over time and per category (the insights).
    public func insights() throws -> Insights { try read { try $0.insights() } }

    /// What `lifectl db check` reports of DailyMenu's rows (`DailyMenuProduct`).
    public func invariantViolations() throws -> [String] { try read { try $0.invariantViolations() } }
}
