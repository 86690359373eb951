import Foundation
import LifeCore
import LifeDB
import LifeKernel

/// The SQL that records changes to the synced tables (docs/sync.md,
/// section 3), generated from the registry by `scripts/gen-sync` into the
/// generated block of a sync migration (section 16): numbers for the synced
/// tables that have none yet and records for their rows, then for each
/// table its triggers, which record an insert, a delete, an update of a
/// unit and a change of identity, and keep earliest and latest values from
/// moving back; each replaces the trigger of that name made before.
///
/// Only SQLite's built-in functions appear: a custom function would make
/// every write from the `sqlite3` shell fail. `SyncCatalogTests` fails when
/// the triggers of a migrated database differ from what this produces.
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

    /// The names of a table's capture triggers.
    static func names(_ table: String) -> [String] {
        ["inserted", "deleted", "rekeyed", "updated", "kept_forward"].map { "sync_\(table)_\($0)" }
    }

    /// The generated part of a sync migration: for every table of
    /// `catalog` (or only those named in `only`).
    package static func sql(_ catalog: SyncCatalog, only: Set<String>? = nil) -> String {
        let tables = catalog.tables.filter { only?.contains($0.name) ?? true }
        let unnumbered = catalog.unnumbered.filter { only?.contains($0.name) ?? true }
        var out: [String] = []
        if !unnumbered.isEmpty {
            out.append("-- The synced tables that have no number yet.")
            for table in unnumbered {
                out.append("INSERT INTO sync_table (ordinal, name) VALUES (\(table.ordinal), '\(table.name)');")
            }
            out.append("")
            out.append("-- Their rows already here: created by this device before any clock (version 0).")
            for table in unnumbered {
                out.append("INSERT INTO sync_row (t, k, v, s) SELECT \(table.ordinal), \(key(table, "")), 0, 0 FROM \(table.name);")
            }
            out.append("")
        }
        out.append("-- The capture triggers, replacing those made before.")
        for table in tables {
            out.append(names(table.name).map { "DROP TRIGGER IF EXISTS \($0);" }.joined(separator: "\n"))
        }
        for table in tables {
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

    package static func triggers(_ table: SyncTable) -> [String] {
        let name = table.name
        let t = table.ordinal
        var result: [String] = []
        result.append(
            """
            CREATE TRIGGER sync_\(name)_inserted AFTER INSERT ON \(name) WHEN \(capturing)
            BEGIN
                \(tick)
                \(created(table, key(table, "new.")))
            END;
            """)
        result.append(
            """
            CREATE TRIGGER sync_\(name)_deleted AFTER DELETE ON \(name) WHEN \(capturing)
            BEGIN
                \(tick)
                \(deleted(table, key(table, "old.")))
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
                \(deleted(table, key(table, "old.")))
                \(created(table, key(table, "new.")))
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

    /// A creation: the identity's creation becomes this transaction's,
    /// superseding every change its record knew (its base); its unit
    /// versions and kept values (an earlier life's) go, and so does a
    /// parked copy (the row is here now). A deletion made earlier in the
    /// same transaction (one version for both) is undone: the row exists.
    static func created(_ table: SyncTable, _ key: String) -> String {
        let t = table.ordinal
        return "INSERT INTO sync_row (t, k, v, s) VALUES (\(t), \(key), \(now), 0)\n"
            + "        ON CONFLICT (t, k) DO UPDATE SET b = max(v, d, coalesce(w, 0)),\n"
            + "            d = CASE WHEN ds = 0 AND d = excluded.v THEN 0 ELSE d END,\n"
            + "            ds = CASE WHEN ds = 0 AND d = excluded.v THEN 0 ELSE ds END,\n"
            + "            v = excluded.v, s = 0, w = NULL, ws = NULL;\n"
            + "    DELETE FROM sync_cell WHERE t = \(t) AND k = \(key);\n"
            + "    DELETE FROM sync_kept WHERE t = \(t) AND k = \(key);\n"
            + "    DELETE FROM sync_parked WHERE t = \(t) AND k = \(key);"
    }

    /// A deletion: the identity's latest deletion becomes this
    /// transaction's; the row's values are kept (a tombstone that a later
    /// change elsewhere brings back whole).
    static func deleted(_ table: SyncTable, _ key: String) -> String {
        let t = table.ordinal
        var sql =
            "INSERT INTO sync_row (t, k, v, s, d, ds) VALUES (\(t), \(key), 0, 0, \(now), 0)\n"
            + "        ON CONFLICT (t, k) DO UPDATE SET d = excluded.d, ds = 0;"
        let columns = table.units.flatMap(\.columns)
        if !columns.isEmpty {
            let values = columns.map { "(\(t), \(key), '\($0)', old.\($0))" }.joined(separator: ", ")
            sql += "\n    INSERT OR REPLACE INTO sync_kept (t, k, col, v) VALUES \(values);"
        }
        return sql
    }
}

extension SyncTriggers {
    /// A generated block's first line; the rest of the line says its scope
    /// ("the capture triggers of every synced table …", or "… of t1, t2").
    package static let marker = "-- BEGIN GENERATED by scripts/gen-sync: "

    /// The body of the generated block of the migration at `path`
    /// (docs/sync.md, section 16), worked out from the migrations before it
    /// in the same folder (read from the files, not the build's copies,
    /// which may be older) and its own statements before the block.
    package static func generatedBlock(registry: ProductRegistry, migration path: String) throws -> String {
        let url = URL(fileURLWithPath: path)
        let text = try String(contentsOf: url, encoding: .utf8)
        guard let range = text.range(of: marker) else {
            throw LifeError.invalid(field: "--sql", "\(TerminalText.echoed(path)) has no generated block")
        }
        let scope = text[range.upperBound...].prefix { $0 != "\n" }
        var only: Set<String>?
        if let of = scope.range(of: "the capture triggers of "), !scope.contains("every synced table") {
            let list = scope[of.upperBound...].prefix { $0 != "(" }
            only = Set(list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
        }
        let name = url.lastPathComponent
        guard let version = Int(name.prefix(4)) else {
            throw LifeError.invalid(field: "--sql", "\(TerminalText.echoed(path)) is not named NNNN_name.sql")
        }
        let folder = url.deletingLastPathComponent()
        var migrations: [Migration] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() {
            guard file.hasSuffix(".sql"), let number = Int(file.prefix(4)), number < version,
                file.dropFirst(4).hasPrefix("_")
            else { continue }
            let body = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            migrations.append(
                Migration(
                    version: number, name: String(file.dropFirst(5).dropLast(4)), sql: body,
                    sha256: LifeCore.SHA256.hex(Array(body.utf8))))
        }
        let catalog = try SyncCatalog.generating(
            registry: registry, migrations: migrations, prefix: String(text[..<range.lowerBound]))
        return sql(catalog, only: only)
    }

    /// The policy table of docs/sync.md, section 13, for the current schema.
    package static func policyTable(registry: ProductRegistry) throws -> String {
        try SyncCatalog.current(registry: registry).policyTable
    }
}

extension SyncCatalog {
    /// The catalog the generator works from for a migration's generated
    /// block: the database `migrations` (those before it) make in private,
    /// then `prefix` (the migration's own statements before its block).
    package static func generating(registry: ProductRegistry, migrations: [Migration], prefix: String) throws
        -> SyncCatalog
    {
        let opened = try DatabaseFile.open(
            path: ":memory:", migrator: Migrator(migrations: migrations, steps: registry.migrationSteps),
            now: Date(timeIntervalSince1970: 0))
        return try opened.queue.write { db in
            try db.executeScript(prefix)
            return try SyncCatalog(registry: registry, db: db, generating: true)
        }
    }

    /// The catalog of a database made by every migration of this build.
    package static func current(registry: ProductRegistry) throws -> SyncCatalog {
        let opened = try DatabaseFile.open(
            path: ":memory:", migrator: Migrator(migrations: LifeSchema.migrations, steps: registry.migrationSteps),
            now: Date(timeIntervalSince1970: 0))
        return try opened.queue.read { db in try SyncCatalog(registry: registry, db: db) }
    }
}
