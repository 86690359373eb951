import Foundation
import LifeCore
import LifeDB

/// The journey worked out from the completions (issue 21, item 4), and the
/// cache that keeps it while the history is unchanged.
///
/// Nothing in the cache is a source: it is the last walk of the history,
/// minus today's warmth, deleted by triggers whenever the completions, the
/// low-energy days or the catalogue change (`Schema/0019_dailymenu_depth.sql`),
/// written by the transaction that works it out again, and compared with a
/// fresh walk by `db check`. The walk reads ten years of daily rituals
/// straight from SQLite's bytes, without a `Completion` or a `String` per
/// row, into `JourneyBuilder`, the same rules `Journey(history:)` applies.
extension DailyMenuSession {
    /// The journey as of the owner's today from the cache, when it is there
    /// and can answer for today.
    func cachedJourney() throws -> Journey? {
        try cachedSnapshot()?.journey(today: try today())
    }

    /// The journey worked out from the completions; with `keeping` (the
    /// caller's transaction writes), kept in the cache.
    func workedOutJourney(keeping: Bool) throws -> Journey {
        let builder = try journeyBuilder()
        if keeping { try keep(try builder.snapshot(id: completionID(rowid:))) }
        return try builder.journey(today: try today(), id: completionID(rowid:))
    }

    /// A builder fed every completion here, in history order; each added
    /// with its rowid as reference (`completionID(rowid:)`).
    func journeyBuilder() throws -> JourneyBuilder {
        var builder = JourneyBuilder(
            categories: Set(try categories().map(\.id)), lowEnergyAsks: try lowEnergyAsks())
        var lookup = ActivityLookup()
        for activity in try activities() {
            lookup.add(activity.id, category: builder.number(of: activity.category), minutes: activity.minutes)
        }
        try walk(into: &builder, lookup: lookup)
        return builder
    }

    /// The moods as their place on the scale (`BeforeMood.allCases`,
    /// `AfterMood.allCases`), NULL for a skipped prompt and -1 for a word
    /// off the scale, which the CHECKs keep out.
    /// The moods as the rules of Moments read them (`Completion.beforeMoodForRules`):
    /// from what they earn (`felt_low`, `mood_lifted`, known on every
    /// device), else from the moods themselves.
    static let journeyColumns = """
        SELECT rowid, activity_id, completed_at, local_day, local_time,
               CASE WHEN felt_low = 1 THEN 0 WHEN felt_low = 0 AND before_mood IN ('Okay', 'Good') THEN
                        CASE before_mood WHEN 'Okay' THEN 1 ELSE 2 END
                    WHEN felt_low = 0 THEN 1
                    WHEN before_mood IS NULL THEN NULL WHEN before_mood = 'Low' THEN 0 WHEN before_mood = 'Okay' THEN 1
                    WHEN before_mood = 'Good' THEN 2 ELSE -1 END,
               CASE WHEN mood_lifted = 1 THEN 2 WHEN mood_lifted = 0 AND after_mood IN ('Lower', 'Same') THEN
                        CASE after_mood WHEN 'Lower' THEN 0 ELSE 1 END
                    WHEN mood_lifted = 0 THEN 1
                    WHEN after_mood IS NULL THEN NULL WHEN after_mood = 'Lower' THEN 0 WHEN after_mood = 'Same' THEN 1
                    WHEN after_mood = 'Better' THEN 2 ELSE -1 END
        FROM dailymenu_completions
        """

    /// Feeds every completion to `builder`, in history order.
    private func walk(into builder: inout JourneyBuilder, lookup: ActivityLookup) throws {
        try db.forEachRow(Self.journeyColumns + " ORDER BY completed_at, id") { statement in
            let completedAt = try statement.withUTF8(at: 2) { Timestamp.parseDatabase(utf8: $0) }
            guard let completedAt else { return try Self.unreadable(statement, "completed_at") }
            guard let activity = try statement.withUTF8(at: 1, lookup.find) else {
                // The foreign key keeps this from happening; a file changed
                // with it switched off is damaged, and said so naming the
                // row, as every read of the completions says it (exit 65).
                let rowid = try statement.column(Int64.self, at: 0)
                let id = try db.fetchOne(String.self, "SELECT id FROM dailymenu_completions WHERE rowid = ?", [rowid])
                let problem = LifeError.malformed(
                    DailyMenuVoice.missingActivity(try statement.column(String.self, at: 1)))
                throw StoredRow.unreadable(
                    table: "dailymenu_completions", key: id.map(DatabaseValue.text) ?? .integer(rowid), problem)
                    ?? problem
            }
            guard let day = try statement.withUTF8(at: 3, CivilDate.init(isoUTF8:)) else {
                return try Self.unreadable(statement, "local_day")
            }
            builder.add(
                reference: try statement.column(Int64.self, at: 0), day: day.daysSinceEpoch,
                time: try statement.withUTF8(at: 4, Self.clock(utf8:)), at: completedAt,
                category: activity.category, minutes: activity.minutes,
                before: try Self.word(statement, at: 5, BeforeMood.self, column: "before_mood"),
                after: try Self.word(statement, at: 6, AfterMood.self, column: "after_mood"))
        }
    }

