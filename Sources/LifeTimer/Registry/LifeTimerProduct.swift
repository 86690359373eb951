import Foundation
import LifeCore
import LifeDB
import LifeKernel

/// LifeTimer's declaration to the product registry (SPEC CORE-12): its
/// tables (`Schema/0006_lifetimer.sql`, `0010_text_limits_in_swift.sql`)
/// with a merge policy for every column, its invariants, the rules an
/// imported row obeys, its search sources (each with the one visibility
/// rule of LT-6), its part of the timeline and its calendar events.
public struct LifeTimerProduct: Product {
    public init() {}

    public var name: String { "lifetimer" }

    public var tables: [TableSpec] {
        [
            TableSpec(
                // Every change to an account touches last_active_at.
                "lifetimer_accounts", version: "last_active_at", privateColumns: ["email", "identity_subject"],
                columns: [
                    "id": .key, "username": .lastWriterWins(), "bio": .lastWriterWins(),
                    "avatar_path": .lastWriterWins(), "email": .lastWriterWins(), "visibility": .lastWriterWins(),
                    "identity_provider": .lastWriterWins(group: "identity"),
                    "identity_subject": .lastWriterWins(group: "identity"), "time_zone": .lastWriterWins(),
                    // This database's owner stays its owner.
                    "is_owner": .localOnly,
                    // LT-2: every goal ever made here, never decreasing; the
                    // counter behind each device's own numbering (a goal that
                    // arrives counts as made here), so it stays on the device
                    // as `lifetimer_goals.number` does.
                    "goals_created": .localOnly, "longest_streak_days": .latest, "created_at": .createdOnce,
                    "last_active_at": .latest,
                ]),
            TableSpec(
                // Goal 1 before goal 2: a new goal's number is the count of goals made + 1.
                "lifetimer_goals", version: "updated_at", importOrder: ["account_id", "number", "id"],
                columns: [
                    "id": .key, "account_id": .createdOnce,
                    // Each device's numbering, in the order goals arrive here: two
                    // devices that each added a goal both have a goal 1 (SYNC-2).
                    "number": .localOnly, "title": .lastWriterWins(),
                    "description": .lastWriterWins(), "latitude": .lastWriterWins(group: "location"),
                    "longitude": .lastWriterWins(group: "location"), "place_name": .lastWriterWins(group: "location"),
                    "cover": .lastWriterWins(), "completed_at": .lastWriterWins(), "created_at": .createdOnce,
                    "updated_at": .latest,
                ]),
            TableSpec(
                // LT-3: a countdown never changes.
                "lifetimer_countdowns",
                columns: [
                    "account_id": .key, "started_at": .createdOnce, "ends_at": .createdOnce, "time_zone": .createdOnce,
                ]),
            TableSpec(
                "lifetimer_milestones",
                columns: [
                    "id": .key, "goal_id": .createdOnce, "account_id": .createdOnce,
                    // Each device's order of arrival within the goal (SYNC-2).
                    "position": .localOnly,
                    "title": .lastWriterWins(), "due_date": .lastWriterWins(), "is_public": .lastWriterWins(),
                    "completed_at": .lastWriterWins(), "created_at": .createdOnce,
                ]),
            TableSpec("lifetimer_activity_days", columns: ["account_id": .key, "day": .key]),
            // The social graph and moderation belong to the service (SYNC-2:
            // server-wins): an import adds the rows missing here and never
            // changes one here; sync applies only the server's changes.
            TableSpec(
                "lifetimer_follows", columns: ["follower_id": .key, "followee_id": .key, "created_at": .serverWins]),
            TableSpec(
                "lifetimer_blocks", columns: ["blocker_id": .key, "blocked_id": .key, "created_at": .serverWins]),
            TableSpec("lifetimer_admins", columns: ["account_id": .key, "granted_at": .serverWins]),
            TableSpec(
                "lifetimer_suspensions",
                columns: [
                    "account_id": .key, "suspended_by": .serverWins, "reason": .serverWins,
                    "suspended_at": .serverWins,
                ]),
            TableSpec(
                "lifetimer_reports",
                columns: [
                    "id": .key, "reporter_id": .serverWins, "target_kind": .serverWins,
                    "target_account_id": .serverWins, "target_goal_id": .serverWins,
                    "target_milestone_id": .serverWins, "reason": .serverWins, "created_at": .serverWins,
                ]),
            TableSpec(
                "lifetimer_settings", version: "updated_at",
                columns: [
                    "account_id": .key, "theme": .lastWriterWins(), "clock": .lastWriterWins(),
                    "language": .lastWriterWins(), "updated_at": .latest,
                ]),
            TableSpec(
                "lifetimer_notification_preferences", version: "updated_at",
                columns: [
                    "account_id": .key, "reminder_frequency": .lastWriterWins(group: "reminders"),
                    "reminder_every_days": .lastWriterWins(group: "reminders"),
                    "reminder_time": .lastWriterWins(group: "reminders"), "mute_reminders": .lastWriterWins(),
                    "mute_milestones": .lastWriterWins(), "mute_streaks": .lastWriterWins(),
                    "mute_checkpoints": .lastWriterWins(), "updated_at": .latest,
                ]),
        ]
    }

    /// LT-6 for search: a goal's title when its account is visible to the
    /// viewer; its description to its own account only; a milestone when
    /// its account is visible and it is public or the viewer's own.
    public var searchSources: [SearchSource] {
        [
            SearchSource(
                kind: "lifetimer_goal", label: "goal",
                visibleTo: """
                    EXISTS (SELECT 1 FROM lifetimer_goals AS g
                            JOIN lifetimer_visible_accounts AS a ON a.viewer_id = ? AND a.id = g.account_id
                            WHERE g.id = d.ref)
                    """),
            SearchSource(
                kind: "lifetimer_goal_description", label: "goal description",
                visibleTo: "EXISTS (SELECT 1 FROM lifetimer_goals AS g WHERE g.id = d.ref AND g.account_id = ?)"),
            SearchSource(
                kind: "lifetimer_milestone", label: "milestone",
                visibleTo: """
                    EXISTS (SELECT 1 FROM lifetimer_milestones AS m
                            JOIN lifetimer_visible_accounts AS a ON a.viewer_id = ? AND a.id = m.account_id
                            WHERE m.id = d.ref AND (m.is_public = 1 OR m.account_id = a.viewer_id))
                    """),
        ]
    }

    public func invariantViolations(_ db: Database, clock: Clock) throws -> [String] {
        try LifeTimerStore(db: db, clock: clock).invariantViolations()
    }
}
