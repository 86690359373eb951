/// One micro-ritual of the catalogue (DM-1).
public struct Activity: Sendable, Codable, Equatable, Hashable {
    /// A stable slug such as `box-breath`.
    public let id: String
    public let title: String
    /// The category's id, such as `breathe`.
    public let category: String
    public let energy: Energy
    public let minutes: Int
    /// One line on how to do it.
    public let howTo: String
    /// The pack it belongs to; nil for the base catalogue.
    public let pack: String?

    public init(
        id: String, title: String, category: String, energy: Energy, minutes: Int, howTo: String, pack: String? = nil
    ) {
        self.id = id
        self.title = title
        self.category = category
        self.energy = energy
        self.minutes = minutes
        self.howTo = howTo
        self.pack = pack
    }
}
