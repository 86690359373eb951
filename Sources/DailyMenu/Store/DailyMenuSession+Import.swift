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
    /// open themes): a theme a season has opened (DM-5); here since no
    /// earlier than the deletion of everything (DM-11), whose history is gone.
    func prepareImportedProfile(_ row: inout ImportRow) throws {
        if let erased = try erasedAt() {
            let erasedDay = CivilDate.of(erased, in: try timeZone())
            if try row.date("member_since") < erasedDay { row.values["member_since"] = erasedDay.databaseValue }
        }
        guard !row["theme"].isNull else { return }
        let theme = try row.choice("theme", as: ColourTheme.self)
        let moments = try momentTally(before: nil, countingAbsentMoods: true).total
        if let season = DailyMenuRules.seasonOpening(theme, moments: moments) {
            throw LifeError.invalid(
                field: "theme", DailyMenuVoice.importThemeLocked(theme, season: season, moments: moments))
        }
    }

    // MARK: Deletions (DM-11)

    /// The deletion of everything, as `deleteAll` records it: one row, an
    /// instant not ahead of now.
    func checkImportedErasure(_ row: ImportRow, now: Date) throws {
        _ = try row.integer("id", in: 1...1)
        try Self.checkNotAhead(try row.instant("erased_at"), column: "erased_at", now: now)
    }

    /// An undo mark, as `undo` records it: of an activity of the catalogue,
    /// on a real day, not ahead of now.
    func checkImportedUndo(_ row: ImportRow, now: Date) throws {
        _ = try importedActivity(row, "activity_id")
        _ = try row.date("local_day")
        try Self.checkNotAhead(try row.instant("undone_at"), column: "undone_at", now: now)
    }

    /// A low-energy day, as the menu records it.
    func checkImportedLowEnergyDay(_ row: ImportRow, now: Date) throws {
        _ = try row.date("local_day")
        try Self.checkNotAhead(try row.instant("asked_at"), column: "asked_at", now: now)
    }

    /// The column each table's rows are dated by, for the deletion of
    /// everything: when the row was made, or last changed.
    static let datedBy: [String: String] = [
        "dailymenu_completions": "completed_at", "dailymenu_starts": "started_at",
        "dailymenu_low_energy_days": "asked_at", "dailymenu_undone_completions": "undone_at",
        "dailymenu_favorites": "updated_at", "dailymenu_hidden_activities": "updated_at",
        "dailymenu_excluded_categories": "updated_at", "dailymenu_profile": "updated_at",
        "dailymenu_own_activities": "updated_at",
    ]

    /// Leaves the file's row out (reported, not refused) when it was deleted
    /// here: dated at or before the deletion of everything (the file's own
    /// deletion included: it was merged first), or a completion covered by
    /// an undo of its activity that day. Its values are not merged either,
    /// so an undone ritual's moods do not fill in the ritual done again.
    func skipDeleted(_ row: ImportRow) throws {
        guard let column = Self.datedBy[row.table] else { return }
        guard case .text(let text)? = row.incoming[column], let dated = Timestamp.parseDatabase(text) else { return }
        if let erased = try erasedAt(), dated <= erased {
            throw ImportSkip(existingId: nil, reason: DailyMenuVoice.importErased(erased))
        }
        guard row.table == "dailymenu_completions", let activity = row.incoming["activity_id"],
            let day = row.incoming["local_day"],
            let undone = try db.fetchOne(
                Date.self,
                "SELECT undone_at FROM dailymenu_undone_completions WHERE activity_id = ? AND local_day = ?",
                [activity, day]),
            dated <= undone
        else { return }
        throw ImportSkip(existingId: nil, reason: DailyMenuVoice.importUndone(undone))
    }

    /// A deletion or an undo mark about to be written (merged with the one
    /// here: the later instant): the rows here it covers go now, before the
    /// file's rows are merged (they come after it in the registry's order),
    /// so that a ritual done again elsewhere after an undo is not merged into
    /// the one undone (the same activity on the same day) and deleted with it.
    func applyImportedDeletion(_ row: ImportRow) throws {
        switch row.table {
        case "dailymenu_erasures": try erase(through: try row.instant("erased_at"))
        case "dailymenu_undone_completions":
            try db.execute(
                "DELETE FROM dailymenu_completions WHERE activity_id = ? AND local_day = ? AND completed_at <= ?",
                [row["activity_id"], row["local_day"], row["undone_at"]])
        default: break
        }
    }

    /// After the rows: a deletion or an undo that came with the file applies
    /// to the rows that were here.
    func applyDeletions() throws {
        if let erased = try erasedAt() { try erase(through: erased) }
        try removeUndone()
    }

    // MARK: Shared

    /// The activity a row names in `column`, from this build's catalogue.
    private func importedActivity(_ row: ImportRow, _ column: String) throws -> Activity {
        let id = try row.text(column)
        guard
            let activity = try db.fetchOne(
                table: "dailymenu_activities", Self.activitySelect + " WHERE a.id = ?", [id], Self.activity(from:))
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
        let moments = try momentTally(before: point, countingAbsentMoods: true).total
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
    static func checkNotAhead(_ instant: Date, column: String, now: Date) throws {
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
