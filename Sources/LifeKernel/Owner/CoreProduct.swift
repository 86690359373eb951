import Foundation
import LifeCore
import LifeDB

/// What belongs to no one product (`Schema/0001_core.sql`,
/// `0009_search.sql`): the owner's shared settings, the full-text index over
/// every product's words (derived from their rows by triggers, never
/// counted or exported), and the migrator's record.
package struct CoreProduct: Product {
    package static let productName = "core"
    package var name: String { Self.productName }

    package init() {}

    package var tables: [TableSpec] {
        [
            TableSpec(
                "owner", version: "updated_at",
                columns: [
                    "id": .key, "time_zone": .lastWriterWins(), "units": .lastWriterWins(),
                    "created_at": .createdOnce, "updated_at": .latest,
                ]),
            TableSpec("schema_migrations", role: .bookkeeping, columns: [:]),
        ]
            // Sync's own records (docs/sync.md, section 3): never counted, exported or merged.
            + [
                "sync_site", "sync_table", "sync_row", "sync_cell", "sync_kept", "sync_peer", "sync_parked",
                "sync_waiting", "sync_aside", "sync_withholding", "sync_hub",
            ].map { TableSpec($0, role: .bookkeeping, columns: [:]) }
            + [
                "search_documents", "search_index", "search_index_data", "search_index_idx", "search_index_docsize",
                "search_index_config",
            ].map(TableSpec.derived)
    }

    package func invariantViolations(_ db: Database, clock: Clock) throws -> [String] {
        try Owner(db).invariantViolations()
    }

    /// An imported zone must be one this system knows, as a typed one must.
    package func checkImport(_ row: ImportRow, context: ImportContext) throws {
        guard row.table == "owner" else { return }
        _ = try row.integer("id", in: 1...1)
        if let zone = try row.optionalText("time_zone") { _ = try TimeZoneSetting.zone(named: zone) }
        _ = try row.choice("units", as: Units.self)
        let created = try row.instant("created_at")
        if try row.instant("updated_at") < created {
            throw LifeError.invalid(field: "updated_at", "updated_at is before created_at")
        }
    }
}
