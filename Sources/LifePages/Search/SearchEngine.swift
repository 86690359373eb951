import Foundation
import LifeCore
import LifeDB
import LifeKernel

/// Full-text search over every product's words (`Schema/0009_search.sql`),
/// through the sources the products declare (SPEC CORE-12).
///
/// Who may find what is decided in the SQL, before anything is ranked or
/// counted: each source's condition (`SearchSource.visibleTo`) filters the
/// matching documents, and the rank of a hit is computed from the query and
/// that hit's own text only (FTS5's `bm25()` would weigh terms by how many
/// documents hold them, hidden ones included). So a word found only in text
/// the viewer may not see answers exactly as a word found nowhere, ranks and
/// counts included (SPEC LT-6, REL-6). Locked Hereafter text is never in
/// the index at all (the triggers add a message when it is discovered).
public struct SearchEngine: Sendable {
    public let reader: any DatabaseReader
    public let registry: ProductRegistry

    /// At most this many hits are returned.
    public static let defaultLimit = 50

    public init(_ reader: any DatabaseReader, registry: ProductRegistry) {
        self.reader = reader
        self.registry = registry
    }

    /// The texts matching `query` that `viewer` may see, best first; ties by
    /// kind, then id, so the order never depends on insertion.
    public func search(_ query: SearchQuery, viewer: UUID?, limit: Int = defaultLimit) throws -> [SearchHit] {
        let sources = registry.searchSources
        var conditions: [String] = []
        var viewerBindings = 0
        let open = sources.values.filter { $0.source.visibleTo == nil }.map(\.source.kind).sorted()
        if !open.isEmpty {
            conditions.append("d.kind IN (" + open.map { "'\($0)'" }.joined(separator: ", ") + ")")
        }
        for (kind, entry) in sources.sorted(by: { $0.key < $1.key }) {
            guard let condition = entry.source.visibleTo else { continue }
            conditions.append("(d.kind = '\(kind)' AND (\(condition)))")
            viewerBindings += condition.filter { $0 == "?" }.count
        }
        guard !conditions.isEmpty else { return [] }
        let sql = """
            SELECT d.kind, d.ref, d.body, highlight(search_index, 0, char(2), char(3))
            FROM search_index JOIN search_documents AS d ON d.id = search_index.rowid
            WHERE search_index MATCH ? AND (\(conditions.joined(separator: " OR ")))
            """
        var arguments = StatementArguments()
        arguments.positional =
            [.text(query.expression)]
            + Array(repeating: viewer.map { .text($0.uuidString.lowercased()) } ?? .null, count: viewerBindings)
        let hits: [SearchHit] = try reader.read { db in
            try db.fetchAll(sql, arguments).map { row in
                let kind: String = try row.get(at: 0)
                guard let entry = sources[kind] else {
                    throw LifeError.malformed("search_documents holds an unknown kind '\(kind)'", field: "kind")
                }
                let marked: String = try row.get(at: 3)
                return SearchHit(
                    product: entry.product, kind: kind, label: entry.source.label, id: try row.get(at: 1),
                    text: try row.get(at: 2), rank: -Self.score(marked: marked))
            }
        }
        return Array(
            hits.sorted { ($0.rank, $0.kind, $0.id.uuidString) < ($1.rank, $1.kind, $1.id.uuidString) }
                .prefix(limit))
    }

    /// BM25's term-frequency part for one text (k1 1.2, b 0.75, average
    /// length fixed at 10 words): `marked` is the text with each matched
    /// phrase between U+0002 and U+0003 (FTS5's `highlight()`). The score
    /// grows with the matches and shrinks with the text's length; rounded to
    /// 1e-9 so that it prints the same everywhere.
    static func score(marked: String) -> Double {
        var matches = 0
        var words = 0
        var inWord = false
        for scalar in marked.unicodeScalars {
            if scalar == "\u{2}" { matches += 1 }
            let isWordCharacter = scalar.properties.isAlphabetic || scalar.properties.numericType != nil
            if isWordCharacter && !inWord { words += 1 }
            inWord = isWordCharacter
        }
        let tf = Double(matches)
        let k1 = 1.2
        let b = 0.75
        let averageWords = 10.0
        let score = tf * (k1 + 1) / (tf + k1 * (1 - b + b * Double(words) / averageWords))
        return (score * 1e9).rounded() / 1e9
    }
}
