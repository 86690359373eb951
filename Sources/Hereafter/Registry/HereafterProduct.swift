import Foundation
import LifeCore
import LifeDB
import LifeKernel

/// Hereafter's declaration to the product registry (SPEC CORE-12): its
/// tables (`Schema/0004_hereafter.sql`, `0005_hereafter_unlock_instant.sql`)
/// with a merge policy for every column, the Swift step of migration 0005,
/// its invariants, the rules an imported note obeys, its search source, its
/// part of the timeline and its calendar events.
public struct HereafterProduct: Product {
    public init() {}

    public var name: String { "hereafter" }

    public var tables: [TableSpec] {
        [
            TableSpec(
                "hereafter_profile", version: "updated_at",
                columns: [
                    "id": .key, "first_name": .lastWriterWins(), "onboarding_completed": .latest,
                    "created_at": .createdOnce, "updated_at": .latest,
                ]),
            TableSpec(
                "hereafter_threads",
                columns: [
                    // The R*Tree key is this database's own numbering.
                    "id": .key, "location_key": .localOnly, "latitude": .createdOnce, "longitude": .createdOnce,
                    "place_name": .createdOnce, "created_at": .createdOnce,
                ]),
            TableSpec(
                // A reply after the message it answers.
                "hereafter_messages", privateColumns: ["text"], importOrder: ["created_at", "id"],
                sealedUntil: "discovered_at",
                columns: [
                    "id": .key, "thread_id": .createdOnce, "parent_id": .createdOnce, "latitude": .createdOnce,
                    "longitude": .createdOnce, "place_name": .createdOnce, "text": .createdOnce,
                    "planted_on": .createdOnce, "unlock_date": .createdOnce, "unlock_at": .createdOnce,
                    "created_at": .createdOnce,
                    // Discovered and read once, at the first report: never undone.
                    "discovered_at": .earliest, "read_at": .earliest,
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

    public var searchSources: [SearchSource] {
        // Only discovered messages are in the index (the triggers of 0009).
        [SearchSource(kind: "hereafter_message", label: "message")]
    }

    public func invariantViolations(_ db: Database, clock: Clock) throws -> [String] {
        try HereafterStore(db: db, clock: clock).invariantViolations()
    }

    /// A thread new here whose R*Tree key another thread holds gets the next
    /// free one (the triggers place it in the R*Tree).
    public func prepareImport(_ row: inout ImportRow, context: ImportContext) throws {
        guard row.table == "hereafter_threads", row.isNew else { return }
        let key = row["location_key"]
        let taken =
            try key.isNull
            || (context.db.fetchOne(Int.self, "SELECT count(*) FROM hereafter_threads WHERE location_key = ?", [key])
                ?? 0) > 0
        if taken {
            row.values["location_key"] = .integer(
                Int64(
                    try context.db.fetchOne(
                        Int.self, "SELECT coalesce(max(location_key), 0) + 1 FROM hereafter_threads") ?? 1))
        }
    }
}
