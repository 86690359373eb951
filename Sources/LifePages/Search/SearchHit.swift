import Foundation
import LifeKernel

/// One text that matched a search, best first.
public struct SearchHit: Sendable, Hashable, Codable {
    /// The product whose text it is: `finite`, `walks`.
    public let product: String
    /// Which of its texts (`search_documents.kind`): `finite_phrase`, `walk_name`.
    public let kind: String
    /// What it is, in words: "week phrase", "walk".
    public let label: String
    /// The id of the row the text belongs to (a mark, walk, message, goal or milestone).
    public let id: UUID
    public let text: String
    /// How well the text matches, more negative is better: minus the text's
    /// BM25 term-frequency score (k1 1.2, b 0.75) over a fixed average
    /// length of 10 words, with every term weighted alike. It depends on the
    /// query and this text alone, never on other texts, so a text the
    /// viewer may not see changes no rank (SPEC LT-6, REL-6).
    public let rank: Double

    public init(product: String, kind: String, label: String, id: UUID, text: String, rank: Double) {
        self.product = product
        self.kind = kind
        self.label = label
        self.id = id
        self.text = text
        self.rank = rank
    }
}
