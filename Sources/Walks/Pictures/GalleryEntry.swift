/// One walk in a gallery: what its caption says and what sizes its cell
/// (SPEC WALK-6). The id seeds the doodle, as for a single doodle, so a walk
/// looks the same in the gallery as on its own.
public struct GalleryEntry: Sendable {
    public var id: String
    /// The first caption line, e.g. "Sat 3 Oct 2010".
    public var title: String
    /// The second caption line, e.g. "5.2 km · 1:02:13".
    public var subtitle: String
    public var distanceMeters: Double
    public var durationSeconds: Double?

    public init(id: String, title: String, subtitle: String, distanceMeters: Double, durationSeconds: Double?) {
        self.id = id
        self.title = title
        self.subtitle = subtitle
        self.distanceMeters = distanceMeters
        self.durationSeconds = durationSeconds
    }
}
