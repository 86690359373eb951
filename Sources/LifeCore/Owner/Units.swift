/// Units of distance for every product that shows one.
public enum Units: String, Sendable, Codable, CaseIterable {
    case metric, imperial

    /// The international mile and foot, exactly.
    public static let metersPerMile = 1_609.344
    public static let metersPerFoot = 0.3048
}
