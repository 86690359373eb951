import Walks

/// Points on the equator, where a geodesic is an arc of the equatorial circle:
/// x metres east is exactly x / (a·π/180) degrees of longitude (a = 6,378,137 m),
/// so expected distances are worked out by hand.
enum EquatorWalk {
    static let metersPerDegree = 6_378_137.0 * Double.pi / 180

    /// A point `meters` east of (0°, 0°), at `seconds` after 2026-01-01 (ms epoch 1,767,225,600,000).
    static func point(_ meters: Double, _ seconds: Double?, elevation: Double? = nil) -> TrackPoint {
        TrackPoint(
            latitude: 0, longitude: meters / metersPerDegree, elevationMeters: elevation,
            timeMilliseconds: seconds.map { 1_767_225_600_000 + Int64(($0 * 1000).rounded()) })
    }

    /// Steps given as (metres, seconds) from the origin at time 0.
    static func steps(_ steps: [(meters: Double, seconds: Double)]) -> [TrackPoint] {
        var position = 0.0
        var time = 0.0
        var points = [point(0, 0)]
        for step in steps {
            position += step.meters
            time += step.seconds
            points.append(point(position, time))
        }
        return points
    }
}
