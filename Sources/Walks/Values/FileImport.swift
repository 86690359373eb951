/// What importing one GPX file did (WALK-1).
public struct FileImport: Sendable, Encodable {
    public enum Outcome: String, Sendable, Encodable {
        /// One walk per non-empty `<trk>` was saved.
        case imported
        /// A file with the same content (SHA-256) was imported before; nothing was saved.
        case alreadyImported
        /// The file holds no track with points (a route-only file, say); nothing was saved.
        case noTracks
    }

    public var path: String
    public var sha256: String
    public var outcome: Outcome
    /// The walks saved (imported) or found (alreadyImported).
    public var walks: [WalkSummary]
    /// `<trk>`s without a single point, which become no walk.
    public var emptyTracks: Int
    /// WALK-1: routes and waypoints are reported as ignored, not silently dropped.
    public var ignoredRoutes: Int
    public var ignoredRoutePoints: Int
    public var ignoredWaypoints: Int
    /// WALK-9: values dropped from the file's points (the first
    /// `GPXFile.maximumWarnings` one by one), the points kept.
    public var warnings: [GPXWarning] = []
    public var droppedElevations = 0
    public var droppedTimes = 0

    /// Memberwise, for previews and tests of a front end; the store builds the real ones.
    public init(
        path: String, sha256: String, outcome: Outcome, walks: [WalkSummary], emptyTracks: Int, ignoredRoutes: Int,
        ignoredRoutePoints: Int, ignoredWaypoints: Int
    ) {
        self.path = path
        self.sha256 = sha256
        self.outcome = outcome
        self.walks = walks
        self.emptyTracks = emptyTracks
        self.ignoredRoutes = ignoredRoutes
        self.ignoredRoutePoints = ignoredRoutePoints
        self.ignoredWaypoints = ignoredWaypoints
    }
}
