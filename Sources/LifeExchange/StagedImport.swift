import Foundation
import LifeCore
import LifeDB
import LifeKernel

/// An import file's rows, staged in a temporary table as the file streams
/// in, so that the merge can take them product by product and table by
/// table in the registry's order (parents before children) and each table's
/// rows in its `importOrder`, whatever order the file lists them in, with
/// memory for one row at a time. Dropped when the import ends.
struct StagedImport {
    let db: Database
    let registry: ProductRegistry
    static let table = "temp.lifectl_import_rows"
    /// The latest instant of any `…_at` column of the file.
    private(set) var latestInstant: Date?
    /// The latest value of a column that only moves forward (policy
    /// *latest*: `updated_at` and the like), with where it is.
    private(set) var latestForward: (instant: Date, table: String, column: String, text: String)?
    /// Every product's tables the file names, empty ones included.
    private(set) var tablesByProduct: [String: Set<String>] = [:]
    private let encoder: JSONEncoder

    init(db: Database, registry: ProductRegistry) throws {
        self.db = db
        self.registry = registry
        encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try db.execute("DROP TABLE IF EXISTS \(Self.table)")
        // k1…k3: the row's values of its table's importOrder columns.
        try db.execute(
            """
            CREATE TEMP TABLE lifectl_import_rows (
                seq INTEGER PRIMARY KEY, product TEXT NOT NULL, tbl TEXT NOT NULL, k1, k2, k3, row TEXT NOT NULL)
            """)
    }

    func drop() {
        try? db.execute("DROP TABLE IF EXISTS \(Self.table)")
    }

    mutating func begin(_ product: String, _ table: String) {
        tablesByProduct[product, default: []].insert(table)
    }

    mutating func add(_ product: String, _ table: String, _ row: [String: ExportValue]) throws {
        let order = registry.product(named: product)?.table(named: table)?.importOrder ?? []
        var keys: [DatabaseValue] = order.prefix(3).map { column in
            (try? row[column].map { try $0.databaseValue(column: column) }) ?? .null
        }
        while keys.count < 3 { keys.append(.null) }
        let spec = registry.product(named: product)?.table(named: table)
        for (column, value) in row where column.hasSuffix("_at") {
            guard case .text(let text) = value, let instant = Timestamp.parseDatabase(text) else { continue }
            if latestInstant.map({ instant > $0 }) ?? true { latestInstant = instant }
            if spec?.columns[column] == .latest, latestForward.map({ instant > $0.instant }) ?? true {
                latestForward = (instant, table, column, text)
            }
        }
        var arguments = StatementArguments()
        arguments.positional =
            [.text(product), .text(table)] + keys + [.text(String(decoding: try encoder.encode(row), as: UTF8.self))]
        try db.execute(
            "INSERT INTO \(Self.table) (product, tbl, k1, k2, k3, row) VALUES (?, ?, ?, ?, ?, ?)", arguments)
    }

    func products() -> [String] { tablesByProduct.keys.sorted() }

    func tables(of product: String) -> Set<String> { tablesByProduct[product] ?? [] }

    /// Each staged row of `table`, in its import order, ties in the file's order.
    func forEachRow(product: String, table: String, _ body: ([String: ExportValue]) throws -> Void) throws {
        let decoder = JSONDecoder()
        try db.forEachRow(
            "SELECT row FROM \(Self.table) WHERE product = ? AND tbl = ? ORDER BY k1, k2, k3, seq", [product, table]
        ) { statement in
            let text: String = try statement.column(at: 0)
            try body(try decoder.decode([String: ExportValue].self, from: Data(text.utf8)))
        }
    }
}
