import Foundation

/// Flattens a walk onto a local plane in metres (SPEC WALK-6: drawn north-up):
/// x east, y north, the longitude scaled by the cosine of the mean latitude.
/// Over the few kilometres of a walk this keeps shapes and the aspect ratio
/// true to well under a percent, which is all a drawing needs.
enum LocalProjection {
    /// The mean Earth radius (IUGG), metres; the scale cancels when a
    /// drawing is fitted, but metres keep the numbers readable.
    static let earthRadiusMeters = 6_371_008.8

    /// Each segment's points in metres from the first point (points with a
    /// non-finite latitude or longitude are left out). Longitudes are
    /// unwrapped first: each is moved by a multiple of 360° to lie within 180°
    /// of the one before it (across segments too), so a walk over the 180°
    /// meridian stays in one piece instead of spanning the globe.
    static func project(_ track: Track) -> [[PlanePoint]] {
        var unwrapped: [[(latitude: Double, longitude: Double)]] = []
        var previous: Double?
        var latitudeSum = 0.0
        var count = 0
        for segment in track.segments {
            var points: [(latitude: Double, longitude: Double)] = []
            points.reserveCapacity(segment.count)
            // A fix without a finite position cannot be drawn; it is left
            // out rather than poisoning the fit (and trapping in `Int(_:)`).
            for point in segment where point.latitude.isFinite && point.longitude.isFinite {
                var longitude = point.longitude
                if let previous {
                    longitude -= 360 * ((longitude - previous) / 360).rounded()
                }
                previous = longitude
                points.append((point.latitude, longitude))
                latitudeSum += point.latitude
                count += 1
            }
            unwrapped.append(points)
        }
        guard count > 0, let origin = unwrapped.first(where: { !$0.isEmpty })?.first else {
            return track.segments.map { _ in [] }
        }
        let metresPerDegree = earthRadiusMeters * Double.pi / 180
        let east = metresPerDegree * cos(latitudeSum / Double(count) * Double.pi / 180)
        return unwrapped.map { segment in
            segment.map {
                PlanePoint(
                    x: ($0.longitude - origin.longitude) * east,
                    y: ($0.latitude - origin.latitude) * metresPerDegree)
            }
        }
    }
}
