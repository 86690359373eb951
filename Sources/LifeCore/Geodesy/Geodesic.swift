#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Distances on the WGS-84 ellipsoid, for every product that measures one
/// (SPEC WALK-3: walk lengths within 0.01 % of GeographicLib; HA-2, HA-6:
/// 150 m threads and geofences).
///
/// The inverse problem is solved with Vincenty's iteration (1975), which agrees
/// with GeographicLib's geodesic to well under a millimetre wherever it
/// converges, and is the quicker of the two. It fails to converge (or its λ
/// runs past π) for nearly antipodal points; those take Karney's method
/// (`KarneyInverse`, as GeographicLib), which converges for every pair, so the
/// 0.01 % promise holds for any two points on the globe.
public enum Geodesic {
    /// WGS-84 semi-major axis, metres.
    public static let equatorialRadius = 6_378_137.0
    /// WGS-84 flattening.
    public static let flattening = 1 / 298.257_223_563
    /// Semi-minor axis, metres.
    public static let polarRadius = equatorialRadius * (1 - flattening)
    /// IUGG mean radius (2a + b) / 3, metres.
    public static let meanRadius = (2 * equatorialRadius + polarRadius) / 3

    /// The geodesic distance in metres between two positions in degrees.
    public static func distanceMeters(_ a: Coordinate, _ b: Coordinate) -> Double {
        distanceMeters(latitude1: a.latitude, longitude1: a.longitude, latitude2: b.latitude, longitude2: b.longitude)
    }

    /// The geodesic distance in metres between two positions in degrees
    /// (latitudes −90…90, any longitudes).
    public static func distanceMeters(
        latitude1: Double, longitude1: Double, latitude2: Double, longitude2: Double
    ) -> Double {
        if latitude1 == latitude2 && longitude1 == longitude2 { return 0 }
        let radians = Double.pi / 180
        let f = flattening
        var difference = (longitude2 - longitude1).truncatingRemainder(dividingBy: 360)
        if difference > 180 { difference -= 360 } else if difference < -180 { difference += 360 }
        let l = difference * radians
        // Reduced latitudes.
        let u1 = atan((1 - f) * tan(latitude1 * radians))
        let u2 = atan((1 - f) * tan(latitude2 * radians))
        let sinU1 = sin(u1)
        let cosU1 = cos(u1)
        let sinU2 = sin(u2)
        let cosU2 = cos(u2)

        var lambda = l
        for _ in 0..<200 {
            // Past π the iteration has lost its way (nearly antipodal points).
            guard abs(lambda) <= Double.pi else { break }
            let sinLambda = sin(lambda)
            let cosLambda = cos(lambda)
            let t1 = cosU2 * sinLambda
            let t2 = cosU1 * sinU2 - sinU1 * cosU2 * cosLambda
            let sinSigma = (t1 * t1 + t2 * t2).squareRoot()
            if sinSigma == 0 { return 0 }  // coincident after rounding
            let cosSigma = sinU1 * sinU2 + cosU1 * cosU2 * cosLambda
            let sigma = atan2(sinSigma, cosSigma)
            let sinAlpha = cosU1 * cosU2 * sinLambda / sinSigma
            let cosSquaredAlpha = 1 - sinAlpha * sinAlpha
            // On the equator (cos²α = 0) the term is 0 by continuity.
            let cos2SigmaM = cosSquaredAlpha != 0 ? cosSigma - 2 * sinU1 * sinU2 / cosSquaredAlpha : 0
            let c = f / 16 * cosSquaredAlpha * (4 + f * (4 - 3 * cosSquaredAlpha))
            let previous = lambda
            lambda =
                l + (1 - c) * f * sinAlpha
                * (sigma + c * sinSigma * (cos2SigmaM + c * cosSigma * (-1 + 2 * cos2SigmaM * cos2SigmaM)))
            if abs(lambda - previous) < 1e-12 {
                let a2 = equatorialRadius * equatorialRadius
                let b2 = polarRadius * polarRadius
                let uSquared = cosSquaredAlpha * (a2 - b2) / b2
                let bigA = 1 + uSquared / 16384 * (4096 + uSquared * (-768 + uSquared * (320 - 175 * uSquared)))
                let bigB = uSquared / 1024 * (256 + uSquared * (-128 + uSquared * (74 - 47 * uSquared)))
                let deltaSigma =
                    bigB * sinSigma
                    * (cos2SigmaM + bigB / 4
                        * (cosSigma * (-1 + 2 * cos2SigmaM * cos2SigmaM) - bigB / 6 * cos2SigmaM
                            * (-3 + 4 * sinSigma * sinSigma) * (-3 + 4 * cos2SigmaM * cos2SigmaM)))
                return polarRadius * bigA * (sigma - deltaSigma)
            }
        }
        return KarneyInverse.wgs84.distance(
            latitude1: latitude1, longitude1: longitude1, latitude2: latitude2, longitude2: longitude2)
    }

    /// The great-circle distance on a sphere of the mean radius (haversine).
    /// Off by up to 0.5 % from the ellipsoid: only rough prefilters may use it.
    public static func greatCircleMeters(
        latitude1: Double, longitude1: Double, latitude2: Double, longitude2: Double
    ) -> Double {
        let radians = Double.pi / 180
        let dLat = (latitude2 - latitude1) * radians
        let dLon = (longitude2 - longitude1) * radians
        let h =
            sin(dLat / 2) * sin(dLat / 2) + cos(latitude1 * radians) * cos(latitude2 * radians) * sin(dLon / 2)
            * sin(dLon / 2)
        return 2 * meanRadius * asin(min(1, h.squareRoot()))
    }
}
