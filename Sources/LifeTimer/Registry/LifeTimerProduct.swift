import Foundation
import LifeCore
import LifeDB
import LifeKernel

/// LifeTimer's declaration to the product registry (SPEC CORE-12): its
/// tables (`Schema/0006_lifetimer.sql`, `0010`, `0011`, `0018`) with a merge policy
/// for every column (docs/lifetimer.md, "Import and merge"), its
/// invariants, the rules an imported row obeys (the store's own, in
/// `LifeTimerSession+Import.swift`), its search sources (each through the
/// visibility views of LT-6), its part of the timeline and its calendar
/// events.
package struct LifeTimerProduct: Product {
    public init() {}

    public var name: String { "lifetimer" }

    package var tables: [TableSpec] {
        [
            TableSpec(
                // The profile changes at updated_at; last_active_at moves with every action.
                "lifetimer_accounts", version: "updated_at", privateColumns: ["email"],
                // Before 0018 an account had one identity link in two columns:
                // an import carries an old file's link into lifetimer_identities.
                retiredColumns: ["identity_provider", "identity_subject"],
                columns: [
                    "id": .key, "username": .lastWriterWins(), "bio": .lastWriterWins(),
                    "avatar_path": .lastWriterWins(), "email": .lastWriterWins(), "visibility": .lastWriterWins(),
                    "time_zone": .lastWriterWins(),
                    // This device's account to act as without --as.
                    "is_owner": .localOnly,
                    // LT-2: every goal ever made, never decreasing; under sync,
                    // the number of the account's goals' records (the goals'
                    // sync rule counts them), so the next goal's number.
                    "goals_created": .localOnly,
                    // Worked out from the active days (after an import too).
                    "longest_streak_days": .derived, "current_streak_days": .derived,
                    "current_streak_until": .derived,
                    "created_at": .createdOnce, "last_active_at": .latest, "updated_at": .latest,
                ]),
            TableSpec(
                // Goal 1 before goal 2: a new goal's number is the count of goals made + 1.
                "lifetimer_goals", version: "updated_at", privateColumns: ["description"],
                importOrder: ["account_id", "number", "id"],
                // LT-2, LT-3 under sync (SYNC-6): an account's goals are
                // numbered by the time they were made, on whichever device,
                // every goal ever made counting; the first 20 are the list;
                // once the countdown exists, a goal made after it stays out
                // and a deletion after it does not count.
                syncGroup: SyncGroupRule(
                    group: ["account_id"], numberColumn: "number", tiebreak: ["created_at"],
                    limit: LifeTimerRules.maximumGoals,
                    counter: SyncGroupRule.Counter(table: "lifetimer_accounts", column: "goals_created", key: ["id"]),
                    lock: "lifetimer_countdowns",
                    reasonOverLimit:
                        "an account makes \(LifeTimerRules.maximumGoals) goals at most, deleted ones counting; this goal was made after \(LifeTimerRules.maximumGoals) others (here or on another device), so it stays out of the list",
                    reasonAfterLock:
                        "it was added on a device that had not heard yet that the account's countdown had started; the list of goals is locked from the start, so it stays out"
                ),
                columns: [
                    "id": .key, "account_id": .createdOnce,
                    // Worked out on each device from the goals' records (the
                    // order they were made, SYNC-6): the same on every device.
                    "number": .localOnly,
                    "title": .lastWriterWins(), "description": .lastWriterWins(),
                    "latitude": .lastWriterWins(group: "location"), "longitude": .lastWriterWins(group: "location"),
                    "place_name": .lastWriterWins(group: "location"), "cover": .lastWriterWins(),
                    // A goal can be reopened: completion is an edit, not a fact.
                    "completed_at": .lastWriterWins(), "created_at": .createdOnce, "updated_at": .latest,
                ]),
            TableSpec(
                // LT-3: a countdown never changes (the schema's triggers): the one here stands.
                "lifetimer_countdowns",
                columns: [
                    "account_id": .key, "started_at": .createdOnce, "ends_at": .createdOnce, "time_zone": .createdOnce,
                ]),
            TableSpec(
                "lifetimer_milestones", version: "updated_at", importOrder: ["goal_id", "position", "id"],
                columns: [
                    "id": .key, "goal_id": .createdOnce, "account_id": .createdOnce,
                    // Each device's order of arrival within the goal (SYNC-2).
                    "position": .localOnly,
                    "title": .lastWriterWins(), "due_date": .lastWriterWins(), "is_public": .lastWriterWins(),
                    "completed_at": .lastWriterWins(), "created_at": .createdOnce, "updated_at": .latest,
                ]),
            // LT-10: each account's sign-in identities; a link moved to another
            // account is refused by the import rule, not merged.
            TableSpec(
                "lifetimer_identities", privateColumns: ["subject"],
                columns: [
                    "provider": .key, "subject": .key, "account_id": .createdOnce, "linked_at": .createdOnce,
                ]),
            // The day's first progress happened once: the earliest report of it.
            TableSpec(
                "lifetimer_activity_days",
                columns: ["account_id": .key, "day": .key, "recorded_at": .earliest]),
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
            // LT-10: an admin's decisions are the service's too.
            TableSpec(
                "lifetimer_report_decisions",
                columns: [
                    "id": .key, "report_id": .serverWins, "action": .serverWins, "target_account_id": .serverWins,
                    "hidden_goal_id": .serverWins, "hidden_milestone_id": .serverWins, "decided_by": .serverWins,
                    "reason": .serverWins, "decided_at": .serverWins,
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
                    "mute_checkpoints": .lastWriterWins(), "milestone_advance_days": .lastWriterWins(),
                    "updated_at": .latest,
                ]),
        ]
    }

    /// Migration 0018's step: the current streak of every account, from its
    /// active days in its zone (SQL cannot convert to a zone).
    public var migrationSteps: [MigrationStep] {
        [
            MigrationStep(version: 18, name: "current streaks of existing LifeTimer accounts") { db, now in
                try LifeTimerSession(db, clock: .fixed(now)).updateAllStreaks()
            }
        ]
    }

    /// LT-6 for search, through the views: a goal's title when the viewer
    /// may see the goal; its description when the view gives it (the
    /// goal's own account only); a milestone when the viewer may see it.
    package var searchSources: [SearchSource] {
        [
            SearchSource(
                kind: "lifetimer_goal", label: "goal",
                visibleTo: "EXISTS (SELECT 1 FROM lifetimer_visible_goals AS g WHERE g.viewer_id = ? AND g.id = d.ref)"),
            SearchSource(
                kind: "lifetimer_goal_description", label: "goal description",
                visibleTo: """
                    EXISTS (SELECT 1 FROM lifetimer_visible_goals AS g
                            WHERE g.viewer_id = ? AND g.id = d.ref AND g.description IS NOT NULL)
                    """),
            SearchSource(
                kind: "lifetimer_milestone", label: "milestone",
                visibleTo:
                    "EXISTS (SELECT 1 FROM lifetimer_visible_milestones AS m WHERE m.viewer_id = ? AND m.id = d.ref)"),
        ]
    }

    public func invariantViolations(_ db: Database, clock: Clock) throws -> [String] {
        try LifeTimerSession(db, clock: clock).invariantViolations()
    }

    package func checkImport(_ row: ImportRow, context: ImportContext) throws {
        try LifeTimerSession.checkImported(row)
    }

    package func prepareImport(_ row: inout ImportRow, context: ImportContext) throws {
        try LifeTimerSession(context.db, clock: context.clock).prepareImported(
            &row, notes: context.notes, isSync: context.isSync)
    }

    package func finishImport(_ context: ImportContext) throws {
        try LifeTimerSession(context.db, clock: context.clock).finishImported(notes: context.notes)
    }
}
