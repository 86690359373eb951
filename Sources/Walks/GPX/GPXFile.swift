/// What a GPX file holds for Walks (SPEC WALK-1): its tracks, a count of
/// what is ignored (routes, route points, waypoints) and the values dropped
/// (WALK-9), so the import can say so.
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
    /// WALK-9: the first `maximumWarnings` values dropped, in file order.
    public var warnings: [GPXWarning]
    /// Every elevation and every time dropped (`warnings` keeps the first few).
    public var droppedElevations: Int
    public var droppedTimes: Int

    /// The dropped values a file reports one by one; the rest are counted.
    public static let maximumWarnings = 100

    public init(
        version: String, tracks: [GPXTrack], ignoredRoutes: Int = 0, ignoredRoutePoints: Int = 0,
        ignoredWaypoints: Int = 0, fileTimeMilliseconds: Int64? = nil, warnings: [GPXWarning] = [],
        droppedElevations: Int = 0, droppedTimes: Int = 0
    ) {
        self.fileTimeMilliseconds = fileTimeMilliseconds
        self.warnings = warnings
        self.droppedElevations = droppedElevations
        self.droppedTimes = droppedTimes
        self.version = version
        self.tracks = tracks
        self.ignoredRoutes = ignoredRoutes
        self.ignoredRoutePoints = ignoredRoutePoints
        self.ignoredWaypoints = ignoredWaypoints
    }
}
