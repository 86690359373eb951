/// One product's footprint in the shared database: its name and the prefix its
/// tables share, so that `lifectl db status` can count rows per domain.
public struct ProductDomain: Sendable, Hashable {
    public let name: String
    public let tablePrefix: String

    public init(name: String, tablePrefix: String) {
        self.name = name
        self.tablePrefix = tablePrefix
    }

    /// What every product shares: the owner and the schema bookkeeping.
    public static let core = ProductDomain(name: "core", tablePrefix: "owner")
}
