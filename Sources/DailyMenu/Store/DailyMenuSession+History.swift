import Foundation
import LifeCore
import LifeDB

/// Changing the history itself (DM-11): the days the menu was asked for low
/// energy, undoing a completion and deleting everything. A deletion leaves
/// a record that outlives it (`Schema/0019_dailymenu_depth.sql`), so that
/// no file and no device brings back what was deleted (docs/dailymenu.md,
/// "Undo and deleting everything").
extension DailyMenuSession {
    // MARK: The instant of a write

    /// When everything was deleted here, if it was.
    func erasedAt() throws -> Date? {
        try db.fetchOne(Date.self, "SELECT erased_at FROM dailymenu_erasures WHERE id = 1")
    }

    /// The instant a write records: now, but always after the deletion of
    /// everything, even with the clock set back before it; a row dated at or
    /// before it would be taken for one deleted then (and deleted by the
    /// next import).
    func writeInstant() throws -> Date {
        let now = clock.now()
        guard let erased = try erasedAt(), erased >= now else { return now }
        return Timestamp.date(milliseconds: Timestamp.milliseconds(erased) + 1)
    }

    // MARK: Low-energy days (DM-11)

    /// The days the menu was asked with `--energy low`, each with the first ask.
    func lowEnergyAsks() throws -> [CivilDate: Date] {
        var asks: [CivilDate: Date] = [:]
        try db.forEachRow("SELECT local_day, asked_at FROM dailymenu_low_energy_days") { statement in
            asks[try statement.column(CivilDate.self, at: 0)] = try statement.column(Date.self, at: 1)
        }
        return asks
    }

    /// Records that the person said their energy is low today (the menu
    /// asked with `--energy low`): the first ask of the day is kept.
    func recordLowEnergyAsk() throws {
        let now = try writeInstant()
        try ensureProfile()
        try db.execute(
            """
            INSERT INTO dailymenu_low_energy_days (local_day, asked_at) VALUES (?, ?)
            ON CONFLICT (local_day) DO UPDATE SET asked_at = min(asked_at, excluded.asked_at)
            """, [CivilDate.of(now, in: try timeZone()), now])
    }

    // MARK: Undo (DM-11)

    /// The completion a person named (its id or a unique prefix of 4+
    /// characters), or the latest in history order when none is named.
    func resolveCompletion(_ reference: String?, field: String) throws -> UUID {
        guard let reference else {
            guard
                let latest = try db.fetchOne(
                    UUID.self, "SELECT id FROM dailymenu_completions ORDER BY completed_at DESC, id DESC LIMIT 1")
            else {
                throw LifeError.invalid(field: field, DailyMenuVoice.noRitualToName)
            }
            return latest
        }
        let key = try IDPrefix.normalized(reference, field: field, noun: "ritual")
        let ids = try db.ids(startingWith: key, in: "dailymenu_completions")
        switch ids.count {
        case 0: throw LifeError.invalid(field: field, DailyMenuVoice.unknownCompletion(reference, field: field))
        case 1:
            guard let id = UUID(uuidString: ids[0]) else { throw LifeError.bug("\(ids[0]) is not a UUID") }
            return id
        default: throw LifeError.invalid(field: field, DailyMenuVoice.ambiguousCompletion(reference, field: field))
        }
    }

    /// One completion, in full.
    func completion(_ id: UUID) throws -> Completion {
        let catalogue = Dictionary(uniqueKeysWithValues: try activities().map { ($0.id, $0) })
        guard
            let completion = try db.fetchOne(
                table: "dailymenu_completions", Self.completionColumns + " WHERE id = ?", [id],
                { try Self.completion(from: $0, catalogue: catalogue) })
        else {
            throw LifeError.invalid(
                field: "completion", DailyMenuVoice.unknownCompletion(id.uuidString.lowercased(), field: "completion"))
        }
        return completion
    }

    /// Undoes a completion: the row goes (its moods with it), a mark keeps
    /// any copy elsewhere from coming back, and everything derived follows
    /// (Moments, season, warmth, stamps, calendar, recomputed from the
    /// completions that remain). Its start, if any, is kept: within its 12
    /// hours it is open again. Refused when what remains would break a
    /// rule of the history (a pack's ritual before its season, a theme not
    /// yet opened): undo that one first, or choose another theme.
    func undo(_ id: UUID) throws -> UndoResult {
        let completion = try completion(id)
        let activity = try activity(named: completion.activityID)
        let today = try today()
        let was = try journeyBuilder().journey(today: today, id: completionID(rowid:))
        let awarded = try day(completion.localDay).rituals.first { $0.completion.id == id }?.moments
        let problemsBefore = Set(try historyRuleProblems())
        let now = try writeInstant()
        try db.execute("DELETE FROM dailymenu_completions WHERE id = ?", [id])
        // The mark covers this completion even when the clock is behind it.
        try db.execute(
            """
            INSERT INTO dailymenu_undone_completions (activity_id, local_day, undone_at) VALUES (?, ?, max(?, ?))
            ON CONFLICT (activity_id, local_day) DO UPDATE SET undone_at = max(undone_at, excluded.undone_at)
            """, [completion.activityID, completion.localDay, now, completion.completedAt])
        if let problem = try historyRuleProblems().first(where: { !problemsBefore.contains($0) }) {
            throw LifeError.invalid(field: "completion", DailyMenuVoice.undoRefused(activity, completion, problem))
        }
        let builder = try journeyBuilder()
        try keep(try builder.snapshot(id: completionID(rowid:)))
        let after = try builder.journey(today: today, id: completionID(rowid:))
        let kept = Set(after.stamps.map(\.kind))
        return UndoResult(
            completion: completion, activity: activity,
            moments: awarded
                ?? MomentAward(completionID: id, localDay: completion.localDay, base: 0, bonuses: []),
            lostStamps: was.stamps.filter { !kept.contains($0.kind) },
            previousSeason: was.season.season != after.season.season ? was.season.season : nil, journey: after)
    }