    // MARK: The cache

    /// The cache's snapshot, if the history has not changed since it was
    /// kept. A row kept before migration 0024 has no seasons though it has
    /// rituals (every history with one has reached First Light): it answers
    /// nothing, and is worked out again.
    func cachedSnapshot() throws -> JourneySnapshot? {
        let snapshot = try db.fetchOne(
            table: "dailymenu_journey_cache",
            """
            SELECT rituals, active_days, minutes, categories_tried, categories, mood_lifted, moments, first_day,
                   last_day, warmth, grace_week, stamps, seasons
            FROM dailymenu_journey_cache WHERE id = 1
            """
        ) { row in
            let lastDay = try row["last_day", as: CivilDate?.self]
            let warmth: Double = try row["warmth"]
            let gracedWeek = try row["grace_week", as: Int?.self]
            return JourneySnapshot(
                totals: JourneyTotals(
                    rituals: try row["rituals"], activeDays: try row["active_days"], minutes: try row["minutes"],
                    categoriesTried: try row["categories_tried"], categories: try row["categories"],
                    moodLifted: try row["mood_lifted"], firstDay: try row["first_day", as: CivilDate?.self],
                    lastDay: lastDay),
                moments: try row["moments"], stamps: try Self.stamps(from: try row["stamps"]),
                warmth: lastDay.map { Warmth.State(day: $0.daysSinceEpoch, warmth: warmth, gracedWeek: gracedWeek) },
                seasons: try Self.seasons(from: try row["seasons"]))
        }
        guard let snapshot, snapshot.totals.rituals == 0 || !snapshot.seasons.isEmpty else { return nil }
        return snapshot
    }

