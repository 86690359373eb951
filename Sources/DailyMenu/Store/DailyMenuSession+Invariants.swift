import Foundation
import LifeCore
import LifeDB

/// What SQLite's constraints cannot hold, checked by `lifectl db check` and
/// by an import before it commits (CORE-11, CORE-12), with the rules a
/// command applies (`DailyMenuRules`). Never traps on a stored value: a row
/// that cannot be read is itself a problem, and the check goes on.
extension DailyMenuSession {
    func invariantViolations() throws -> [String] {
        var scan = InvariantScan(db: db)
        var catalogue: [String: Activity] = [:]
        try scan.eachRow("dailymenu_activities", Self.activityColumns) { statement, _ in
            let activity = try Self.activity(from: TableRow(table: "dailymenu_activities", statement: statement))
            catalogue[activity.id] = activity
        }
        var completions: [Completion] = []
        try scan.eachRow("dailymenu_completions", Self.completionColumns + " ORDER BY completed_at, id") {
            statement, _ in
            completions.append(
                try Self.completion(
                    from: TableRow(table: "dailymenu_completions", statement: statement), catalogue: catalogue))
        }
        var problems = scan.problems
        let asks = try lowEnergyAsks()
        problems += localClockProblems(completions)
        problems += try packProblems(completions, catalogue: catalogue, asks: asks)
        problems += try deletionProblems()
        // A completion of a start is of the same activity, while the start was open.
        try db.forEachRow(
            table: "dailymenu_completions",
            """
            SELECT c.id AS id, c.completed_at AS completed_at, s.started_at AS started_at,
                   s.activity_id = c.activity_id AS same_activity
            FROM dailymenu_completions AS c JOIN dailymenu_starts AS s ON s.id = c.start_id ORDER BY c.id
            """
        ) { row in
            let id: String = try row["id"]
            // Unreadable instants are the completion's and the start's own problems.
            guard let completed = Timestamp.parseDatabase(try row["completed_at"]),
                let started = Timestamp.parseDatabase(try row["started_at"])
            else { return }
            if !(try row["same_activity", as: Bool.self])
                || !DailyMenuRules.isOpen(startedAt: started, completedAt: completed)
            {
                problems.append(DailyMenuVoice.invariantStart(id))
            }
        }
        problems += try profileProblems(completions, asks: asks)
        problems += try ownActivityProblems()
        problems += try journeyCacheProblems()
        return problems
    }

    /// The rules of DM-5 over the history as it is (a pack's ritual or
    /// start only once its season had come; a theme only once opened), as
    /// `db check` states them: an undo must not break them.
    func historyRuleProblems() throws -> [String] {
        let catalogue = Dictionary(uniqueKeysWithValues: try activities().map { ($0.id, $0) })
        let completions = try completions()
        let asks = try lowEnergyAsks()
        return try packProblems(completions, catalogue: catalogue, asks: asks)
            + themeProblems(completions, asks: asks, theme: try settings().theme)
    }

    /// DM-11: nothing an undo or the deletion of everything took away is
    /// here: no completion at or before an undo of its activity that day,
    /// no row dated at or before the deletion.
    func deletionProblems() throws -> [String] {
        var problems: [String] = []
        try db.forEachRow(
            table: "dailymenu_completions",
            """
            SELECT c.id AS id, u.undone_at AS undone_at FROM dailymenu_completions AS c
            JOIN dailymenu_undone_completions AS u ON u.activity_id = c.activity_id AND u.local_day = c.local_day
            WHERE c.completed_at <= u.undone_at ORDER BY c.id
            """
        ) { row in
            problems.append(DailyMenuVoice.invariantUndone(try row["id"], undoneAt: try row["undone_at"]))
        }
        guard let erased = try erasedAt() else { return problems }
        let tables: [(String, String)] =
            [
                ("dailymenu_completions", "completed_at"), ("dailymenu_starts", "started_at"),
                ("dailymenu_low_energy_days", "asked_at"), ("dailymenu_undone_completions", "undone_at"),
            ] + Preference.allCases.map { ($0.table, "updated_at") } + [
                ("dailymenu_profile", "updated_at"), ("dailymenu_own_activities", "updated_at"),
            ]
        for (table, column) in tables {
            let count = try db.fetchOne(Int.self, "SELECT count(*) FROM \(table) WHERE \(column) <= ?", [erased]) ?? 0
            if count > 0 { problems.append(DailyMenuVoice.invariantErased(table, count: count, erasedAt: erased)) }
        }
        return problems
    }

