import Foundation
import LifeCore
import LifeDB
import LifeKernel

/// Finite's declaration to the product registry (SPEC CORE-12): its tables
/// (`Schema/0002_finite.sql`, `0021_finite_phases.sql`) with a merge policy for every column, its
/// invariants, the rules an imported row obeys (the store's own), its
/// search source, its part of the timeline and its calendar events.
package struct FiniteProduct: Product {
    public init() {}

    public var name: String { "finite" }

    package var tables: [TableSpec] {
        [
            TableSpec(
                "finite_profile", version: "updated_at",
                columns: [
                    "id": .key, "birthday": .lastWriterWins(), "life_expectancy_years": .lastWriterWins(),
                    "view_mode": .lastWriterWins(),
                    // A lock guards this device; another device keeps its own.
                    "biometric_lock": .localOnly,
                    "daily_notification": .lastWriterWins(group: "daily notification"),
                    "daily_notification_time": .lastWriterWins(group: "daily notification"),
                    "created_at": .createdOnce, "updated_at": .latest,
                ]),
            TableSpec(
                // Two devices marking the same week mark one week (SYNC-2).
                "finite_marks", version: "updated_at", naturalKeys: [["week_index"]],
                columns: [
                    "id": .key, "profile_id": .createdOnce, "week_index": .createdOnce,
                    "rating": .lastWriterWins(group: "mark"), "category": .lastWriterWins(group: "mark"),
                    "phrase": .lastWriterWins(group: "mark"), "marked_at": .earliest, "updated_at": .latest,
                ]),
            TableSpec(
                // FIN-11: a phase is its id; its name is unique ignoring case,
                // so two devices naming a phase alike keep the earlier (the
                // import refuses, sync holds the later back). Its weeks move
                // together: a start from one device and an end from another
                // could make a phase that ends before it starts.
                "finite_phases", version: "updated_at", importOrder: ["start_week_index", "id"],
                columns: [
                    "id": .key, "profile_id": .createdOnce, "name": .lastWriterWins(),
                    "start_week_index": .lastWriterWins(group: "weeks"),
                    "end_week_index": .lastWriterWins(group: "weeks"), "colour": .lastWriterWins(),
                    "created_at": .createdOnce, "updated_at": .latest,
                ]),
        ]
    }

    package var searchSources: [SearchSource] {
        [SearchSource(kind: "finite_phrase", label: "week phrase")]
    }

    public func invariantViolations(_ db: Database, clock: Clock) throws -> [String] {
        try FiniteSession(db, clock: clock).invariantViolations()
    }

    package func checkImport(_ row: ImportRow, context: ImportContext) throws {
        switch row.table {
        case "finite_profile": try FiniteSession.checkImportedProfile(row)
        case "finite_marks": try FiniteSession.checkImportedMark(row)
        case "finite_phases": try FiniteSession.checkImportedPhase(row)
        default: break
        }
    }

    package func prepareImport(_ row: inout ImportRow, context: ImportContext) throws {
        // Under sync a row made on another device under the same rules is
        // taken; the rules between rows (one name per phase, the most
        // phases) are sync's, from the merged rows (docs/sync.md, section 7).
        if context.isSync { return }
        let session = FiniteSession(context.db, clock: context.clock)
        switch row.table {
        case "finite_profile": try session.prepareImportedProfile(row)
        case "finite_marks": try session.prepareImportedMark(row)
        case "finite_phases": try session.prepareImportedPhase(row)
        default: break
        }
    }
}
