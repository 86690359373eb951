import ArgumentParser
import Foundation
import LifeCore
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
        let migrations: [Migration]
        /// Migrations this build knows that the file lacks (`NNNN_name`).
        let pendingMigrations: [String]
        let rowsByDomain: [String: Int]
    }

    /// A migration applied, its instant in ISO 8601 UTC as every instant
    /// in JSON (the table stores SQLite's form, `2026-11-22 12:00:00.000`).
    struct Migration: Encodable {
        let version: Int
        let name: String
        let sha256: String
        let appliedAt: String

        init(_ m: LifeDatabase.AppliedMigration) {
            version = m.version
            name = m.name
            sha256 = m.sha256
            appliedAt = Timestamp.parseDatabase(m.appliedAt).map(Timestamp.iso8601) ?? m.appliedAt
        }
    }

    func run() throws {
        let context = try CommandContext(options)
        let path = context.location.path
        try context.requireDatabase()
        let status = try LifeDatabase.status(path: path, registry: LifeKit.registry)
        let rows = status.rowsByProduct
        let products = LifeKit.registry.products.map(\.name).filter { rows[$0] != nil }
        let report = Report(
            path: path, source: context.location.source, sizeBytes: status.sizeBytes,
            schemaVersion: status.schemaVersion, latestKnownVersion: status.latestKnownVersion,
            journalMode: status.journalMode, sqliteVersion: status.sqliteVersion,
            migrations: status.migrations.map(Migration.init),
            pendingMigrations: status.pending.map(\.identifier), rowsByDomain: rows)
        let size = status.sizeBytes
        if context.json { return try JSONOutput.print(report) }

        let time = HumanTime.of(context)
        var out = TextTable([.left, .left])
        out.add("database", "\(path) (\(context.location.explanation))")
        out.add("size", "\(Format.grouped(size)) bytes")
        out.add("schema", "version \(report.schemaVersion) (this build knows up to \(report.latestKnownVersion))")
        out.add("journal", report.journalMode)
        out.add("sqlite", report.sqliteVersion)
        var migrations = TextTable([.left, .left])
        for m in status.migrations {
            migrations.add(
                m.identifier,
                "applied \(time.stored(m.appliedAt))")
        }
        for m in status.pending {
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
