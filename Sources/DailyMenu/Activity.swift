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

/// A category of the catalogue.
public struct ActivityCategory: Sendable, Codable, Equatable, Hashable {
    public let id: String
    public let name: String

    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }
}

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

/// An activity as the owner sees it in the list: with their preferences and
/// whether its pack is open yet.
public struct ActivityListing: Sendable, Codable, Equatable {
    public let activity: Activity
    public let favorite: Bool
    public let hidden: Bool
    public let categoryExcluded: Bool
    public let locked: Bool

    /// Memberwise, for previews and tests of a front end; the store builds the real ones.
    public init(
        activity: Activity, favorite: Bool, hidden: Bool, categoryExcluded: Bool, locked: Bool
    ) {
        self.activity = activity
        self.favorite = favorite
        self.hidden = hidden
        self.categoryExcluded = categoryExcluded
        self.locked = locked
    }
}
