import Foundation
import LifeCore
import LifeDB
import Testing

@testable import lifectl

/// Each product lists its tables beside its migration (`ProductDomain`);
/// `db status` counts rows from those lists. A table a migration creates and
/// no product lists would be counted as "other": this test fails first.
@Suite struct DomainTablesTests {
    @Test func everyTableOfANewDatabaseBelongsToExactlyOneProduct() throws {
        let db = try Database(path: ":memory:")
        try LifeDatabase.migrator.migrate(db, now: Date(timeIntervalSince1970: 0))
        let tables = try db.fetchAll("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name").map {
            try $0.get(String.self, at: 0)
        }
        let listed = Domains.all.flatMap(\.allTables)
        #expect(
            Set(tables) == Set(listed),
            "created but unlisted: \(Set(tables).subtracting(listed)); listed but not created: \(Set(listed).subtracting(tables))"
        )
        #expect(listed.count == Set(listed).count, "a table is listed twice")
        for domain in Domains.all where domain != .core {
            for table in domain.allTables {
                #expect(table.hasPrefix(domain.tablePrefix), "\(table) does not start with \(domain.tablePrefix)")
            }
        }
    }
}
