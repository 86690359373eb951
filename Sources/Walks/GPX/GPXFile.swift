/// What a GPX file holds for Walks (SPEC WALK-1): its tracks, and a count of
/// what is ignored (routes, route points, waypoints) so the import can say so.
public struct GPXFile: Sendable {
    /// "1.0" or "1.1" as the root element declares it.
    public var version: String
    /// One per `<trk>`, in file order, including empty ones.
    public var tracks: [GPXTrack]
    /// `<rte>` elements, reported as ignored.
    public var ignoredRoutes: Int
    /// `<rtept>` elements within them.
    public var ignoredRoutePoints: Int
    /// `<wpt>` elements.
    public var ignoredWaypoints: Int
    /// The file's own time (`<metadata><time>`, or GPX 1.0's `<gpx><time>`)
    /// in milliseconds since 1970, when it has a readable one: it dates an
    /// untimed walk in the list.
    public var fileTimeMilliseconds: Int64?

    public init(
        version: String, tracks: [GPXTrack], ignoredRoutes: Int = 0, ignoredRoutePoints: Int = 0,
        ignoredWaypoints: Int = 0, fileTimeMilliseconds: Int64? = nil
    ) {
        self.fileTimeMilliseconds = fileTimeMilliseconds
        self.version = version
        self.tracks = tracks
        self.ignoredRoutes = ignoredRoutes
        self.ignoredRoutePoints = ignoredRoutePoints
        self.ignoredWaypoints = ignoredWaypoints
    }
}
