import Foundation
import LifeCore
import LifeDB

/// Doing a ritual (DM-3): start, complete, and the history.
extension DailyMenuSession {
    /// Starts an activity with an optional before-mood. An activity already
    /// started and still open (within `openStartHours`) is refused; a locked
    /// one too.
    func start(_ name: String, before: BeforeMood? = nil) throws -> RitualStart {
        let activity = try activity(named: name)
        try checkNotRemoved(activity)
        let now = try writeInstant()
        try checkUnlocked(activity, at: now, completionID: nil)
        if let open = try openStart(of: activity, at: now) {
            throw LifeError(
                kind: .invalidValue, field: "activity",
                message: DailyMenuVoice.alreadyStarted(
                    activity, at: Timestamp.local(open.startedAt, in: try timeZone())),
                remedy: .dailyMenuComplete, subject: activity.id)
        }
        try ensureProfile()
        let start = RitualStart(id: UUID(), activity: activity, startedAt: now, beforeMood: before)
        try db.execute(
            "INSERT INTO dailymenu_starts (id, activity_id, started_at, before_mood) VALUES (?, ?, ?, ?)",
            [start.id, activity.id, now, before?.rawValue])
        return start
    }

    /// Completes an activity: its open start when there is one (taking its
    /// before-mood unless `before` is given), else a one-tap completion. It
    /// counts on the owner's local day now, even when the start was the
    /// evening before. Once per activity per local day.
    func complete(
        _ name: String, before: BeforeMood? = nil, after: AfterMood? = nil, feedback: Feedback? = nil
    ) throws -> CompletionResult {
        let activity = try activity(named: name)
        try checkNotRemoved(activity)
        let now = try writeInstant()
        let id = UUID()
        try checkUnlocked(activity, at: now, completionID: id)
        let zoneName = try owner.timeZoneName()
        let (day, localTime) = DailyMenuRules.localClock(of: now, in: try timeZone())
        let done = try db.fetchOne(
            Int.self, "SELECT count(*) FROM dailymenu_completions WHERE activity_id = ? AND local_day = ?",
            [activity.id, day])
        if (done ?? 0) > 0 {
            throw LifeError.invalid(field: "activity", DailyMenuVoice.alreadyCompleted(activity, on: day))
        }
        try ensureProfile()
        let start = try openStart(of: activity, at: now)
        let completion = Completion(
            id: id, activityID: activity.id, category: activity.category, energy: activity.energy,
            minutes: activity.minutes, startID: start?.id, completedAt: now, localDay: day, localTime: localTime,
            timeZone: zoneName, beforeMood: before ?? start?.beforeMood, afterMood: after, feedback: feedback)
        // The journey before and after, in one pass over the history, when
        // the ritual is the latest of it (as it is unless the clock was set
        // back): it is added at the end.
        var builder = try journeyBuilder()
        let was = try builder.journey(today: day, id: completionID(rowid:))
        let isLatest =
            try db.fetchOne(
                Int.self,
                "SELECT count(*) FROM dailymenu_completions WHERE completed_at > ?1 OR (completed_at = ?1 AND id > ?2)",
                [now, id]) == 0
        var bonuses = builder.add(completion, reference: -1)
        // Done again after an undo with the clock set back before the undo:
        // the undo mark would take this ritual for the one undone (DM-11).
        try db.execute(
            "DELETE FROM dailymenu_undone_completions WHERE activity_id = ? AND local_day = ? AND undone_at >= ?",
            [activity.id, day, now])
        try db.execute(
            """
            INSERT INTO dailymenu_completions (id, activity_id, start_id, completed_at, local_day, local_time,
                time_zone, before_mood, after_mood, feedback, mood_lifted, felt_low)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                completion.id, activity.id, start?.id, completion.completedAt, day, localTime, zoneName,
                completion.beforeMood?.rawValue, after?.rawValue, feedback?.rawValue,
                completion.moodLifted.map { $0 ? 1 : 0 }, completion.feltLow.map { $0 ? 1 : 0 },
            ])
        if !isLatest {
            // Dated before rituals already here: the history is walked again
            // with it in its place.
            builder = try journeyBuilder()
            let awards = Moments.awards(try completions(), lowEnergyAsks: try lowEnergyAsks())
            bonuses = MomentBonusSet(awards.first { $0.completionID == id }?.bonuses ?? [])
        }
        let grown = try builder.journey(today: day) { $0 == -1 ? completion.id : try completionID(rowid: $0) }
        // The journey with it, kept while nothing else changes (the insert
        // deleted the one before).
        try keep(try builder.snapshot { $0 == -1 ? completion.id : try completionID(rowid: $0) })
        let earned = Set(was.stamps.map(\.kind))
        return CompletionResult(
            completion: completion, activity: activity,
            moments: MomentAward(
                completionID: completion.id, localDay: day, base: DailyMenuRules.basePoints,
                bonuses: bonuses.bonuses),
            newStamps: grown.stamps.filter { !earned.contains($0.kind) },
            newSeason: grown.season.season != was.season.season ? grown.season.season : nil,
            journey: grown)
    }

    /// The activity's latest start that is still open at `now`: not completed
    /// and younger than `openStartHours`.
    /// A ritual of one's own that was removed is not done again until it
    /// is restored (issue 32).
    func checkNotRemoved(_ activity: Activity) throws {
        guard activity.removed else { return }
        throw LifeError.invalid(field: "activity", DailyMenuVoice.removedCannotBeDone(activity))
    }

    func openStart(of activity: Activity, at now: Date) throws -> RitualStart? {
        let oldest = now.addingTimeInterval(-Double(DailyMenuRules.openStartHours) * 3_600)
        return try db.fetchOne(
            table: "dailymenu_starts",
            """
            SELECT s.id AS id, s.started_at AS started_at, s.before_mood AS before_mood FROM dailymenu_starts AS s
            WHERE s.activity_id = ? AND s.started_at >= ? AND s.started_at <= ?
              AND NOT EXISTS (SELECT 1 FROM dailymenu_completions AS c WHERE c.start_id = s.id)
            ORDER BY s.started_at DESC LIMIT 1
            """, [activity.id, oldest, now]
        ) { row in
            RitualStart(
                id: try row["id"], activity: activity, startedAt: try row["started_at"],
                beforeMood: try row["before_mood", as: BeforeMood?.self])
        }
    }

    /// DM-5: a pack's activity may be started or completed only once the
    /// Moments of the rituals before that moment have reached its season
    /// (not those of rituals dated later, which a clock set back or an
    /// import may have put there).
    func checkUnlocked(_ activity: Activity, at instant: Date, completionID: UUID?) throws {
        let moments = try momentTally(
            before: (instant, completionID.map { $0.uuidString.lowercased() }), countingAbsentMoods: false
        ).total
        guard let season = DailyMenuRules.seasonOpening(packOf: activity, momentsBefore: moments) else { return }
        throw LifeError.invalid(
            field: "activity",
            DailyMenuVoice.lockedActivity(activity, pack: try packName(activity), season: season, moments: moments))
    }

    /// The name of the pack `activity` belongs to, as the catalogue has it.
    func packName(_ activity: Activity) throws -> String {
        guard let pack = activity.pack else { return "" }
        return try db.fetchOne(String.self, "SELECT name FROM dailymenu_packs WHERE id = ?", [pack])
            ?? DailyMenuVoice.packName(pack)
    }

    /// The packs open at `instant`, by the Moments of the rituals before it.
    func unlockedPacks(at instant: Date) throws -> [String] {
        SeasonProgress(
            moments: try momentTally(before: (instant, nil), countingAbsentMoods: false).total
        ).unlockedPacks
    }

    /// What the Moments of the completions before a point of the history
    /// are made of (`MomentTally`), counted in SQL. The point is an instant
    /// and, for a completion, its id (history order: by instant, ties by
    /// id); without an id, every completion at or before the instant counts
    /// (a start, "now"). Nil: the whole history.
    ///
    /// With `countingAbsentMoods`, a completion without an after-mood
    /// counts as one that lifted the mood, and one without a before-mood as
    /// said Low: a device that does not share moods withholds them from what
    /// it exports for sync (DM-10), so an import and `db check` cannot tell
    /// a skipped mood from a withheld one, and never hold the missing bonus
    /// against a ritual.
    func momentTally(before point: (instant: Date, id: String?)?, countingAbsentMoods: Bool) throws
        -> MomentTally
    {
        var condition = ""
        var arguments: StatementArguments = [
            AfterMood.better.rawValue, countingAbsentMoods, BeforeMood.low.rawValue,
        ]
        if let point {
            if let id = point.id {
                condition = " WHERE c.completed_at < ?4 OR (c.completed_at = ?4 AND c.id < ?5)"
                arguments.positional += [point.instant.databaseValue, .text(id)]
            } else {
                condition = " WHERE c.completed_at <= ?4"
                arguments.positional.append(point.instant.databaseValue)
            }
        }
        // The low-energy day (`LowEnergyDays`): its own before-mood Low, an
        // earlier ritual's that day, or the menu asked for low energy that
        // day at or before it; with the allowance, an absent mood counts as Low.
        let row = try db.fetchOne(
            """
            SELECT count(*),
                   count(*) FILTER (WHERE coalesce(c.mood_lifted, c.after_mood = ?1) = 1
                       OR (?2 AND coalesce(c.mood_lifted, c.after_mood = ?1) IS NULL)),
                   count(DISTINCT c.local_day), count(DISTINCT a.category),
                   count(*) FILTER (WHERE coalesce(c.felt_low, c.before_mood = ?3) = 1
                       OR (?2 AND coalesce(c.felt_low, c.before_mood = ?3) IS NULL)
                       OR EXISTS (SELECT 1 FROM dailymenu_low_energy_days AS d
                                  WHERE d.local_day = c.local_day AND d.asked_at <= c.completed_at)
                       OR EXISTS (SELECT 1 FROM dailymenu_completions AS e
                                  WHERE e.local_day = c.local_day
                                    AND (coalesce(e.felt_low, e.before_mood = ?3) = 1
                                         OR (?2 AND coalesce(e.felt_low, e.before_mood = ?3) IS NULL))
                                    AND (e.completed_at < c.completed_at OR (e.completed_at = c.completed_at AND e.id < c.id))))
            FROM dailymenu_completions AS c JOIN dailymenu_activities AS a ON a.id = c.activity_id
            """ + condition, arguments)
        guard let row else { return MomentTally() }
        return MomentTally(
            completions: try row.get(at: 0), moodImproved: try row.get(at: 1), days: try row.get(at: 2),
            categories: try row.get(at: 3), lowEnergy: try row.get(at: 4))
    }

    /// Every completion, in history order; `from`/`through` bound the local day.
    func completions(from: CivilDate? = nil, through: CivilDate? = nil) throws -> [Completion] {
        let bounds: StatementArguments = [from?.iso ?? "0000-00-00", through?.iso ?? "9999-99-99"]
        var result: [Completion] = []
        // Reserved up front: growing an array of ten thousand completions
        // copied each of them several times.
        let count = try db.fetchOne(
            Int.self, "SELECT count(*) FROM dailymenu_completions WHERE local_day >= ? AND local_day <= ?", bounds)
        result.reserveCapacity(count ?? 0)
        // The activity's category, energy and minutes come from the catalogue
        // read once, not from a join per row.
        let catalogue = Dictionary(uniqueKeysWithValues: try activities().map { ($0.id, $0) })
        try db.forEachRow(
            table: "dailymenu_completions",
            Self.completionColumns + " WHERE local_day >= ? AND local_day <= ? ORDER BY completed_at, id", bounds
        ) { row in
            result.append(try Self.completion(from: row, catalogue: catalogue))
        }
        return result
    }

    static let completionColumns = """
        SELECT id, activity_id, start_id, completed_at, local_day, local_time, time_zone, before_mood, after_mood,
               feedback, mood_lifted, felt_low
        FROM dailymenu_completions
        """

    /// A completion from a row of `completionColumns`, read by name, with
    /// its activity's category, energy and minutes from `catalogue`.
    static func completion(from row: TableRow, catalogue: [String: Activity]) throws -> Completion {
        let activityID: String = try row["activity_id"]
        // The foreign key keeps this from happening; a file changed with it
        // switched off is reported as damaged, naming the row.
        guard let activity = catalogue[activityID] else {
            throw LifeError.malformed(DailyMenuVoice.missingActivity(activityID))
        }
        return Completion(
            id: try row["id"], activityID: activityID, category: activity.category, energy: activity.energy,
            minutes: activity.minutes, startID: try row["start_id", as: UUID?.self],
            completedAt: try row["completed_at"], localDay: try row["local_day"],
            localTime: try row.statement.withUTF8(named: "local_time", Self.clock(utf8:)),
            timeZone: try row["time_zone"],
            beforeMood: try row["before_mood", as: BeforeMood?.self],
            afterMood: try row["after_mood", as: AfterMood?.self],
            feedback: try row["feedback", as: Feedback?.self],
            moodLifted: try row["mood_lifted", as: Bool?.self], feltLow: try row["felt_low", as: Bool?.self])
    }

    /// DM-10: the completions as anything meant for sync or export may carry
    /// them. With share-mood off, every mood and feedback word is left out;
    /// hidden activities and excluded categories are never part of it (they
    /// live in their own tables, which this never reads).
    func shareableCompletions() throws -> [Completion] {
        let all = try completions()
        if try settings().shareMood { return all }
        return all.map {
            Completion(
                id: $0.id, activityID: $0.activityID, category: $0.category, energy: $0.energy, minutes: $0.minutes,
                startID: $0.startID, completedAt: $0.completedAt, localDay: $0.localDay, localTime: $0.localTime,
                timeZone: $0.timeZone, moodLifted: $0.moodLifted, feltLow: $0.feltLow)
        }
    }
}
