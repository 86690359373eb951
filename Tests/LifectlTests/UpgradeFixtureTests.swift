import Foundation
import LifeKitTestSupport
import Testing

/// SPEC REL-5: for every migration in Schema/ there is a fixture database made
/// at that version with rows in every table (Tests/Fixtures/upgrades/vNNNN.sql,
/// written by scripts/gen-upgrade-fixtures). Each is loaded with sqlite3,
/// migrated by lifectl to the current version, and every row it held is still
/// there with the same values in every column it had, or where a migration
/// moved the column (`moved`).
@Suite(.tags(.endToEnd)) struct UpgradeFixtureTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/upgrades")

    static func fixture(_ version: Int) -> URL {
        folder.appendingPathComponent(String(format: "v%04d.sql", version))
    }

    /// Columns a migration took out of their table, and the query that
    /// finds their values where they went (as `key|value|value` lines,
    /// matching `SELECT key, the columns … WHERE they are not null`).
    /// 0018: an account's one identity link became a row of lifetimer_identities.
    static let moved: [String: (columns: [String], key: String, after: String)] = [
        "lifetimer_accounts": (
            ["identity_provider", "identity_subject"], "id",
            "SELECT quote(account_id) || '|' || quote(provider) || '|' || quote(subject) AS r FROM lifetimer_identities"
        )
    ]

    @Test func everyMigrationHasAFixture() {
        #expect(!Lifectl.schemaMigrations.isEmpty)
        for migration in Lifectl.schemaMigrations {
            #expect(
                FileManager.default.fileExists(atPath: Self.fixture(migration.version).path),
                "\(migration.file) has no upgrade fixture: run scripts/gen-upgrade-fixtures (docs/reliability.md)")
        }
    }

    @Test(arguments: Lifectl.schemaMigrations.map(\.version))
    func fixtureMigratesWithEveryRow(version: Int) throws {
        let path = Self.fixture(version)
        try #require(FileManager.default.fileExists(atPath: path.path))
        let cli = try Lifectl()
        let load = try Self.sqlite3(cli.databasePath, input: try String(contentsOf: path, encoding: .utf8))
        #expect(load.status == 0, "loading \(path.lastPathComponent): \(load.output)")
        #expect(try cli.sqlite("PRAGMA user_version") == String(version))
        // Every table of the fixture (an R*Tree through its virtual table, not
        // its shadow tables), each row in all its columns, sorted.
        let names = try cli.sqlite(
            "SELECT group_concat(name, ' ') FROM (SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT GLOB '*_node' AND name NOT GLOB '*_rowid' AND name NOT GLOB '*_parent' ORDER BY name)"
        ).split(separator: " ").map(String.init)
        #expect(names.count >= 2)
        var before: [String: String] = [:]
        var columns: [String: [String]] = [:]
        for table in names {
            let list = try cli.sqlite("SELECT group_concat(name, ' ') FROM pragma_table_info('\(table)')")
                .split(separator: " ").map(String.init)
            columns[table] = list
            before[table] = try Self.rows(cli, table, list)
            #expect(try cli.sqlite("SELECT count(*) FROM \"\(table)\"") != "0", "\(table) is empty in v\(version)")
        }
        // Sync's site without its clock, and its clock, before the upgrade.
        var siteBefore = ""
        var hlcBefore: Int64 = 0
        if names.contains("sync_site") {
            siteBefore = try Self.rows(cli, "sync_site", (columns["sync_site"] ?? []).filter { $0 != "hlc" })
            hlcBefore = Int64(try cli.sqlite("SELECT hlc FROM sync_site")) ?? 0
        }
        // The moved columns' values, read before the upgrade.
        var movedBefore: [String: String] = [:]
        for (table, move) in Self.moved where names.contains(table) {
            let present = Set(columns[table] ?? [])
            guard move.columns.allSatisfy(present.contains) else { continue }
            let quoted = ([move.key] + move.columns).map { "quote(\"\($0)\")" }.joined(separator: " || '|' || ")
            movedBefore[table] = try cli.sqlite(
                "SELECT group_concat(r, char(10)) FROM (SELECT \(quoted) AS r FROM \"\(table)\" WHERE \(move.columns.map { "\"\($0)\" IS NOT NULL" }.joined(separator: " AND ")) ORDER BY 1)"
            )
            before[table] = try Self.rows(cli, table, (columns[table] ?? []).filter { !move.columns.contains($0) })
            columns[table] = (columns[table] ?? []).filter { !move.columns.contains($0) }
        }
        let migrate = try cli.run("db", "migrate")
        #expect(migrate.status == 0, "\(migrate.stderr)")
        #expect(try cli.sqlite("PRAGMA user_version") == String(Lifectl.latestVersion))
        let check = try cli.run("db", "check")
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        for (table, moved) in movedBefore {
            let after = try cli.sqlite(
                "SELECT group_concat(r, char(10)) FROM (\(Self.moved[table]?.after ?? "") ORDER BY 1)")
            #expect(after == moved, "v\(version): \(table)'s moved columns did not arrive")
        }
        for table in names {
            let after = try Self.rows(cli, table, columns[table] ?? [])
            if table == "schema_migrations" {
                // The later migrations join the ones recorded before.
                let kept = Set(after.split(separator: "\n"))
                #expect((before[table] ?? "").split(separator: "\n").allSatisfy(kept.contains))
                #expect(kept.count == Lifectl.schemaMigrations.count)
            } else if table == "sync_table" || table == "sync_row" || table == "sync_cell" {
                // A later sync migration (0026) numbers the tables it covers
                // and records their rows; 0032's step records what the moods
                // already here earn as this device's changes (sync_cell):
                // joined to those here, none changed.
                let kept = Set(after.split(separator: "\n"))
                #expect(
                    (before[table] ?? "").split(separator: "\n").allSatisfy(kept.contains),
                    "v\(version): \(table) lost or changed a row in the upgrade")
            } else if table == "dailymenu_journey_cache" {
                // Derived (never exported): 0032's step changes the history's
                // rows, whose triggers drop the cache; it is worked out again.
                #expect(after == before[table] || after.isEmpty, "v\(version): \(table) changed in the upgrade")
            } else if table == "sync_site" {
                // The same site; its clock moved forward to the migrator's
                // (0032's step is a stamped change of this device).
                let kept = (columns[table] ?? []).filter { $0 != "hlc" }
                #expect(try Self.rows(cli, table, kept) == siteBefore, "v\(version): \(table) changed in the upgrade")
                let hlc = Int64(try cli.sqlite("SELECT hlc FROM sync_site")) ?? -1
                #expect(hlc >= hlcBefore, "v\(version): sync_site's clock moved back in the upgrade")
            } else {
                #expect(after == before[table], "v\(version): \(table) changed in the upgrade")
            }
        }
    }

    /// Every row of `table` in `columns`, quoted, one line each, sorted.
    static func rows(_ cli: Lifectl, _ table: String, _ columns: [String]) throws -> String {
        let quoted = columns.map { "quote(\"\($0)\")" }.joined(separator: " || '|' || ")
        return try cli.sqlite(
            "SELECT group_concat(r, char(10)) FROM (SELECT \(quoted) AS r FROM \"\(table)\" ORDER BY 1)")
    }

    static func sqlite3(_ database: String, input: String) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sqlite3", "-bail", database]
        let stdin = Pipe()
        let output = Pipe()
        process.standardInput = stdin
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let bytes = Data(input.utf8)
        Thread.detachNewThread {
            Lifectl.writeAll(bytes, to: stdin.fileHandleForWriting.fileDescriptor)
            try? stdin.fileHandleForWriting.close()
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
