import Foundation
import LifeCore
import LifeDB
import LifeKernel

/// The rules an imported row obeys (SPEC CORE-12: one write path): the same
/// functions the commands apply (`DailyMenuRules`), on the file's row on its
/// own (`checkImported…`: what makes it sane whatever the merge keeps) and
/// on the row as the import would leave it here (`prepareImported…`: what
/// depends on the rows here). The catalogue's tables are the kernel's to
/// compare (an import may only repeat them). Each refusal names the column;
/// the kernel adds the file, the table and the row (exit 65).
extension DailyMenuSession {
    // MARK: The file's row on its own

    /// The profile as `settings` would have stored it.
    func checkImportedProfile(_ row: ImportRow, now: Date) throws {
        _ = try row.integer("id", in: 1...1)
        try DailyMenuRules.checkStoredDisplayName(try row.optionalText("display_name"), field: "display_name")
        _ = try row.date("member_since")
        _ = try row.bool("share_mood")
        if !row["theme"].isNull { _ = try row.choice("theme", as: ColourTheme.self) }
        try Self.checkVersion(row, now: now)
    }

    /// A favourite, a hidden activity or an excluded category: of this
    /// build's catalogue, switched on or off.
    func checkImportedPreference(_ row: ImportRow, _ preference: Preference, now: Date) throws {
        switch preference {
        case .favorites, .hiddenActivities: _ = try importedActivity(row, "activity_id")
        case .excludedCategories:
            let category = try row.text("category")
            guard try db.fetchOne(Int.self, "SELECT 1 FROM dailymenu_categories WHERE id = ?", [category]) != nil
            else {
                throw LifeError.invalid(field: "category", DailyMenuVoice.importUnknownCategory(category))
            }
        }
        _ = try row.bool("is_on")
        try Self.checkVersion(row, now: now)
    }

    /// A start as `start` would have stored it.
    func checkImportedStart(_ row: ImportRow) throws {
        _ = try row.uuid("id")
        _ = try importedActivity(row, "activity_id")
        _ = try row.instant("started_at")
        if !row["before_mood"].isNull { _ = try row.choice("before_mood", as: BeforeMood.self) }
    }

    /// A completion as `complete` would have stored it: its local day and
    /// time are its instant in its zone, a zone this system knows.
    func checkImportedCompletion(_ row: ImportRow) throws {
        _ = try row.uuid("id")
        _ = try importedActivity(row, "activity_id")
        _ = try row.optionalUUID("start_id")
        let completedAt = try row.instant("completed_at")
        let day = try row.date("local_day")
        let timeText = try row.text("local_time")
        guard let time = LocalTime(text: timeText), time.description == timeText else {
            throw LifeError.invalid(field: "local_time", DailyMenuVoice.importLocalTimeForm(timeText))
        }
        let zoneName = try row.text("time_zone")
        let zone = try TimeZoneSetting.zone(named: zoneName, field: "time_zone")
        let local = DailyMenuRules.localClock(of: completedAt, in: zone)
        if local.day != day || local.time != time {
            throw LifeError.invalid(
                field: "local_day",
                DailyMenuVoice.importLocalClock(
                    stored: "\(day.iso) \(time)", local: "\(local.day.iso) \(local.time)", zone: zoneName))
        }
        if !row["before_mood"].isNull { _ = try row.choice("before_mood", as: BeforeMood.self) }
        if !row["after_mood"].isNull { _ = try row.choice("after_mood", as: AfterMood.self) }
        if !row["feedback"].isNull { _ = try row.choice("feedback", as: Feedback.self) }
    }

    // MARK: The row as it will be here

    /// A new start: not ahead of now, and of a pack that the rituals at or
    /// before it had opened (DM-5). A start here keeps what it was.
    func prepareImportedStart(_ row: ImportRow, context: ImportContext) throws {
        guard row.isNew else { return }
        let activity = try importedActivity(row, "activity_id")
        let startedAt = try row.instant("started_at")
        try Self.checkNotAhead(startedAt, column: "started_at", now: context.clock.now())
        try checkImportedUnlocked(activity, before: (startedAt, nil), notes: context.notes)
    }

