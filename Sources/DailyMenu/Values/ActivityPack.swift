/// A themed pack of ten activities, locked until its season (DM-5, FR44).
public struct ActivityPack: Sendable, Codable, Equatable {
    public let id: String
    public let name: String
    public let description: String
    /// The number of the season that opens it (1 = First Light).
    public let unlockSeason: Int

    public init(id: String, name: String, description: String, unlockSeason: Int) {
        self.id = id
        self.name = name
        self.description = description
        self.unlockSeason = unlockSeason
    }
}
