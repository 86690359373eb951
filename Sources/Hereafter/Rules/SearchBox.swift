#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import LifeCore

/// A latitude/longitude box that holds every point within a distance of a
/// centre on the WGS-84 ellipsoid: the prefilter before the exact distance
/// (SPEC HA-6). Never too small, possibly a little too large.
///
/// Why it is safe: every point of the shortest path from the centre to a
/// point within `radius` is itself within `radius`, so
/// - its latitude differs by at most radius / (the shortest metre-per-degree
///   of a meridian, at the equator: a(1 − e²)·π/180 ≈ 110,574 m), and
/// - its longitude changes by at most radius / (the length of a degree along
///   the parallel of the box's most poleward latitude, which is at least
///   a·cos φ·π/180), because a parallel's circle shrinks towards the poles.
/// When the box reaches a pole, every longitude is taken (a circle around the
/// pole holds them all); when it crosses ±180° it is split in two.
public struct SearchBox: Sendable, Equatable {
    public struct Range: Sendable, Equatable {
        public let minLatitude: Double
        public let maxLatitude: Double
        public let minLongitude: Double
        public let maxLongitude: Double

        public func contains(_ point: Coordinate) -> Bool {
            (minLatitude...maxLatitude).contains(point.latitude)
                && (minLongitude...maxLongitude).contains(point.longitude)
        }
    }

    /// One range, or two when the box crosses the ±180° meridian.
    public let ranges: [Range]

    /// Headroom on each bound against rounding (0.1 %).
    static let margin = 1.001
    static let metersPerDegreeOfMeridianMinimum =
        Geodesic.equatorialRadius * (1 - eccentricitySquared) * Double.pi / 180
    static let eccentricitySquared = Geodesic.flattening * (2 - Geodesic.flattening)

    public init(around centre: Coordinate, radiusMeters: Double) {
        let latitudeDelta = radiusMeters / Self.metersPerDegreeOfMeridianMinimum * Self.margin
        let south = centre.latitude - latitudeDelta
        let north = centre.latitude + latitudeDelta
        let poleward = max(abs(south), abs(north))
        let cosine = poleward >= 90 ? 0 : cos(poleward * Double.pi / 180)
        let metersPerDegreeOfParallel = Geodesic.equatorialRadius * cosine * Double.pi / 180
        let longitudeDelta =
            metersPerDegreeOfParallel > 0 ? radiusMeters / metersPerDegreeOfParallel * Self.margin : .infinity
        let clampedSouth = max(-90, south)
        let clampedNorth = min(90, north)
        func range(_ west: Double, _ east: Double) -> Range {
            Range(minLatitude: clampedSouth, maxLatitude: clampedNorth, minLongitude: west, maxLongitude: east)
        }
        if longitudeDelta >= 180 {
            ranges = [range(-180, 180)]
            return
        }
        let west = centre.longitude - longitudeDelta
        let east = centre.longitude + longitudeDelta
        if west < -180 {
            ranges = [range(-180, east), range(west + 360, 180)]
        } else if east > 180 {
            ranges = [range(west, 180), range(-180, east - 360)]
        } else {
            ranges = [range(west, east)]
        }
    }

    public func contains(_ point: Coordinate) -> Bool {
        ranges.contains { $0.contains(point) }
    }
}