    /// A new completion: not ahead of now, of a pack that the rituals before
    /// it had opened (DM-5), completing a start of the same activity that
    /// was open then (DM-3). A completion here (the same id, or the same
    /// activity on the same local day) keeps what it was, gaining only the
    /// moods it lacked.
    func prepareImportedCompletion(_ row: ImportRow, context: ImportContext) throws {
        guard row.isNew else { return }
        let activity = try importedActivity(row, "activity_id")
        let completedAt = try row.instant("completed_at")
        try Self.checkNotAhead(completedAt, column: "completed_at", now: context.clock.now())
        try checkImportedUnlocked(activity, before: (completedAt, try row.text("id")), notes: context.notes)
        guard let startID = try row.optionalUUID("start_id") else { return }
        guard
            let start = try db.fetchOne(
                "SELECT activity_id, started_at FROM dailymenu_starts WHERE id = ?", [startID])
        else {
            throw LifeError.invalid(field: "start_id", DailyMenuVoice.importMissingStart(startID))
        }
        let startActivity: String = try start.get(at: 0)
        guard startActivity == activity.id, let startedAt = Timestamp.parseDatabase(try start.get(at: 1)),
            DailyMenuRules.isOpen(startedAt: startedAt, completedAt: completedAt)
        else {
            throw LifeError.invalid(field: "start_id", DailyMenuVoice.importStartNotOpen(startID))
        }
    }

    /// The profile after the import (after the completions, whose Moments
    /// open themes): a theme a season has opened (DM-5).
    func prepareImportedProfile(_ row: ImportRow) throws {
        guard !row["theme"].isNull else { return }
        let theme = try row.choice("theme", as: ColourTheme.self)
        let moments = try momentTally(before: nil, countingAbsentMoodsAsLifted: true).total
        if let season = DailyMenuRules.seasonOpening(theme, moments: moments) {
            throw LifeError.invalid(
                field: "theme", DailyMenuVoice.importThemeLocked(theme, season: season, moments: moments))
        }
    }

    // MARK: Shared

    /// The activity a row names in `column`, from this build's catalogue.
    private func importedActivity(_ row: ImportRow, _ column: String) throws -> Activity {
        let id = try row.text(column)
        guard
            let activity = try db.fetchOne(
                table: "dailymenu_activities",
                """
                SELECT id, title, category, energy, minutes, how_to, pack_id FROM dailymenu_activities WHERE id = ?
                """, [id], Self.activity(from:))
        else {
            throw LifeError.invalid(field: column, DailyMenuVoice.importUnknownActivity(column, id))
        }
        return activity
    }

    /// DM-5 for an imported start or completion, its Moments counted as
    /// `momentTally` explains (an absent mood may have been withheld).
    ///
    /// The Moments before a point only grow with the point and with every
    /// row an import adds, so once a pack is found open at a point it is
    /// open at every later one: `notes` keeps that point per pack, and the
    /// rows after it (an import writes completions in history order) skip
    /// the count.
    private func checkImportedUnlocked(
        _ activity: Activity, before point: (instant: Date, id: String?), notes: ImportNotes
    ) throws {
        guard let pack = activity.pack else { return }
        // The instant's fixed-width text, then the id; a start's point
        // (every completion at its instant) sorts after every id there.
        let position = Timestamp.database(point.instant) + "|" + (point.id ?? "~")
        let key = "dailymenu.open.\(pack)"
        if case .text(let open)? = notes.values[key], open <= position { return }
        let moments = try momentTally(before: point, countingAbsentMoodsAsLifted: true).total
        guard let season = DailyMenuRules.seasonOpening(packOf: activity, momentsBefore: moments) else {
            notes.values[key] = .text(position)
            return
        }
        throw LifeError.invalid(
            field: "activity_id",
            DailyMenuVoice.importLockedPack(activity, pack: try packName(activity), season: season, moments: moments))
    }

    /// An instant no command could have written yet: later than now (the
    /// kernel's "now" already allows for a device whose clock runs ahead).
    private static func checkNotAhead(_ instant: Date, column: String, now: Date) throws {
        guard instant > now else { return }
        throw LifeError.invalid(
            field: column,
            DailyMenuVoice.importAhead(column, Timestamp.database(instant), latest: Timestamp.database(now)))
    }

    /// A row's `created_at` and its version `updated_at`: readable, in
    /// order, and not ahead of now. A version from the future would win
    /// every later merge against changes made here.
    static func checkVersion(_ row: ImportRow, now: Date) throws {
        let created = try row.instant("created_at")
        let updated = try row.instant("updated_at")
        try checkNotAhead(updated, column: "updated_at", now: now)
        if updated < created {
            throw LifeError.invalid(field: "updated_at", "updated_at is before created_at")
        }
    }
}
