import Foundation
import LifeCore
import LifeDB
import LifeKernel

/// Finite's use cases (SPEC §3) for an app or the CLI: one public method is
/// one use case is one transaction, every rule checked inside it, so that
/// nothing decided is read outside the transaction that acts on it (SPEC
/// CORE-12). The rules themselves are `FiniteSession`'s.
public struct FiniteStore: Sendable {
    let writer: any DatabaseWriter
    public let clock: Clock

    public init(_ writer: any DatabaseWriter, clock: Clock) {
        self.writer = writer
        self.clock = clock
    }

    private func read<T>(_ body: (FiniteSession) throws -> T) throws -> T {
        try writer.read { try body(FiniteSession($0, clock: clock)) }
    }

    private func write<T>(_ body: (FiniteSession) throws -> T) throws -> T {
        try writer.write { try body(FiniteSession($0, clock: clock)) }
    }

    // MARK: Setup and settings (FIN-1, FIN-5)

    /// Sets the birthday (and optionally the life expectancy). Running it again
    /// may change the expectancy; it may change the birthday only while no week
    /// is marked, because every mark is tied to a week counted from it.
    @discardableResult
    public func setup(birthday: CivilDate, lifeExpectancyYears: Int? = nil) throws -> FiniteProfile {
        try write { try $0.setup(birthday: birthday, lifeExpectancyYears: lifeExpectancyYears) }
    }

    /// The profile, or nil before setup.
    public func profile() throws -> FiniteProfile? { try read { try $0.profile() } }

    /// The profile, or an error telling how to set it up.
    public func requireProfile() throws -> FiniteProfile { try read { try $0.requireProfile() } }

    public func settings() throws -> FiniteSettings { try read { try $0.settings() } }

    /// Applies `change` in one transaction: all of it or none of it.
    @discardableResult
    public func updateSettings(_ change: FiniteSettingsChange) throws -> FiniteSettings {
        try write { try $0.updateSettings(change) }
    }

    // MARK: Time

    public func timeZone() throws -> TimeZone { try read { try $0.timeZone() } }

    /// The zone's name for display, as the owner gave it.
    public func timeZoneName() throws -> String { try read { try $0.timeZoneName() } }

    /// The owner's local date now: "today" is local (CORE-5).
    public func today() throws -> CivilDate { try read { try $0.today() } }

    public func grid() throws -> LifeGrid { try read { try $0.grid() } }

    /// Status of FIN-3 for today.
    public func status() throws -> LifeStatus { try read { try $0.status() } }

    // MARK: Weeks and marks (FIN-4)

    /// Marks a week with a rating 1–5, an optional category and an optional
    /// phrase of at most 140 characters. Marking again replaces the mark (its
    /// id and first-marked time stay). A future week is refused.
    @discardableResult
    public func mark(
        _ selector: WeekSelector = .current, rating: Int, category: String? = nil, phrase: String? = nil
    ) throws -> MarkResult {
        try write { try $0.mark(selector, rating: rating, category: category, phrase: phrase) }
    }

    /// Removes a week's mark; answers the week and the mark removed (nil when
    /// the week had none, which is not an error: unmarking is idempotent).
    @discardableResult
    public func unmark(_ selector: WeekSelector) throws -> UnmarkResult {
        try write { try $0.unmark(selector) }
    }

    public func mark(at index: Int) throws -> WeekMark? { try read { try $0.mark(at: index) } }

    /// Every mark, by week.
    public func marks() throws -> [WeekMark] { try read { try $0.marks() } }

    /// One week with its dates, its tense and its mark (`lifectl finite show`).
    public func week(_ selector: WeekSelector) throws -> WeekDetail { try read { try $0.week(selector) } }

    // MARK: Computed views (FIN-6 … FIN-9)

    public func reveal() throws -> RevealPlan { try read { try $0.reveal() } }

    /// The notification schedule for `days` local days from `from` (default today).
    public func notifications(from: CivilDate? = nil, days: Int = 7) throws -> [FiniteNotification] {
        try read { try $0.notifications(from: from, days: days) }
    }

    public func widget(entries: Int = 8) throws -> WidgetSnapshot { try read { try $0.widget(entries: entries) } }

    public func picture(mode: ViewMode? = nil) throws -> GridPicture { try read { try $0.picture(mode: mode) } }

    /// What `lifectl db check` reports of Finite's rows (`FiniteProduct`).
    public func invariantViolations() throws -> [String] { try read { try $0.invariantViolations() } }
}
