/// Where a walk came from.
public enum WalkSource: String, Sendable, Codable, CaseIterable {
    case gpx, recorded
}
