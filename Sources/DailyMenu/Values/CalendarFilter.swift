import LifeCore

/// Which rituals the calendar shows (DM-11, the seed's "Enhanced Calendar:
/// filters by category, mood improvement, feedback"): every condition given
/// must hold; none given shows every ritual.
public struct CalendarFilter: Sendable, Equatable, Encodable {
    /// A category's id.
    public var category: String?
    /// Only rituals that lifted the mood (after-mood Better).
    public var moodLifted: Bool
    /// Only rituals with this feedback.
    public var feedback: Feedback?

    public init(category: String? = nil, moodLifted: Bool = false, feedback: Feedback? = nil) {
        self.category = category
        self.moodLifted = moodLifted
        self.feedback = feedback
    }

    public static let none = CalendarFilter()

    public var isEmpty: Bool { self == .none }

    /// Whether `completion` is shown.
    public func admits(_ completion: Completion) -> Bool {
        (category.map { $0 == completion.category } ?? true) && (!moodLifted || completion.moodImproved)
            && (feedback.map { $0 == completion.feedback } ?? true)
    }

    enum CodingKeys: String, CodingKey { case category, moodLifted, feedback }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(category, forKey: .category)
        try container.encode(moodLifted, forKey: .moodLifted)
        try container.encodeIfPresent(feedback, forKey: .feedback)
    }
}
