/// One position fix of a walk, as a GPS logger or a GPX file gives it.
///
/// Latitude and longitude are WGS-84 degrees; the time is milliseconds since
/// the Unix epoch (UTC) and, like the elevation, may be absent (SPEC WALK-1:
/// `ele` and `time` are optional per point).
public struct TrackPoint: Hashable, Sendable {
    public var latitude: Double
    public var longitude: Double
    public var elevationMeters: Double?
    public var timeMilliseconds: Int64?

    public init(latitude: Double, longitude: Double, elevationMeters: Double? = nil, timeMilliseconds: Int64? = nil) {
        self.latitude = latitude
        self.longitude = longitude
        self.elevationMeters = elevationMeters
        self.timeMilliseconds = timeMilliseconds
    }
}