    /// A completion's local day and time are its instant in its own zone.
    private func localClockProblems(_ completions: [Completion]) -> [String] {
        var problems: [String] = []
        for completion in completions {
            let id = completion.id.uuidString.lowercased()
            guard let zone = try? TimeZoneSetting.zone(named: completion.timeZone) else {
                problems.append(DailyMenuVoice.invariantUnknownZone(id, completion.timeZone))
                continue
            }
            let local = DailyMenuRules.localClock(of: completion.completedAt, in: zone)
            if local.day != completion.localDay || local.time != completion.localTime {
                problems.append(
                    DailyMenuVoice.invariantLocalTime(
                        id, local: "\(local.day.iso) \(local.time)", zone: completion.timeZone,
                        stored: "\(completion.localDay.iso) \(completion.localTime)"))
            }
        }
        return problems
    }

    /// DM-5: a pack's activity, started or completed, only once the Moments
    /// of the rituals before it had opened its pack (a completion without an
    /// after-mood counted as lifting the mood: it may have been withheld,
    /// `momentTally`). `completions` are in history order.
    private func packProblems(_ completions: [Completion], catalogue: [String: Activity], asks: [CivilDate: Date])
        throws -> [String]
    {
        var problems: [String] = []
        var running = MomentTally.Running(lowEnergyAsks: asks)
        let names = Dictionary(try packs().map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        for completion in completions {
            if let activity = catalogue[completion.activityID],
                let season = DailyMenuRules.seasonOpening(packOf: activity, momentsBefore: running.tally.total)
            {
                problems.append(
                    DailyMenuVoice.invariantLockedPack(
                        "completion \(completion.id.uuidString.lowercased())", activity,
                        pack: names[activity.pack ?? ""] ?? "", season: season, moments: running.tally.total))
            }
            running.add(completion)
        }
        // Starts, against the completions at or before each.
        var index = 0
        running = MomentTally.Running(lowEnergyAsks: asks)
        try db.forEachRow(
            table: "dailymenu_starts",
            "SELECT id, activity_id, started_at FROM dailymenu_starts ORDER BY started_at, id"
        ) { row in
            guard let activity = catalogue[try row["activity_id"]], activity.pack != nil,
                let started = Timestamp.parseDatabase(try row["started_at"])
            else { return }
            while index < completions.count && completions[index].completedAt <= started {
                running.add(completions[index])
                index += 1
            }
            if let season = DailyMenuRules.seasonOpening(packOf: activity, momentsBefore: running.tally.total) {
                problems.append(
                    DailyMenuVoice.invariantLockedPack(
                        "start \(try row["id", as: String.self])", activity, pack: names[activity.pack ?? ""] ?? "",
                        season: season, moments: running.tally.total))
            }
        }
        return problems
    }

    /// The profile: a display name as the store keeps one, and a theme a
    /// season has opened (its Moments counted as for the packs).
    private func profileProblems(_ completions: [Completion], asks: [CivilDate: Date]) throws -> [String] {
        var problems: [String] = []
        do {
            let settings = try settings()
            do {
                try DailyMenuRules.checkStoredDisplayName(settings.displayName, field: "display name")
            } catch let error as LifeError {
                problems.append(DailyMenuVoice.invariantProfile(error.message))
            }
            problems += themeProblems(completions, asks: asks, theme: settings.theme)
        } catch let error as LifeError where error.kind == .malformedInput {
            problems.append(error.message)
        }
        return problems
    }

    /// A chosen theme a season has opened, by the Moments of every completion.
    private func themeProblems(_ completions: [Completion], asks: [CivilDate: Date], theme: ColourTheme?) -> [String] {
        guard let theme else { return [] }
        var running = MomentTally.Running(lowEnergyAsks: asks)
        for completion in completions { running.add(completion) }
        guard let season = DailyMenuRules.seasonOpening(theme, moments: running.tally.total) else { return [] }
        return [DailyMenuVoice.invariantTheme(theme, season: season, moments: running.tally.total)]
    }
}
