import Foundation
import LifeCore
import LifeDB
import LifeKernel
import LifeKit
import LifeKitTestSupport
import Testing

/// SPEC CORE-12: every product declares itself once, and the declarations
/// agree with the schema the migrations make, so that a table or a column a
/// migration adds cannot be left without an owner or a merge policy.
@Suite struct RegistryTests {
    /// Every table and its columns on a new database, by `PRAGMA table_info`.
    static func schema() throws -> [String: [String]] {
        let queue = try TestDatabase.queue(path: ":memory:", now: Date(timeIntervalSince1970: 0))
        return try queue.read { db in
            var tables: [String: [String]] = [:]
            for table in try db.fetchAll("SELECT name FROM sqlite_schema WHERE type = 'table'") {
                let name: String = try table.get(at: 0)
                tables[name] = try db.fetchAll("SELECT name FROM pragma_table_info(?)", [name]).map {
                    try $0.get(String.self, at: 0)
                }
            }
            return tables
        }
    }

    @Test func everyTableOfANewDatabaseBelongsToExactlyOneProduct() throws {
        let tables = Set(try Self.schema().keys)
        let declared = LifeKit.registry.products.flatMap { $0.tables.map(\.name) }
        #expect(
            tables == Set(declared),
            "created but undeclared: \(tables.subtracting(declared).sorted()); declared but not created: \(Set(declared).subtracting(tables).sorted())"
        )
        #expect(declared.count == Set(declared).count, "a table is declared twice")
    }

    @Test func everyColumnOfEveryTableHasAMergePolicy() throws {
        let schema = try Self.schema()
        for product in LifeKit.registry.products {
            for spec in product.tables where spec.role != .derived && spec.role != .bookkeeping {
                let columns = Set(schema[spec.name] ?? [])
                let declared = Set(spec.columns.keys)
                #expect(
                    columns == declared,
                    "\(spec.name): without a policy \(columns.subtracting(declared).sorted()); declared but absent \(declared.subtracting(columns).sorted())"
                )
                for column in [spec.version].compactMap({ $0 }) + spec.importOrder + spec.naturalKeys.flatMap({ $0 })
                    + spec.privateColumns + Array(spec.codecs.keys) + [spec.sealedUntil].compactMap({ $0 })
                {
                    #expect(columns.contains(column), "\(spec.name) names a column \(column) it does not have")
                }
            }
        }
    }

    @Test func everyMigrationStepBelongsToAMigration() throws {
        let versions = Set(LifeSchema.migrations.map(\.version))
        for step in LifeKit.registry.migrationSteps {
            #expect(versions.contains(step.version), "step '\(step.name)' names migration \(step.version)")
        }
    }

    @Test func productNamesAreDistinctAndSearchKindsBelongToOneProduct() throws {
        let names = LifeKit.registry.products.map(\.name)
        #expect(names.count == Set(names).count)
        let kinds = LifeKit.registry.products.flatMap { $0.searchSources.map(\.kind) }
        #expect(kinds.count == Set(kinds).count)
    }
}
