/// One micro-ritual (DM-1): of the catalogue, or one of the person's own
/// (issue 32), which behaves as the catalogue's do everywhere.
public struct Activity: Sendable, Encodable, Equatable, Hashable {
    /// A stable slug such as `box-breath`; `own-` and a UUID for one's own.
    public let id: String
    public let title: String
    /// The category's id, such as `breathe`.
    public let category: String
    public let energy: Energy
    public let minutes: Int
    /// One line on how to do it; empty for a ritual of one's own without one.
    public let howTo: String
    /// The pack it belongs to; nil for the base catalogue and one's own.
    public let pack: String?
    /// A ritual the person added (`dailymenu activity add`).
    public let own: Bool
    /// One's own ritual removed: kept for the history, off the menu, not
    /// to be started or completed again until restored.
    public let removed: Bool

    public init(
        id: String, title: String, category: String, energy: Energy, minutes: Int, howTo: String, pack: String? = nil,
        own: Bool = false, removed: Bool = false
    ) {
        self.id = id
        self.title = title
        self.category = category
        self.energy = energy
        self.minutes = minutes
        self.howTo = howTo
        self.pack = pack
        self.own = own
        self.removed = removed
    }

    /// The prefix of the ids of one's own rituals.
    public static let ownPrefix = "own-"

    /// The id as a person types it: the catalogue's whole, one's own as
    /// `own-` and the first 8 characters of its UUID (names resolve by it).
    public var shortID: String { own ? String(id.prefix(Self.ownPrefix.count + 8)) : id }
}
