import Foundation
import LifeDB
import LifeKernel

/// The SQL that records changes to the synced tables (docs/sync.md, section
/// 3), generated from the registry by `scripts/gen-sync` into
/// `Schema/0022_sync.sql`: the table numbers, the metadata of the rows
/// already there, and for each synced table the triggers that record an
/// insert, a delete, an update of a unit and a change of identity, and that
/// keep earliest and latest values from moving back.
///
/// Only SQLite's built-in functions appear: a custom function would make
/// every write from the `sqlite3` shell fail. `SyncCatalogTests` fails when
/// the committed SQL differs from what this produces.
package enum SyncTriggers {
    /// The clock in milliseconds: the writing transaction's when it set one,
    /// else SQLite's.
    static let nowMilliseconds =
        "coalesce(clock_ms, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER))"

    /// Ticks the clock once per stamped transaction (mode 1 → 3), or once
    /// per row for a program that set no clock (mode 0).
    static let tick =
        "UPDATE sync_site SET hlc = max(hlc + 1, \(nowMilliseconds) * \(HybridClock.scale)), mode = CASE mode WHEN 1 THEN 3 ELSE mode END WHERE mode IN (0, 1);"

    static let capturing = "(SELECT mode FROM sync_site) <> \(SyncMode.applying)"
    /// A write of lifectl or an app (a stamped transaction): a value moved
    /// back by hand with sqlite3 is left as the person wrote it.
    static let stampedByAProgram = "(SELECT mode FROM sync_site) IN (\(SyncMode.stamped), \(SyncMode.ticked))"
    static let now = "(SELECT hlc FROM sync_site)"

    /// The generated part of the migration.
    package static func sql(_ catalog: SyncCatalog) -> String {
        var out: [String] = []
        out.append("-- The synced tables, by the number the metadata uses.")
        for table in catalog.tables {
            out.append("INSERT INTO sync_table (ordinal, name) VALUES (\(table.ordinal), '\(table.name)');")
        }
        out.append("")
        out.append("-- The rows already here: created by this device before any clock (version 0).")
        for table in catalog.tables {
            out.append(
                "INSERT INTO sync_row (t, k, cl, v, s) SELECT \(table.ordinal), \(key(table, "")), 1, 0, 0 FROM \(table.name);"
            )
        }
        for table in catalog.tables {
            out.append("")
            out.append(triggers(table).joined(separator: "\n\n"))
        }
        return out.joined(separator: "\n") + "\n"
    }

    /// The identity's value as `sync_row.k` holds it: the column for one, a
    /// JSON array for several. `prefix` is `new.`, `old.` or nothing.
    static func key(_ table: SyncTable, _ prefix: String) -> String {
        if table.identity.count == 1, let column = table.identity.first { return prefix + column }
        return "json_array(" + table.identity.map { prefix + $0 }.joined(separator: ", ") + ")"
    }

    static func triggers(_ table: SyncTable) -> [String] {
        let name = table.name
        let t = table.ordinal
        var result: [String] = []
        result.append(
            """
            CREATE TRIGGER sync_\(name)_inserted AFTER INSERT ON \(name) WHEN \(capturing)
            BEGIN
                \(tick)
                \(created(t, key(table, "new.")))
            END;
            """)
        result.append(
            """
            CREATE TRIGGER sync_\(name)_deleted AFTER DELETE ON \(name) WHEN \(capturing)
            BEGIN
                \(tick)
                \(deleted(t, key(table, "old.")))
            END;
            """)
        let identityChanged = table.identity.map { "old.\($0) IS NOT new.\($0)" }.joined(separator: " OR ")
        let identityKept = table.identity.map { "old.\($0) IS new.\($0)" }.joined(separator: " AND ")
        result.append(
            """
            CREATE TRIGGER sync_\(name)_rekeyed AFTER UPDATE OF \(table.identity.joined(separator: ", ")) ON \(name)
            WHEN \(capturing) AND (\(identityChanged))
            BEGIN
                \(tick)
                \(deleted(t, key(table, "old.")))
                \(created(t, key(table, "new.")))
            END;
            """)
        if !table.units.isEmpty {
            let columns = table.units.flatMap(\.columns)
            let changed = columns.map { "old.\($0) IS NOT new.\($0)" }.joined(separator: " OR ")
            let selects = table.units.map { unit in
                "SELECT \(unit.ordinal) AS u WHERE "
                    + unit.columns.map { "old.\($0) IS NOT new.\($0)" }.joined(separator: " OR ")
            }
            result.append(
                """
                CREATE TRIGGER sync_\(name)_updated AFTER UPDATE OF \(columns.joined(separator: ", ")) ON \(name)
                WHEN \(capturing) AND \(identityKept) AND (\(changed))
                BEGIN
                    \(tick)
                    INSERT INTO sync_cell (t, k, u, h, s)
                    SELECT \(t), \(key(table, "new.")), u, \(now), 0 FROM (
                        \(selects.joined(separator: "\n        UNION ALL "))
                    ) WHERE true
                    ON CONFLICT (t, k, u) DO UPDATE SET h = excluded.h, s = 0;
                END;
                """)
        }
        let lattice = table.units.filter { $0.kind == .earliest || $0.kind == .latest }
        if !lattice.isEmpty {
            func back(_ unit: SyncUnit) -> String {
                let column = unit.columns[0]
                let order = unit.kind == .earliest ? ">" : "<"
                return "(old.\(column) IS NOT NULL AND (new.\(column) IS NULL OR new.\(column) \(order) old.\(column)))"
            }
            let sets = lattice.map { unit in
                "\(unit.columns[0]) = CASE WHEN \(back(unit)) THEN old.\(unit.columns[0]) ELSE new.\(unit.columns[0]) END"
            }
            let row = table.primaryKey.map { "\($0) = new.\($0)" }.joined(separator: " AND ")
            result.append(
                """
                CREATE TRIGGER sync_\(name)_kept_forward AFTER UPDATE OF \(lattice.map { $0.columns[0] }.joined(separator: ", ")) ON \(name)
                WHEN \(stampedByAProgram) AND (\(lattice.map(back).joined(separator: " OR ")))
                BEGIN
                    UPDATE \(name) SET \(sets.joined(separator: ", ")) WHERE \(row);
                END;
                """)
        }
        return result
    }

    /// The identity's causal length to the next odd number, its version now.
    static func created(_ t: Int, _ key: String) -> String {
        "INSERT INTO sync_row (t, k, cl, v, s) VALUES (\(t), \(key), 1, \(now), 0)\n"
            + "        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 1 + cl % 2, v = excluded.v, s = 0;"
    }

    /// The identity's causal length to the next even number, its version
    /// now, its unit versions dropped.
    static func deleted(_ t: Int, _ key: String) -> String {
        "INSERT INTO sync_row (t, k, cl, v, s) VALUES (\(t), \(key), 2, \(now), 0)\n"
            + "        ON CONFLICT (t, k) DO UPDATE SET cl = cl + 2 - cl % 2, v = excluded.v, s = 0;\n"
            + "    DELETE FROM sync_cell WHERE t = \(t) AND k = \(key);"
    }
}

extension SyncCatalog {
    /// The catalog the generator works from: the products' tables as the
    /// migrations make them in a private database, the sync migrations left
    /// out (their generated part may be the stale one being replaced).
    package static func generating(registry: ProductRegistry) throws -> SyncCatalog {
        let migrations = LifeSchema.migrations.filter { !$0.name.hasPrefix("sync") }
        let opened = try DatabaseFile.open(
            path: ":memory:", migrator: Migrator(migrations: migrations, steps: registry.migrationSteps),
            now: Date(timeIntervalSince1970: 0))
        return try opened.queue.read { db in try SyncCatalog(registry: registry, db: db) }
    }
}
