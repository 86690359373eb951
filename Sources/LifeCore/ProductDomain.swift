/// One product's footprint in the shared database: its name, the prefix its
/// tables share, and the list of its tables, kept beside its migration so
/// that `lifectl db status` counts each product's rows from its own tables.
/// A test compares the lists with a new database's `sqlite_schema`, so a
/// table a migration adds cannot be forgotten here.
public struct ProductDomain: Sendable, Hashable {
    public let name: String
    public let tablePrefix: String
    /// The tables holding what a person saved: their rows are counted.
    public let tables: [String]
    /// Tables that hold no one's data and are not counted: an index kept as a
    /// table (an R*Tree and the shadow tables SQLite keeps for it) and
    /// bookkeeping.
    public let uncountedTables: [String]

    public init(name: String, tablePrefix: String, tables: [String] = [], uncountedTables: [String] = []) {
        self.name = name
        self.tablePrefix = tablePrefix
        self.tables = tables
        self.uncountedTables = uncountedTables
    }

    /// Every table it owns, counted or not.
    public var allTables: [String] { tables + uncountedTables }

    /// What every product shares (`0001_core`): the owner, and the
    /// migrator's bookkeeping.
    public static let core = ProductDomain(
        name: "core", tablePrefix: "owner", tables: ["owner"], uncountedTables: ["schema_migrations"])
}