    /// Keeps `snapshot` as the cache of the history as it is now.
    func keep(_ snapshot: JourneySnapshot) throws {
        let totals = snapshot.totals
        try db.execute(
            """
            INSERT OR REPLACE INTO dailymenu_journey_cache (id, rituals, active_days, minutes, categories_tried,
                categories, mood_lifted, moments, first_day, last_day, warmth, grace_week, stamps, seasons)
            VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                totals.rituals, totals.activeDays, totals.minutes, totals.categoriesTried, totals.categories,
                totals.moodLifted, snapshot.moments, totals.firstDay, totals.lastDay, snapshot.warmth?.warmth ?? 0,
                snapshot.warmth?.gracedWeek, Self.text(of: snapshot.stamps), Self.text(of: snapshot.seasons),
            ])
    }

    /// `db check`: a cache there says what a fresh walk of the completions says.
    func journeyCacheProblems() throws -> [String] {
        let cached: JourneySnapshot?
        do {
            cached = try cachedSnapshot()
        } catch let error as LifeError where error.kind == .malformedInput {
            return [DailyMenuVoice.invariantCache(error.message)]
        }
        guard let cached else { return [] }
        let fresh = try journeyBuilder().snapshot(id: completionID(rowid:))
        return cached == fresh ? [] : [DailyMenuVoice.invariantCache(Self.difference(cached, fresh))]
    }

    /// What differs, in words, for `db check`.
    static func difference(_ cached: JourneySnapshot, _ fresh: JourneySnapshot) -> String {
        var parts: [String] = []
        if cached.moments != fresh.moments { parts.append("Moments \(cached.moments), not \(fresh.moments)") }
        if cached.totals != fresh.totals { parts.append("totals \(cached.totals), not \(fresh.totals)") }
        if cached.stamps != fresh.stamps {
            parts.append("stamps \(cached.stamps.map(\.kind.rawValue)), not \(fresh.stamps.map(\.kind.rawValue))")
        }
        if cached.seasons != fresh.seasons {
            parts.append(
                "seasons \(cached.seasons.map { "\($0.season.number) \($0.date.iso)" }), not \(fresh.seasons.map { "\($0.season.number) \($0.date.iso)" })"
            )
        }
        if cached.warmth != fresh.warmth {
            parts.append("warmth \(String(describing: cached.warmth)), not \(String(describing: fresh.warmth))")
        }
        return parts.joined(separator: "; ")
    }

    /// The stamps as the cache keeps them: "kind date id", one a line.
    static func text(of stamps: [StampAward]) -> String {
        stamps.map { "\($0.kind.rawValue) \($0.date.iso) \($0.completionID.uuidString.lowercased())" }
            .joined(separator: "\n")
    }

    static func stamps(from text: String) throws -> [StampAward] {
        try text.split(separator: "\n").map { line in
            let parts = line.split(separator: " ")
            guard parts.count == 3, let kind = StampKind(rawValue: String(parts[0])),
                let date = CivilDate(iso: parts[1]), let id = UUID(uuidString: String(parts[2]))
            else {
                throw LifeError.malformed(
                    DailyMenuVoice.unreadableColumn(
                        "dailymenu_journey_cache.stamps", "'\(TerminalText.echoed(String(line)))'"))
            }
            return StampAward(kind: kind, date: date, completionID: id)
        }
    }

    /// The seasons reached as the cache keeps them: "number date id", one a line.
    static func text(of seasons: [SeasonReached]) -> String {
        seasons.map { "\($0.season.number) \($0.date.iso) \($0.completionID.uuidString.lowercased())" }
            .joined(separator: "\n")
    }

    static func seasons(from text: String) throws -> [SeasonReached] {
        try text.split(separator: "\n").map { line in
            let parts = line.split(separator: " ")
            guard parts.count == 3, let number = Int(parts[0]), DailyMenuRules.seasons.indices.contains(number - 1),
                let date = CivilDate(iso: parts[1]), let id = UUID(uuidString: String(parts[2]))
            else {
                throw LifeError.malformed(
                    DailyMenuVoice.unreadableColumn(
                        "dailymenu_journey_cache.seasons", "'\(TerminalText.echoed(String(line)))'"))
            }
            return SeasonReached(season: DailyMenuRules.seasons[number - 1], date: date, completionID: id)
        }
    }

    /// The id of the completion at `rowid`, for the few that earned a stamp.
    func completionID(rowid: Int64) throws -> UUID {
        guard let id = try db.fetchOne(UUID.self, "SELECT id FROM dailymenu_completions WHERE rowid = ?", [rowid])
        else { throw LifeError.bug("no completion at rowid \(rowid)") }
        return id
    }

    /// A mood column as `journeyColumns` gives it: nil for a skipped
    /// prompt; a word off its scale makes the row unreadable (exit 65).
    static func word<Word: CaseIterable>(_ statement: Statement, at index: Int, _ type: Word.Type, column: String)
        throws -> Word? where Word.AllCases == [Word]
    {
        guard let place = try statement.column(Int64?.self, at: index) else { return nil }
        guard place >= 0, place < Word.allCases.count else {
            throw LifeError.malformed(
                DailyMenuVoice.unreadableColumn("dailymenu_completions.\(column)", "off its scale"))
        }
        return Word.allCases[Int(place)]
    }

    /// A value the CHECKs would have refused: the row cannot be read (exit 65).
    static func unreadable<T>(_ statement: Statement, _ column: String) throws -> T {
        throw LifeError.malformed(
            DailyMenuVoice.unreadableColumn(
                "dailymenu_completions.\(column)",
                "'\(TerminalText.echoed(try statement.column(String.self, named: column)))'"))
    }

    /// `HH:MM` as stored (the CHECK guarantees the form), read byte by byte.
    static func clock(utf8 b: UnsafeBufferPointer<UInt8>) -> LocalTime {
        guard b.count == 5 else { return .midnight }
        func digit(_ i: Int) -> Int { Int(b[i]) - 48 }
        return LocalTime(hour: digit(0) * 10 + digit(1), minute: digit(3) * 10 + digit(4)) ?? .midnight
    }
}
