import Foundation
import LifeCore
import LifeDB

/// What SQLite's constraints cannot hold, checked by `lifectl db check`
/// (CORE-11).
extension DailyMenuStore {
    /// A row that cannot be read (an activity, a completion, the profile)
    /// is itself a problem, and the check goes on.
    public func invariantViolations() throws -> [String] {
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
        // A completion's local day and time are its instant in its own zone.
        for completion in completions {
            guard let zone = try? TimeZoneSetting.zone(named: completion.timeZone) else {
                problems.append(
                    DailyMenuVoice.invariantUnknownZone(completion.id.uuidString.lowercased(), completion.timeZone))
                continue
            }
            let local = Timestamp.local(completion.completedAt, in: zone)
            let expected = "\(completion.localDay.iso) \(completion.localTime)"
            if local != expected {
                problems.append(
                    DailyMenuVoice.invariantLocalTime(
                        completion.id.uuidString.lowercased(), local: local, zone: completion.timeZone, stored: expected
                    ))
            }
        }
        // A completion of a start is of the same activity, after it began.
        try db.forEachRow(
            table: "dailymenu_completions",
            """
            SELECT c.id AS id FROM dailymenu_completions AS c JOIN dailymenu_starts AS s ON s.id = c.start_id
            WHERE s.activity_id <> c.activity_id OR s.started_at > c.completed_at ORDER BY c.id
            """
        ) { row in
            problems.append(DailyMenuVoice.invariantStart(try row["id"]))
        }
        // The display name's limit counts characters; the schema cannot.
        if let name = try db.fetchOne(String.self, "SELECT display_name FROM dailymenu_profile WHERE id = 1"),
            name.count > DailyMenuRules.displayNameLimit
        {
            problems.append(DailyMenuVoice.invariantDisplayName(name.count))
        }
        // A chosen theme was unlocked by a season (the journey reads every
        // completion again: an unreadable one is already named above).
        do {
            if let theme = try settings().theme, !(try journey().season.unlockedThemes.contains(theme)) {
                problems.append(DailyMenuVoice.invariantTheme(theme))
            }
        } catch let error as LifeError where error.kind == .malformedInput {
            if !problems.contains(error.message) { problems.append(error.message) }
        }
        return problems
    }
}
