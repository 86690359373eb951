/// A change to a ritual of one's own (`dailymenu activity edit`): nil fields
/// stay as they are; `howTo` set to `.some(nil)` removes the how-to line.
/// The category is chosen once, when the ritual is added.
public struct OwnActivityChange: Sendable, Equatable {
    public var title: String?
    public var energy: Energy?
    public var minutes: Int?
    public var howTo: String??

    public init(title: String? = nil, energy: Energy? = nil, minutes: Int? = nil, howTo: String?? = nil) {
        self.title = title
        self.energy = energy
        self.minutes = minutes
        self.howTo = howTo
    }

    public var isEmpty: Bool { title == nil && energy == nil && minutes == nil && howTo == nil }
}
