import Foundation
import LifeCore

/// The Moments one completion earned.
public struct MomentAward: Sendable, Equatable, Encodable {
    public let completionID: UUID
    public let localDay: CivilDate
    public let base: Int
    public let bonuses: [MomentBonus]

    public var total: Int { base + bonuses.reduce(0) { $0 + $1.points } }

    enum CodingKeys: String, CodingKey { case completionID = "completionId", localDay, base, bonuses, total }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(completionID.uuidString.lowercased(), forKey: .completionID)
        try container.encode(localDay, forKey: .localDay)
        try container.encode(base, forKey: .base)
        try container.encode(bonuses, forKey: .bonuses)
        try container.encode(total, forKey: .total)
    }

    /// Memberwise, for previews and tests of a front end; the store builds the real ones.
    public init(
        completionID: UUID, localDay: CivilDate, base: Int, bonuses: [MomentBonus]
    ) {
        self.completionID = completionID
        self.localDay = localDay
        self.base = base
        self.bonuses = bonuses
    }
}
