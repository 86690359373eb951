import Foundation
import LifeCore
import LifeDB
import LifeKernel

/// Hereafter's declaration to the product registry (SPEC CORE-12): its
/// tables (`Schema/0004_hereafter.sql`, `0005_hereafter_unlock_instant.sql`,
/// `0020_hereafter_depth.sql`, `0023_hereafter_note_zone.sql`) with a merge
/// policy for every column, the Swift step of migration 0005,
/// its invariants, the rules an imported note obeys (the store's own,
/// `HereafterSession+Import`), its search source, its part of the timeline
/// and its calendar events. docs/hereafter.md, "Import and merge", explains
/// each policy.
package struct HereafterProduct: Product {
    public init() {}

    public var name: String { "hereafter" }

    package var tables: [TableSpec] {
        [
            TableSpec(
                "hereafter_profile", version: "updated_at",
                columns: [
                    "id": .key, "first_name": .lastWriterWins(),
                    // Onboarded once is onboarded; the greeting dates from
                    // the first onboarding on any device.
                    "onboarding_completed": .latest, "created_at": .earliest, "updated_at": .latest,
                    // HA-8: the seed's "device-bound user identifier": each
                    // device keeps its own (a profile new here gets a new one).
                    "creator_id": .localOnly,
                    // The notifications muted: the newer choice wins.
                    "mute_unlocks": .lastWriterWins(), "mute_anniversaries": .lastWriterWins(),
                ]),
            TableSpec(
                "hereafter_threads",
                columns: [
                    // The R*Tree key is this database's own numbering.
                    "id": .key, "location_key": .localOnly, "latitude": .createdOnce, "longitude": .createdOnce,
                    // A thread is named once, by the first note planted with
                    // a place name: a name fills in a nameless thread, and two
                    // devices' names settle on the same one (the first in
                    // text order).
                    "place_name": .earliest, "created_at": .createdOnce,
                ]),
            TableSpec(
                // A reply after the message it answers.
                "hereafter_messages", privateColumns: ["text"], importOrder: ["created_at", "id"],
                sealedUntil: "discovered_at",
                columns: [
                    // What was planted never changes: its words, place and lock.
                    "id": .key, "thread_id": .createdOnce, "parent_id": .createdOnce, "latitude": .createdOnce,
                    "longitude": .createdOnce, "place_name": .createdOnce, "text": .createdOnce,
                    "planted_on": .createdOnce, "unlock_date": .createdOnce, "unlock_at": .createdOnce,
                    "created_at": .createdOnce, "creator_id": .createdOnce,
                    // HA-2: the zone its lock was fixed in, set once with it
                    // (NULL for a note written before zones were recorded).
                    "time_zone": .createdOnce,
                    // Discovered and read once, at the first report: never undone.
                    "discovered_at": .earliest, "read_at": .earliest,
                    // HA-8: the last anniversary told moves only forward.
                    "anniversary_nudged_at": .latest,
                ]),
            TableSpec(
                "hereafter_photos", privateColumns: ["bytes"],
                columns: [
                    "message_id": .key, "media_type": .createdOnce, "byte_count": .createdOnce, "bytes": .createdOnce,
                ]),
        ]
            + [
                "hereafter_thread_locations", "hereafter_thread_locations_node", "hereafter_thread_locations_rowid",
                "hereafter_thread_locations_parent",
            ].map(TableSpec.derived)
    }

    public var migrationSteps: [MigrationStep] {
        [
            MigrationStep(version: UnlockInstantBackfill.migrationVersion, name: "unlock instants of earlier notes") {
                db, now in
                try UnlockInstantBackfill.run(db, now: now)
            }
        ]
    }

    package var searchSources: [SearchSource] {
        // Only discovered messages are in the index (the triggers of 0009).
        [SearchSource(kind: "hereafter_message", label: "message")]
    }

    public func invariantViolations(_ db: Database, clock: Clock) throws -> [String] {
        try HereafterSession(db, clock: clock).invariantViolations()
    }

    package func checkImport(_ row: ImportRow, context: ImportContext) throws {
        switch row.table {
        case "hereafter_profile": try HereafterSession.checkImportedProfile(row)
        case "hereafter_threads": try HereafterSession.checkImportedThread(row)
        case "hereafter_messages":
            // Under sync a note is not judged by this device's "now".
            try HereafterSession.checkImportedMessage(
                row, db: context.db, now: context.isSync ? .distantFuture : context.clock.now(),
                isSync: context.isSync)
        case "hereafter_photos": try HereafterSession.checkImportedPhoto(row)
        default: break
        }
    }

    package func prepareImport(_ row: inout ImportRow, context: ImportContext) throws {
        let session = HereafterSession(context.db, clock: context.clock)
        switch row.table {
        case "hereafter_profile": session.prepareImportedProfile(&row)
        case "hereafter_threads": try session.prepareImportedThread(&row)
        case "hereafter_messages": try session.prepareImportedMessage(&row, isSync: context.isSync)
        default: break
        }
    }
}
