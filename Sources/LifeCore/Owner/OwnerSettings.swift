/// The owner's shared settings (the `owner` table of `0001_core`), kept in
/// LifeCore so that pure code (formatting a distance) needs no database.
public struct OwnerSettings: Sendable, Codable, Equatable {
    /// IANA name, or nil to follow the system's zone.
    public var timeZone: String?
    public var units: Units

    public init(timeZone: String?, units: Units) {
        self.timeZone = timeZone
        self.units = units
    }

    public static let defaults = OwnerSettings(timeZone: nil, units: .metric)
}
