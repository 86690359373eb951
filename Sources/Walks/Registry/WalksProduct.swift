import Foundation
import LifeCore
import LifeDB
import LifeKernel

/// Only Walks' declaration to the product registry (SPEC CORE-12): its
/// tables (`Schema/0003_walks.sql`, `0008_walks_file_time.sql`) with a merge
/// policy for every column, its invariants, the rules an imported walk
/// obeys (the store's own, `WalksSession+Import`), its search source and its
/// part of the timeline. docs/walks.md, "Import and merge", explains each policy.
package struct WalksProduct: Product {
    public init() {}

    public var name: String { "walks" }

    package var tables: [TableSpec] {
        // A walk is what its GPX file or its recording made: its track, the
        // summary computed from it and its doodle's path are set once, when
        // the walk is saved, and only ever travel together. No command
        // renames a walk (WALK-7), so its name is set once too. A walk
        // pruned anywhere stays pruned (the earliest pruning wins, and a
        // pruned walk keeps no points). A walk being recorded here stays so
        // until it is finished here: its live points are this device's.
        let once: MergePolicy = .createdOnce
        return [
            TableSpec(
                "walks",
                codecs: ["points": Self.trackCodec, "simplified": Self.trackCodec],
                columns: [
                    "id": .key, "name": once, "source": once, "source_file": once, "source_sha256": once,
                    "source_track": once, "file_time": once, "state": once, "started_at": once, "ended_at": once,
                    "distance_m": once, "elapsed_s": once, "moving_s": once, "ascent_m": once, "descent_m": once,
                    "point_count": once, "timed_point_count": once, "segment_count": once, "min_latitude": once,
                    "min_longitude": once, "max_latitude": once, "max_longitude": once, "points": once,
                    "simplified": once, "pruned_at": .earliest, "created_at": once,
                ]),
            // The points of a walk being recorded stay on the device that
            // records it; a full export (a backup) carries them, in order.
            TableSpec(
                "walks_live_points", role: .localOnly, importOrder: ["walk_id", "seq"],
                columns: [
                    "walk_id": .key, "seq": .key, "latitude": .localOnly, "longitude": .localOnly,
                    "time_ms": .localOnly, "elevation_m": .localOnly, "accuracy_m": .localOnly,
                ]),
        ]
    }

    package var searchSources: [SearchSource] { [SearchSource(kind: "walk_name", label: "walk")] }

    public func invariantViolations(_ db: Database, clock: Clock) throws -> [String] {
        try WalksSession(db, clock: clock).invariantViolations()
    }

    package func checkImport(_ row: ImportRow, context: ImportContext) throws {
        switch row.table {
        case "walks": try WalksSession.checkImportedWalk(row)
        case "walks_live_points": try WalksSession.checkImportedLivePoint(row)
        default: break
        }
    }

    package func prepareImport(_ row: inout ImportRow, context: ImportContext) throws {
        let session = WalksSession(context.db, clock: context.clock)
        switch row.table {
        case "walks": try session.prepareImportedWalk(&row, isSync: context.isSync)
        case "walks_live_points": try session.prepareImportedLivePoint(row)
        default: break
        }
    }
}
