import Foundation
import LifeCore
import LifeDB
import LifeKernel

/// DailyMenu's declaration to the product registry (SPEC CORE-12): its
/// tables (`Schema/0007_dailymenu.sql`, `0014_dailymenu_preference_switches.sql`,
/// `0019_dailymenu_depth.sql`, `0025_dailymenu_own_rituals.sql`)
/// with a merge policy for every column (SYNC-2), its invariants, the rules
/// an imported row obeys (the store's own, `DailyMenuSession+Import`) and
/// its part of the timeline. It has no search source (its words are the
/// catalogue's) and keeps no reminders (no calendar events).
package struct DailyMenuProduct: Product {
    public init() {}

    public var name: String { "dailymenu" }

    /// In the order an import writes them: the deletion of everything first
    /// (every later row dated at or before it is left out), the catalogue
    /// (which an import may only repeat; one's own rituals just before it,
    /// with their anchors), the preferences, the starts, the
    /// undo marks and the low-energy days (before the completions they
    /// decide on), the completions in history order (so that the Moments
    /// before each are in place when its pack is checked), and the profile
    /// last (its theme must have been opened by the Moments of every
    /// completion).
    package var tables: [TableSpec] {
        [
            // DM-11: everything deleted at or before this instant stays
            // deleted; the latest deletion wins (it only moves forward).
            TableSpec("dailymenu_erasures", columns: ["id": .key, "erased_at": .latest]),
            // The catalogue the migrations load (DM-1): an import may only repeat it.
            TableSpec(
                "dailymenu_categories", role: .reference,
                columns: ["id": .key, "name": .createdOnce, "position": .createdOnce]),
            TableSpec(
                "dailymenu_packs", role: .reference,
                columns: ["id": .key, "name": .createdOnce, "description": .createdOnce, "unlock_season": .createdOnce]),
            // Issue 32: a person's own rituals, before the catalogue's table
            // (which holds their anchors, made as they are written: the
            // file's catalogue rows are then checked against them) and before
            // every row that names an activity. The category is chosen once
            // (the Moments and stamps of the days it was done depend on it);
            // the rest is the person's to change, the newer change winning;
            // removed is `is_on` 0, kept like a preference switched off.
            TableSpec(
                "dailymenu_own_activities", version: "updated_at",
                columns: [
                    "id": .key, "title": .lastWriterWins(), "category": .createdOnce, "energy": .lastWriterWins(),
                    "minutes": .lastWriterWins(), "how_to": .lastWriterWins(), "is_on": .lastWriterWins(),
                    "created_at": .createdOnce, "updated_at": .latest,
                ]),
            TableSpec(
                "dailymenu_activities", role: .reference,
                columns: [
                    "id": .key, "title": .createdOnce, "category": .createdOnce, "energy": .createdOnce,
                    "minutes": .createdOnce, "how_to": .createdOnce, "pack_id": .createdOnce,
                ]),
            // A favourite switched off stays, is_on 0, newer than the file
            // that still holds it on (SYNC-4: nothing moves back).
            TableSpec(
                "dailymenu_favorites", version: "updated_at", syncCoverage: [Self.erasure("updated_at")],
                columns: [
                    "activity_id": .key, "is_on": .lastWriterWins(), "created_at": .earliest, "updated_at": .latest,
                ]),
            // DM-10: local preferences, never part of an export meant for
            // sync; a backup brings back only rows this device lacks.
            TableSpec(
                "dailymenu_hidden_activities", role: .localOnly, version: "updated_at",
                columns: [
                    "activity_id": .key, "is_on": .localOnly, "created_at": .localOnly, "updated_at": .localOnly,
                ]),
            TableSpec(
                "dailymenu_excluded_categories", role: .localOnly, version: "updated_at",
                columns: ["category": .key, "is_on": .localOnly, "created_at": .localOnly, "updated_at": .localOnly]),
            // A start never changes once made; its mood is withheld while
            // mood sharing is off (DM-10), and a mood that arrives fills one
            // this device lacks.
            TableSpec(
                "dailymenu_starts", syncCoverage: [Self.erasure("started_at")],
                columns: [
                    "id": .key, "activity_id": .createdOnce, "started_at": .createdOnce, "before_mood": .withheld,
                ]),
            // DM-11: a completion undone, by its natural key: the ritual of
            // that activity that day completed at or before `undone_at` is
            // gone everywhere; a later undo moves the mark forward.
            TableSpec(
                "dailymenu_undone_completions", syncCoverage: [Self.erasure("undone_at")],
                columns: ["activity_id": .key, "local_day": .key, "undone_at": .latest]),
            // DM-11: a day the menu was asked for low energy; the first ask
            // counts (a bonus from the moment it was said).
            TableSpec(
                "dailymenu_low_energy_days", syncCoverage: [Self.erasure("asked_at")],
                columns: ["local_day": .key, "asked_at": .earliest]),
            // One completion per activity per local day (DM-3): the same
            // ritual completed on two devices is one completion, the one
            // here, which gains the moods it lacked (SYNC-2 natural keys).
            TableSpec(
                "dailymenu_completions", naturalKeys: [["activity_id", "local_day"]],
                importOrder: ["completed_at", "id"],
                // DM-11 under sync: an undo of the ritual that day, and the
                // deletion of everything, reach a completion the deleting
                // device never saw.
                syncCoverage: [
                    SyncCoverage(
                        table: "dailymenu_undone_completions",
                        match: [("activity_id", "activity_id"), ("local_day", "local_day")], instant: "undone_at",
                        dated: "completed_at"),
                    Self.erasure("completed_at"),
                ],
                columns: [
                    "id": .key, "activity_id": .createdOnce, "start_id": .createdOnce, "completed_at": .createdOnce,
                    "local_day": .createdOnce, "local_time": .createdOnce, "time_zone": .createdOnce,
                    // DM-10: moods travel only while the person shares them.
                    "before_mood": .withheld, "after_mood": .withheld, "feedback": .withheld,
                    // What the moods earn travels whatever the sharing (DM-4,
                    // SYNC-8): known once, by the device that has the moods;
                    // an unknown (null) one never wins over a known one.
                    "mood_lifted": .latest, "felt_low": .latest,
                ]),
            // Derived (issue 21): the journey as last worked out, deleted by
            // triggers whenever the history changes; never exported.
            .derived("dailymenu_journey_cache"),
            TableSpec(
                "dailymenu_profile", version: "updated_at", syncCoverage: [Self.erasure("updated_at")],
                columns: [
                    "id": .key, "display_name": .lastWriterWins(), "member_since": .earliest,
                    "share_mood": .lastWriterWins(), "theme": .lastWriterWins(), "created_at": .earliest,
                    "updated_at": .latest,
                ]),
        ]
    }

    /// Migration 0032's step: what the moods of the rituals already here
    /// earn (0030's columns), recorded as a change of this device (the
    /// capture triggers of 0032 exist then, and the step's transaction is
    /// stamped with the migrator's clock), so that it reaches the devices
    /// that never had the moods (SYNC-8).
    package var migrationSteps: [MigrationStep] {
        [
            MigrationStep(version: 32, name: "what DailyMenu's moods earn, shared") { db, now in
                try SyncCapture.stamped(db, now: now) { db in
                    try db.execute(
                        """
                        UPDATE dailymenu_completions
                        SET mood_lifted = CASE WHEN after_mood IS NULL THEN NULL ELSE after_mood = 'Better' END,
                            felt_low = CASE WHEN before_mood IS NULL THEN NULL ELSE before_mood = 'Low' END
                        WHERE before_mood IS NOT NULL OR after_mood IS NOT NULL
                        """)
                }
            }
        ]
    }

    /// DM-11 under sync: the deletion of everything covers a row dated at
    /// or before it, made on a device that had not heard of it.
    static func erasure(_ dated: String) -> SyncCoverage {
        SyncCoverage(table: "dailymenu_erasures", instant: "erased_at", dated: dated)
    }

    public func isWithholding(_ db: Database) throws -> Bool {
        try DailyMenuSession(db, clock: .system).isWithholdingMoods()
    }

    public func invariantViolations(_ db: Database, clock: Clock) throws -> [String] {
        try DailyMenuSession(db, clock: clock).invariantViolations()
    }

    package func checkImport(_ row: ImportRow, context: ImportContext) throws {
        let session = DailyMenuSession(context.db, clock: context.clock)
        // Under sync a row is not judged by this device's "now" (another
        // device's clock made it; sync bounds how far ahead a clock may be).
        let now = context.isSync ? Date.distantFuture : context.clock.now()
        switch row.table {
        case "dailymenu_profile": try session.checkImportedProfile(row, now: now)
        case "dailymenu_favorites": try session.checkImportedPreference(row, .favorites, now: now)
        case "dailymenu_hidden_activities":
            try session.checkImportedPreference(row, .hiddenActivities, now: now)
        case "dailymenu_excluded_categories":
            try session.checkImportedPreference(row, .excludedCategories, now: now)
        case "dailymenu_starts": try session.checkImportedStart(row)
        case "dailymenu_completions": try session.checkImportedCompletion(row)
        case "dailymenu_erasures": try session.checkImportedErasure(row, now: now)
        case "dailymenu_undone_completions": try session.checkImportedUndo(row, now: now)
        case "dailymenu_low_energy_days": try session.checkImportedLowEnergyDay(row, now: now)
        case "dailymenu_own_activities": try session.checkImportedOwnActivity(row, now: now)
        default: break
        }
    }

    package func prepareImport(_ row: inout ImportRow, context: ImportContext) throws {
        let session = DailyMenuSession(context.db, clock: context.clock)
        // A ritual of one's own has its anchor before anything else, even
        // when it is left out below (the file's catalogue rows name it).
        if row.table == "dailymenu_own_activities" { try session.anchorImportedOwnActivity(row) }
        // Under sync the rules between rows are sync's (the coverage above,
        // from the merged rows); a row made on another device under the same
        // rules (its pack open, its start open, its theme opened) is taken.
        if context.isSync { return }
        // A file from before 0030 holds moods without what they earn.
        if row.table == "dailymenu_completions" {
            if row["mood_lifted"].isNull, case .text(let after) = row["after_mood"] {
                row.values["mood_lifted"] = .integer(after == AfterMood.better.rawValue ? 1 : 0)
            }
            if row["felt_low"].isNull, case .text(let before) = row["before_mood"] {
                row.values["felt_low"] = .integer(before == BeforeMood.low.rawValue ? 1 : 0)
            }
        }
        // DM-11: what was deleted here, or undone, never comes back.
        try session.skipDeleted(row)
        switch row.table {
        case "dailymenu_profile": try session.prepareImportedProfile(&row)
        case "dailymenu_starts": try session.prepareImportedStart(row, context: context)
        case "dailymenu_completions": try session.prepareImportedCompletion(row, context: context)
        case "dailymenu_erasures", "dailymenu_undone_completions": try session.applyImportedDeletion(row)
        default: break
        }
    }

    /// DM-11: a deletion or an undo the file brought applies to the rows
    /// here too (already done as each mark was merged; a last sweep; under
    /// sync, by sync's coverage). Either way, the anchors of one's own
    /// rituals that nothing names any more go (a ritual deleted before the
    /// rows that named it keeps its anchor until then).
    package func finishImport(_ context: ImportContext) throws {
        let session = DailyMenuSession(context.db, clock: context.clock)
        if !context.isSync { try session.applyDeletions() }
        try session.pruneOrphanAnchors()
    }
}
