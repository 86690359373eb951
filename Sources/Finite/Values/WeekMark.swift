import Foundation

/// One marked week as stored (SPEC FIN-4): a rating, at most one category and
/// an optional phrase. The rules (the week is not in the future, the phrase
/// fits) are checked by the store; this is the plain value it hands back.
public struct WeekMark: Sendable, Codable, Equatable {
    /// CORE-10: a UUID so that two devices' databases can be merged later.
    public var id: UUID
    /// The 0-based week index `52·y + k` (SPEC FIN-2); shown as "Week index+1".
    public var weekIndex: Int
    public var rating: WeekRating
    public var category: WeekCategory?
    public var phrase: String?
    /// When the week was first marked. Marking again keeps it, so a streak
    /// milestone (FIN-7) does not move when a rating is corrected.
    public var markedAt: Date
    /// When the mark last changed.
    public var updatedAt: Date

    public init(
        id: UUID, weekIndex: Int, rating: WeekRating, category: WeekCategory? = nil, phrase: String? = nil,
        markedAt: Date, updatedAt: Date
    ) {
        self.id = id
        self.weekIndex = weekIndex
        self.rating = rating
        self.category = category
        self.phrase = phrase
        self.markedAt = markedAt
        self.updatedAt = updatedAt
    }

    enum CodingKeys: String, CodingKey {
        case id, weekIndex, rating, category, phrase, markedAt, updatedAt
    }

    /// CORE-10: the id is written lower-case, as in the database; Foundation's
    /// own `UUID` encoding would write it upper-case.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id.uuidString.lowercased(), forKey: .id)
        try container.encode(weekIndex, forKey: .weekIndex)
        try container.encode(rating, forKey: .rating)
        try container.encodeIfPresent(category, forKey: .category)
        try container.encodeIfPresent(phrase, forKey: .phrase)
        try container.encode(markedAt, forKey: .markedAt)
        try container.encode(updatedAt, forKey: .updatedAt)
    }
}
