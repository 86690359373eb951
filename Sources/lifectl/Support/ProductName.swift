import LifeKernel
import LifeKit

/// A product as `--product` and `--only` take it (CORE-13): the registry's
/// names (`finite`, `walks`, …), listed in help and completed by the
/// shells. Whether a name is one is checked by the command that reads it,
/// in its own words.
struct ProductName: ArgumentType {
    let name: String

    static var argumentValues: [String] {
        LifeKit.registry.products.map(\.name).filter { $0 != CoreProduct.productName }
    }

    static func parse(_ text: String, field: String) throws -> ProductName {
        ProductName(name: text)
    }
}
