import Foundation
import LifeCore

/// A stamp earned: once, on the owner's local day of the completion that
/// earned it.
public struct StampAward: Sendable, Equatable, Encodable {
    public let kind: StampKind
    public let date: CivilDate
    public let completionID: UUID

    enum CodingKeys: String, CodingKey { case kind, title, date, completionID = "completionId" }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(kind.title, forKey: .title)
        try container.encode(date, forKey: .date)
        try container.encode(completionID.uuidString.lowercased(), forKey: .completionID)
    }

    /// Memberwise, for previews and tests of a front end; the store builds the real ones.
    public init(
        kind: StampKind, date: CivilDate, completionID: UUID
    ) {
        self.kind = kind
        self.date = date
        self.completionID = completionID
    }
}
