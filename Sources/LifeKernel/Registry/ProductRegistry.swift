import Foundation
import LifeCore
import LifeDB
import Synchronization

/// The products sharing one database, in the order an import writes them
/// (SPEC CORE-12). The one list of products is `LifeKit.registry`; a
/// product's own tests make a registry of that product alone.
public struct ProductRegistry: Sendable {
    /// The kernel's own tables (the owner, the search index, the migrator's
    /// record) first, then the products as given.
    package let products: [any Product]
    /// A number no other registry made in this process has (copies share
    /// it): what is derived from a registry and a schema, such as sync's
    /// catalog, is kept under it.
    package let serial: Int

    package init(_ products: [any Product]) {
        self.products = [CoreProduct()] + products.filter { $0.name != CoreProduct.productName }
        serial = Self.counter.withLock { count in
            count += 1
            return count
        }
    }

    private static let counter = Mutex(0)

    /// The product named `name`, if registered.
    package func product(named name: String) -> (any Product)? {
        products.first { $0.name == name }
    }

    /// The product owning `table`, if any.
    package func product(owning table: String) -> (any Product)? {
        products.first { $0.table(named: table) != nil }
    }

    /// The declaration of `table`, if any product has it.
    package func table(named table: String) -> TableSpec? {
        for product in products {
            if let spec = product.table(named: table) { return spec }
        }
        return nil
    }

    /// Every product's migration steps.
    package var migrationSteps: [MigrationStep] { products.flatMap(\.migrationSteps) }

    /// The migrations this build embeds with the products' Swift steps.
    package var migrator: Migrator { Migrator(migrations: LifeSchema.migrations, steps: migrationSteps) }

    /// Every search source, by kind.
    package var searchSources: [String: (product: String, source: SearchSource)] {
        var sources: [String: (product: String, source: SearchSource)] = [:]
        for product in products {
            for source in product.searchSources { sources[source.kind] = (product.name, source) }
        }
        return sources
    }
}
