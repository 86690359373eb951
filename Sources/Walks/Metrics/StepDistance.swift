import LifeCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The length of one step between two fixes, on the WGS-84 ellipsoid
/// (SPEC WALK-3: within 0.01 % of GeographicLib).
///
/// Walk steps are metres long, where the ellipsoid is flat to well under a
/// part per million: the local radii of curvature at the mid-latitude (the
/// cheap-ruler method, with WGS-84's meridional and normal radii) give the
/// distance without Vincenty's iteration, several times faster. Steps that
/// are long (over `WalksRules.flatDistanceLimitMeters`), near a pole or
/// across a large longitude difference take the true geodesic.
enum StepDistance {
    private static let radians = Double.pi / 180
    private static let eccentricitySquared = Geodesic.flattening * (2 - Geodesic.flattening)
    private static let metersPerRadian = Geodesic.equatorialRadius * radians

    static func meters(_ a: TrackPoint, _ b: TrackPoint) -> Double {
        meters(latitude1: a.latitude, longitude1: a.longitude, latitude2: b.latitude, longitude2: b.longitude)
    }

    static func meters(latitude1: Double, longitude1: Double, latitude2: Double, longitude2: Double) -> Double {
        let dLat = latitude2 - latitude1
        let dLon = longitude2 - longitude1
        // Small differences in degrees, away from the poles: the flat case.
        if abs(dLat) < 0.02 && abs(dLon) < 0.02 && abs(latitude1) < 85 {
            let cosLat = cos((latitude1 + latitude2) * 0.5 * radians)
            let w2 = 1 / (1 - eccentricitySquared * (1 - cosLat * cosLat))
            let w = w2.squareRoot()
            let kx = metersPerRadian * w * cosLat  // normal radius of curvature
            let ky = metersPerRadian * w * w2 * (1 - eccentricitySquared)  // meridional radius
            let x = dLon * kx
            let y = dLat * ky
            let flat = (x * x + y * y).squareRoot()
            if flat <= WalksRules.flatDistanceLimitMeters { return flat }
        }
        return Geodesic.distanceMeters(
            latitude1: latitude1, longitude1: longitude1, latitude2: latitude2, longitude2: longitude2)
    }
}
