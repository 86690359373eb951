import LifeKernel

/// What an import did (docs/json.md, "import"): the rows read from the file,
/// the rows it added or changed, and the rows a product declined to take
/// (a walk whose GPX file is already here under another id).
public struct ImportReport: Equatable, Sendable {
    public var rowsRead = 0
    /// Rows added or changed; a row already as the merge would leave it is not written.
    public var rowsChanged = 0
    public var skipped: [SkippedRow] = []

    public init() {}

    /// Rows read and not skipped (added, changed, or already as merged).
    public var rowsImported: Int { rowsRead - skipped.count }
}

/// A row of the file that its product declined, with the product's reason.
public struct SkippedRow: Codable, Equatable, Sendable {
    public let product: String
    public let table: String
    /// The row's key in the file.
    public let id: String
    /// The row here that already holds what it brings, when there is one.
    public let existingId: String?
    /// Why, in the product's words.
    public let reason: String

    public init(product: String, table: String, id: String, existingId: String?, reason: String) {
        self.product = product
        self.table = table
        self.id = id
        self.existingId = existingId
        self.reason = reason
    }
}
