/// An activity as the owner sees it in the list: with their preferences and
/// whether its pack is open yet.
public struct ActivityListing: Sendable, Encodable, Equatable {
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
