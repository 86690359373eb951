import Foundation
import LifeKernel

/// The whole export file (docs/json.md, "export"): every saved row of the
/// products asked for, table by table, rows in primary-key order, keys
/// sorted, so the same data always gives the same bytes.
public struct ExportDocument: Codable, Equatable, Sendable {
    public static let formatName = "lifectl-export"
    /// Raised when the meaning of a field changes; an importer refuses a
    /// newer version than its own.
    public static let currentVersion = 1

    public var format: String
    public var version: Int
    /// The products in the file: their name → table → rows (column → value).
    public var products: [String: [String: [[String: ExportValue]]]]
    /// True when written with --for-sync (local-only preferences left out).
    public var forSync: Bool

    /// Whether the file holds words that are never printed (a Hereafter
    /// note not yet discovered, `TableSpec.sealedUntil`). Such a file is the
    /// owner's backup and is written only to a file, never to stdout (SPEC
    /// HA-3, REL-6: no command prints a locked word). Set by the export; not
    /// part of the file.
    public var holdsSealedContent = false

    enum CodingKeys: String, CodingKey { case format, version, products, forSync }

    public init(products: [String: [String: [[String: ExportValue]]]], forSync: Bool) {
        format = Self.formatName
        version = Self.currentVersion
        self.products = products
        self.forSync = forSync
    }
}
