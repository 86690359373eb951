import Foundation
import LifeCore

/// A season reached (DM-5): on the owner's local day of the ritual whose
/// Moments carried the total to its threshold, in history order. First
/// Light is reached with the first ritual.
public struct SeasonReached: Sendable, Equatable, Encodable {
    public let season: Season
    public let date: CivilDate
    public let completionID: UUID

    public init(season: Season, date: CivilDate, completionID: UUID) {
        self.season = season
        self.date = date
        self.completionID = completionID
    }

    enum CodingKeys: String, CodingKey { case season, name, threshold, date, completionID = "completionId" }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(season.number, forKey: .season)
        try container.encode(season.name, forKey: .name)
        try container.encode(season.threshold, forKey: .threshold)
        try container.encode(date, forKey: .date)
        try container.encode(completionID.uuidString.lowercased(), forKey: .completionID)
    }
}
