import Foundation
import LifeCore
import LifeDB
import LifeKernel

/// DailyMenu's declaration to the product registry (SPEC CORE-12): its
/// tables (`Schema/0007_dailymenu.sql`) with a merge policy for every
/// column, its invariants, the rules an imported row obeys and its part of
/// the timeline. It has no search source (its words are the catalogue's)
/// and keeps no reminders (no calendar events).
public struct DailyMenuProduct: Product {
    public init() {}

    public var name: String { "dailymenu" }

    public var tables: [TableSpec] {
        [
            // The catalogue the migration loads: an import may only repeat it.
            TableSpec(
                "dailymenu_categories", role: .reference,
                columns: ["id": .key, "name": .createdOnce, "position": .createdOnce]),
            TableSpec(
                "dailymenu_packs", role: .reference,
                columns: ["id": .key, "name": .createdOnce, "description": .createdOnce, "unlock_season": .createdOnce]),
            TableSpec(
                "dailymenu_activities", role: .reference,
                columns: [
                    "id": .key, "title": .createdOnce, "category": .createdOnce, "energy": .createdOnce,
                    "minutes": .createdOnce, "how_to": .createdOnce, "pack_id": .createdOnce,
                ]),
            TableSpec(
                "dailymenu_profile", version: "updated_at",
                columns: [
                    "id": .key, "display_name": .lastWriterWins(), "member_since": .earliest,
                    "share_mood": .lastWriterWins(), "theme": .lastWriterWins(), "created_at": .createdOnce,
                    "updated_at": .latest,
                ]),
            TableSpec("dailymenu_favorites", columns: ["activity_id": .key, "created_at": .createdOnce]),
            // DM-10: local preferences, never part of an export meant for sync.
            TableSpec(
                "dailymenu_hidden_activities", role: .localOnly,
                columns: ["activity_id": .key, "created_at": .localOnly]),
            TableSpec(
                "dailymenu_excluded_categories", role: .localOnly,
                columns: ["category": .key, "created_at": .localOnly]),
            TableSpec(
                "dailymenu_starts",
                columns: [
                    "id": .key, "activity_id": .createdOnce, "started_at": .createdOnce, "before_mood": .withheld,
                ]),
            TableSpec(
                "dailymenu_completions",
                columns: [
                    "id": .key, "activity_id": .createdOnce, "start_id": .createdOnce, "completed_at": .createdOnce,
                    "local_day": .createdOnce, "local_time": .createdOnce, "time_zone": .createdOnce,
                    // DM-10: moods travel only while the person shares them.
                    "before_mood": .withheld, "after_mood": .withheld, "feedback": .withheld,
                ]),
        ]
    }

    public func isWithholding(_ db: Database) throws -> Bool {
        try db.fetchOne(Int.self, "SELECT share_mood FROM dailymenu_profile WHERE id = 1") == 0
    }

    public func invariantViolations(_ db: Database, clock: Clock) throws -> [String] {
        try DailyMenuStore(db: db, clock: clock).invariantViolations()
    }

    /// Text limits in characters (CORE-9).
    public func checkImport(_ row: ImportRow, context: ImportContext) throws {
        for (column, limit) in (DailyMenuRules.storedTextLimits[row.table] ?? [:]).sorted(by: { $0.key < $1.key }) {
            if case .text(let text) = row[column], text.count > limit {
                throw LifeError.invalid(
                    field: column,
                    "\(column) is \(Format.grouped(text.count)) characters; the limit is \(Format.grouped(limit))")
            }
        }
    }

    /// The rituals of the page's days and the warmth on its last day.
    public func timelineSection(_ db: Database, request: TimelineRequest) throws -> (any TimelineSection)? {
        let store = DailyMenuStore(db: db, clock: .fixed(request.now))
        let span = request.span
        let completions = try store.completions(through: span.upperBound)
        let titles = Dictionary(
            try store.activities().map { ($0.id, $0.title) }, uniquingKeysWith: { first, _ in first })
        let rituals = completions.filter { span.contains($0.localDay) }
            .sorted { ($0.localDay, $0.localTime.description) < ($1.localDay, $1.localTime.description) }
            .map {
                DailyMenuTimelineSection.Ritual(
                    day: $0.localDay, time: $0.localTime.description, activity: titles[$0.activityID] ?? $0.activityID,
                    beforeMood: $0.beforeMood?.rawValue, afterMood: $0.afterMood?.rawValue,
                    feedback: $0.feedback?.rawValue)
            }
        let activeDays = Set(completions.map(\.localDay).filter { $0 <= span.upperBound })
        let warmth = Warmth.value(activeDays: activeDays, through: span.upperBound)
        return DailyMenuTimelineSection(rituals: rituals, warmth: warmth, warmthLevel: WarmthLevel.of(warmth).rawValue)
    }
}

/// DailyMenu's part of a timeline page (docs/timeline.md).
public struct DailyMenuTimelineSection: TimelineSection, Equatable {
    public struct Ritual: Sendable, Encodable, Equatable {
        public let day: CivilDate
        public let time: String
        public let activity: String
        public let beforeMood: String?
        public let afterMood: String?
        public let feedback: String?
    }

    public let rituals: [Ritual]
    /// Warmth (0 … 1) on the span's last day, and its word.
    public let warmth: Double
    public let warmthLevel: String

    public var key: String { "dailyMenu" }
    public var title: String { "DailyMenu" }

    public var lines: [String] {
        var lines: [String] = rituals.map { ritual in
            var line = "\(TimelineText.day(ritual.day)) \(ritual.time)  \(TimelineText.oneLine(ritual.activity))"
            let moods = [ritual.beforeMood, ritual.afterMood.map { "after: \($0)" }, ritual.feedback].compactMap { $0 }
            if !moods.isEmpty { line += " (\(moods.joined(separator: ", ")))" }
            return line
        }
        if rituals.isEmpty { lines.append("no rituals") }
        lines.append("warmth \(warmthLevel) (\(Format.fixed(warmth, decimals: 2)))")
        return lines
    }

    public var row: TimelinePictureRow? {
        TimelinePictureRow(
            label: "DailyMenu", color: "#c2185b", counts: Dictionary(rituals.map { ($0.day, 1) }, uniquingKeysWith: +))
    }

    public var headline: String? {
        "DailyMenu: \(Format.count(rituals.count, "ritual", "rituals")), warmth \(warmthLevel)"
    }

    enum CodingKeys: String, CodingKey { case rituals, warmth, warmthLevel }
}
