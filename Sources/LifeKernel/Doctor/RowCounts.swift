import LifeDB

/// The rows a person saved, by product (`lifectl db status`): every table
/// its product counts (`TableSpec.isCounted`), and under "other" any table
/// no product declares. The derived tables (indexes) are not counted.
package enum RowCounts {
    package static let otherProduct = "other"

    package static func byProduct(_ db: Database, registry: ProductRegistry) throws -> [String: Int] {
        var rows: [String: Int] = [:]
        for product in registry.products where product.tables.contains(where: \.isCounted) {
            rows[product.name] = 0
        }
        for table in try db.tableNames() {
            guard let spec = registry.table(named: table) else {
                rows[otherProduct, default: 0] += try db.rowCount(table: table)
                continue
            }
            guard spec.isCounted, let product = registry.product(owning: table) else { continue }
            rows[product.name, default: 0] += try db.rowCount(table: table)
        }
        return rows
    }
}
