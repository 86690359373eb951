import Foundation
import LifeCore
import LifeDB

/// What SQLite's constraints cannot hold, checked by `lifectl db check`
/// (CORE-11).
extension DailyMenuStore {
    public func invariantViolations() throws -> [String] {
        var problems: [String] = []
        // A completion's local day and time are its instant in its own zone.
        for completion in try completions() {
            guard let zone = TimeZone(identifier: completion.timeZone) else {
                problems.append(
                    "completion \(completion.id.uuidString.lowercased()): unknown time zone '\(completion.timeZone)'")
                continue
            }
            let local = Timestamp.local(completion.completedAt, in: zone)
            let expected = "\(completion.localDay.iso) \(completion.localTime)"
            if local != expected {
                problems.append(
                    "completion \(completion.id.uuidString.lowercased()): completed at \(local) in \(completion.timeZone) but stored as \(expected)"
                )
            }
        }
        // A completion of a start is of the same activity, after it began.
        let mismatched = try db.fetchAll(
            """
            SELECT c.id FROM dailymenu_completions AS c JOIN dailymenu_starts AS s ON s.id = c.start_id
            WHERE s.activity_id <> c.activity_id OR s.started_at > c.completed_at ORDER BY c.id
            """)
        for row in mismatched {
            problems.append("completion \(try row.get(String.self, at: 0)): its start is of another activity or later")
        }
        // A chosen theme was unlocked by a season.
        if let theme = try settings().theme, !(try journey().season.unlockedThemes.contains(theme)) {
            problems.append("profile: theme \(theme.rawValue) is chosen but not yet unlocked")
        }
        return problems
    }
}
