import Foundation
import LifeDB
import LifeDBTestSupport
import LifeKernel
import LifeKitTestSupport
import Testing

/// SPEC CORE-3: the migrations embedded in LifeSchema.swift are exactly the
/// files of Schema/, checked here independently of scripts/gen-schema (file
/// names parsed here, checksums from coreutils' sha256sum). A stale generated
/// file fails with the remedy in the message.
@Suite struct LifeSchemaTests {
    static let remedy = "Sources/LifeDB/Migrations/LifeSchema.swift is stale: run scripts/gen-schema"

    /// Schema/ in the source tree, found from this file's own path.
    static var schemaFolder: URL {
        URL(fileURLWithPath: #filePath)  // Tests/LifeDBTests/LifeSchemaTests.swift
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Schema")
    }

    struct SchemaFile {
        let version: Int
        let name: String
        let text: String
        let sha256: String
    }

    /// Every `NNNN_name.sql` in Schema/, in version order.
    func schemaFiles() throws -> [SchemaFile] {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.schemaFolder.path).sorted()
        return try names.compactMap { fileName -> SchemaFile? in
            guard fileName.hasSuffix(".sql") else { return nil }
            let base = fileName.dropLast(4)
            let parts = base.split(separator: "_", maxSplits: 1)
            guard parts.count == 2, parts[0].count == 4, parts[0].allSatisfy(\.isASCII), let version = Int(parts[0])
            else {
                Issue.record("Schema/\(fileName) is not named NNNN_name.sql")
                return nil
            }
            let url = Self.schemaFolder.appendingPathComponent(fileName)
            let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
            return SchemaFile(
                version: version, name: String(parts[1]), text: text, sha256: try sha256sum(fileAtPath: url.path))
        }
        .sorted { $0.version < $1.version }
    }

    @Test func embeddedMigrationsMatchSchemaFolder() throws {
        let files = try schemaFiles()
        let embedded = LifeSchema.migrations
        #expect(!files.isEmpty, "found no Schema/NNNN_name.sql at \(Self.schemaFolder.path)")
        #expect(
            embedded.map(\.version) == files.map(\.version),
            "versions differ: embedded \(embedded.map(\.version)), Schema/ \(files.map(\.version)). \(Self.remedy)")
        for (migration, file) in zip(embedded, files) {
            let id = migration.identifier
            #expect(migration.version == file.version, "\(id): \(Self.remedy)")
            #expect(migration.name == file.name, "\(id): name differs from Schema/. \(Self.remedy)")
            #expect(migration.sql == file.text, "\(id): text differs from Schema/. \(Self.remedy)")
            #expect(
                migration.sha256 == file.sha256, "\(id): checksum differs from sha256sum of Schema/. \(Self.remedy)")
        }
    }

    @Test func versionsAreDistinctAndIncreasing() {
        let versions = LifeSchema.migrations.map(\.version)
        #expect(versions == versions.sorted())
        #expect(Set(versions).count == versions.count)
        #expect(versions.allSatisfy { $0 > 0 })
        #expect(LifeDatabase.latestVersion == versions.last)
    }

    @Test func everyMigrationAppliesToAFreshDatabase() throws {
        try withTemporaryDirectory { directory in
            let db = try TestDatabase.connection(path: directory + "/life.db", now: Date(timeIntervalSince1970: 0))
            let recorded = try db.fetchAll("SELECT version, sha256 FROM schema_migrations ORDER BY version").map {
                (try $0.get(Int.self, at: 0), try $0.get(String.self, at: 1))
            }
            #expect(recorded.map(\.0) == LifeSchema.migrations.map(\.version))
            #expect(recorded.map(\.1) == LifeSchema.migrations.map(\.sha256))
            let problems = try db.fetchAll("PRAGMA integrity_check").map { try $0.get(String.self, at: 0) }
            #expect(problems == ["ok"])
            #expect(try db.fetchAll("PRAGMA foreign_key_check").isEmpty)
        }
    }
}
