import ArgumentParser
import Foundation
import LifeCore
import LifeDB
import LifeKit

struct DBStatus: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show the file, its size, schema version, migrations and rows per product.",
        discussion:
            "Example: lifectl db status --json\nReads only: a migration this build would apply is reported as pending, not applied."
    )

    @OptionGroup var options: GlobalOptions

    struct Report: Encodable {
        let path: String
        let source: String
        let sizeBytes: Int
        let schemaVersion: Int
        let latestKnownVersion: Int
        let journalMode: String
        let sqliteVersion: String
        let migrations: [Migrator.AppliedMigration]
        /// Migrations this build knows that the file lacks (`NNNN_name`).
        let pendingMigrations: [String]
        let rowsByDomain: [String: Int]
    }

    func run() throws {
        let context = try CommandContext(options)
        let opened = try context.openReadOnly()
        let db = opened.db
        // Saved rows by product, 0 for a product not used yet; the search
        // index is derived from them and not counted (docs/schema.md).
        let rows = try RowCounts.byProduct(db, registry: LifeKit.registry)
        let products = LifeKit.registry.products.map(\.name).filter { rows[$0] != nil }
        let path = context.location.path
        var size = 0
        for suffix in ["", "-wal"] {
            size += (try? FileManager.default.attributesOfItem(atPath: path + suffix)[.size] as? Int) ?? 0
        }
        let report = Report(
            path: path, source: context.location.source, sizeBytes: size, schemaVersion: try db.userVersion(),
            latestKnownVersion: LifeDatabase.latestVersion, journalMode: opened.journalMode,
            sqliteVersion: Database.sqliteVersion,
            migrations: try LifeKit.registry.migrator.appliedMigrations(db),
            pendingMigrations: opened.pending.map(\.identifier), rowsByDomain: rows)
        if context.json { return try JSONOutput.print(report) }

        var out = TextTable([.left, .left])
        out.add("database", "\(path) (\(context.location.explanation))")
        out.add("size", "\(Format.grouped(size)) bytes")
        out.add("schema", "version \(report.schemaVersion) (this build knows up to \(report.latestKnownVersion))")
        out.add("journal", report.journalMode)
        out.add("sqlite", report.sqliteVersion)
        var migrations = TextTable([.left, .left])
        for m in report.migrations {
            migrations.add(
                m.identifier,
                "applied \(m.appliedAt) UTC")
        }
        for m in opened.pending {
            migrations.add("migration \(m.version) pending", "\(m.identifier); `lifectl db migrate` applies it")
        }
        var counts = TextTable([.left, .right])
        for domain in products + (rows[RowCounts.otherProduct] == nil ? [] : [RowCounts.otherProduct]) {
            counts.add(domain, Format.grouped(rows[domain] ?? 0))
        }
        Terminal.write(
            out.render() + "\n\nmigrations\n" + migrations.render(indent: "  ") + "\n\nrows\n"
                + counts.render(indent: "  "))
    }
}
