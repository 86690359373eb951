import Foundation
import Hereafter
import LifeCore
import Testing

/// HA-6's prefilter: the box never loses a point within the radius, near the
/// poles and across ±180° too. Distances were computed with Python
/// geographiclib (Karney's geodesics on WGS-84), independently of the code.
@Suite struct SearchBoxTests {
    static func point(_ latitude: Double, _ longitude: Double) throws -> Coordinate {
        try Coordinate(latitude: latitude, longitude: longitude)
    }

    @Test func anOrdinaryBoxIsOneRangeHoldingTheCircle() throws {
        let centre = try Self.point(52.5163, 13.3777)
        let box = SearchBox(around: centre, radiusMeters: 150)
        #expect(box.ranges.count == 1)
        // geographiclib Direct from the centre, 149 m north and 149 m east.
        #expect(box.contains(try Self.point(52.5176389990, 13.3777)))
        #expect(box.contains(try Self.point(52.5162999796, 13.3798948847)))
        // and it is a prefilter, not the whole map: 1 km north is outside.
        #expect(!box.contains(try Self.point(52.5253, 13.3777)))
    }

    /// 89.9995° N, 0° and 89.9995° N, 180° are 111.694 m apart (geographiclib):
    /// the circle holds the pole, so the box must take every longitude.
    @Test func nearAPoleTheBoxTakesEveryLongitude() throws {
        let box = SearchBox(around: try Self.point(89.9995, 0), radiusMeters: 150)
        #expect(box.ranges.count == 1)
        #expect(box.ranges[0].minLongitude == -180 && box.ranges[0].maxLongitude == 180)
        #expect(box.ranges[0].maxLatitude == 90)
        #expect(box.contains(try Self.point(89.9995, 180)))
        // 89.999° S, 0° and 89.999° S, 180° are 223.388 m apart: within 250 m.
        let south = SearchBox(around: try Self.point(-89.999, 0), radiusMeters: 250)
        #expect(south.contains(try Self.point(-89.999, 180)))
        #expect(south.ranges[0].minLatitude == -90)
    }

    /// 0°, 179.9995° and 0°, −179.9995° are 111.319 m apart (geographiclib).
    @Test func acrossTheAntimeridianTheBoxSplitsInTwo() throws {
        let east = SearchBox(around: try Self.point(0, 179.9995), radiusMeters: 150)
        #expect(east.ranges.count == 2)
        #expect(east.contains(try Self.point(0, -179.9995)))
        #expect(east.contains(try Self.point(0, 179.999)))
        let west = SearchBox(around: try Self.point(-33, -179.9995), radiusMeters: 150)
        #expect(west.ranges.count == 2)
        // −33°, 179.999° to −33°, −179.9995° is 140.180 m (geographiclib).
        #expect(west.contains(try Self.point(-33, 179.999)))
        #expect(!west.contains(try Self.point(-33, 170)))
    }

    /// Seeded random centres everywhere, including the caps and the
    /// antimeridian: every point that the exact distance puts within the
    /// radius is inside the box.
    @Test func theBoxNeverLosesAPointWithinTheRadius() throws {
        var generator = SplitMix64(state: 20_261_122)
        for _ in 0..<2_000 {
            let latitude = Double.random(in: -90...90, using: &generator)
            let longitude = Double.random(in: -180...180, using: &generator)
            let centre = try Self.point(latitude, longitude)
            let radius = [150.0, 1_000, 10_000][Int.random(in: 0..<3, using: &generator)]
            let box = SearchBox(around: centre, radiusMeters: radius)
            for _ in 0..<20 {
                // A point within about 1.2 radii: degrees per metre at most 1/110,574 in latitude.
                let spread = radius * 1.2 / 110_574
                let lat = min(90, max(-90, latitude + Double.random(in: -spread...spread, using: &generator)))
                var lon =
                    longitude + Double.random(in: -spread...spread, using: &generator)
                    / max(0.001, cos(lat * .pi / 180))
                if lon > 180 { lon -= 360 }
                if lon < -180 { lon += 360 }
                let point = try Self.point(lat, min(180, max(-180, lon)))
                if Geodesic.distanceMeters(centre, point) <= radius {
                    #expect(box.contains(point), "\(centre) r=\(radius) lost \(point)")
                }
            }
        }
    }
}