    // MARK: Deleting everything (DM-11, the seed's "delete all data")

    /// How much DailyMenu holds of the person now.
    func historySize() throws -> DailyMenuHistorySize {
        func count(_ table: String) throws -> Int {
            try db.fetchOne(Int.self, "SELECT count(*) FROM \(table)") ?? 0
        }
        return DailyMenuHistorySize(
            rituals: try count("dailymenu_completions"), starts: try count("dailymenu_starts"),
            lowEnergyDays: try count("dailymenu_low_energy_days"),
            undoneRituals: try count("dailymenu_undone_completions"),
            preferences: try Preference.allCases.reduce(0) { $0 + (try count($1.table)) },
            ownRituals: try count("dailymenu_own_activities"),
            hasProfile: try count("dailymenu_profile") > 0)
    }

    /// Deletes everything DailyMenu holds of the person: every ritual, start,
    /// low-energy day and undo mark, every preference, the rituals of their
    /// own, and the profile. The catalogue stays. What remains is the instant, later than every row
    /// deleted (even with the clock set back), at or before which no row
    /// ever comes back from a file or another device.
    func deleteAll() throws -> DailyMenuDeletion {
        let size = try historySize()
        let latest = try db.fetchOne(
            Date.self,
            """
            SELECT max(t) FROM (
                SELECT max(completed_at) AS t FROM dailymenu_completions
                UNION ALL SELECT max(started_at) FROM dailymenu_starts
                UNION ALL SELECT max(asked_at) FROM dailymenu_low_energy_days
                UNION ALL SELECT max(undone_at) FROM dailymenu_undone_completions
                UNION ALL SELECT max(updated_at) FROM dailymenu_favorites
                UNION ALL SELECT max(updated_at) FROM dailymenu_hidden_activities
                UNION ALL SELECT max(updated_at) FROM dailymenu_excluded_categories
                UNION ALL SELECT max(updated_at) FROM dailymenu_own_activities
                UNION ALL SELECT max(updated_at) FROM dailymenu_profile)
            """)
        let instant = max(try writeInstant(), latest ?? .distantPast)
        try db.execute(
            """
            INSERT INTO dailymenu_erasures (id, erased_at) VALUES (1, ?)
            ON CONFLICT (id) DO UPDATE SET erased_at = max(erased_at, excluded.erased_at)
            """, [instant])
        try erase(through: instant)
        return DailyMenuDeletion(deleted: size, erasedAt: instant)
    }

    /// Deletes every row dated at or before `instant` (each table by the
    /// instant it was made or last changed): after `deleteAll`, and after an
    /// import that brought a later deletion from elsewhere.
    func erase(through instant: Date) throws {
        // A ritual completed after the deletion keeps itself but not a start
        // made before it (a device that had not heard of the deletion).
        try db.execute(
            """
            UPDATE dailymenu_completions SET start_id = NULL
            WHERE completed_at > ?1 AND start_id IN (SELECT id FROM dailymenu_starts WHERE started_at <= ?1)
            """, [instant])
        try db.execute("DELETE FROM dailymenu_completions WHERE completed_at <= ?", [instant])
        try db.execute("DELETE FROM dailymenu_starts WHERE started_at <= ?", [instant])
        try db.execute("DELETE FROM dailymenu_low_energy_days WHERE asked_at <= ?", [instant])
        try db.execute("DELETE FROM dailymenu_undone_completions WHERE undone_at <= ?", [instant])
        for preference in Preference.allCases {
            try db.execute("DELETE FROM \(preference.table) WHERE updated_at <= ?", [instant])
        }
        try db.execute("DELETE FROM dailymenu_profile WHERE updated_at <= ?", [instant])
        // One's own rituals last: their anchors go with them once no row
        // names them (a ritual done after the deletion keeps its anchor).
        try db.execute("DELETE FROM dailymenu_own_activities WHERE updated_at <= ?", [instant])
    }

    /// Deletes the completions an undo mark covers (completed at or before
    /// the undo, of the same activity on the same day), after an import
    /// brought marks from elsewhere.
    func removeUndone() throws {
        try db.execute(
            """
            DELETE FROM dailymenu_completions AS c
            WHERE EXISTS (SELECT 1 FROM dailymenu_undone_completions AS u
                          WHERE u.activity_id = c.activity_id AND u.local_day = c.local_day
                            AND c.completed_at <= u.undone_at)
            """)
    }
}
