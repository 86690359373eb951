import Foundation

/// One completion as a line a person can paste to a friend (DM-11, the
/// seed's "share a single activity completion with a friend"): the words are
/// `DailyMenuVoice.shareLine`'s.
public struct ShareLine: Sendable, Equatable, Encodable {
    public let completionID: UUID
    public let text: String

    /// Memberwise, for previews and tests of a front end; the store builds the real ones.
    public init(completionID: UUID, text: String) {
        self.completionID = completionID
        self.text = text
    }

    enum CodingKeys: String, CodingKey { case completionID = "completionId", text }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(completionID.uuidString.lowercased(), forKey: .completionID)
        try container.encode(text, forKey: .text)
    }
}
