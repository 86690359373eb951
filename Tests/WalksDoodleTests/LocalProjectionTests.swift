import Testing

@testable import Walks

/// The local plane (SPEC WALK-6). One degree on the mean sphere of radius
/// 6,371,008.8 m is 6,371,008.8 × π / 180 = 111,195.080 m; at 60° a degree
/// of longitude is half that, 55,597.540 m.
@Suite struct LocalProjectionTests {
    @Test func equatorAndSixtyNorth() throws {
        let equator = LocalProjection.project(
            Track(points: [TrackPoint(latitude: 0, longitude: 0), TrackPoint(latitude: 0, longitude: 0.001)]))
        let east = try #require(equator.first?.last)
        #expect(abs(east.x - 111.195080) < 1e-6)
        #expect(east.y == 0)
        let sixty = LocalProjection.project(
            Track(points: [TrackPoint(latitude: 60, longitude: 10), TrackPoint(latitude: 60, longitude: 10.001)]))
        #expect(abs((sixty.first?.last?.x ?? 0) - 55.597540) < 1e-6)
    }

    @Test func northIsPositiveY() throws {
        let points = LocalProjection.project(
            Track(points: [TrackPoint(latitude: 0, longitude: 0), TrackPoint(latitude: 0.001, longitude: 0)]))
        let north = try #require(points.first?.last)
        #expect(abs(north.y - 111.195080) < 1e-6)
    }

    /// From 179.9995° E to 179.9995° W is 0.001° east, not 359.999° west.
    @Test func unwrapsTheAntimeridian() throws {
        let points = LocalProjection.project(
            Track(segments: [
                [TrackPoint(latitude: 0, longitude: 179.9995)], [TrackPoint(latitude: 0, longitude: -179.9995)],
            ]))
        let second = try #require(points.last?.first)
        #expect(abs(second.x - 111.195080) < 1e-6)
    }

    @Test func keepsEmptySegments() {
        let points = LocalProjection.project(Track(segments: [[], [TrackPoint(latitude: 1, longitude: 2)], []]))
        #expect(points.map(\.count) == [0, 1, 0])
        #expect(points[1] == [PlanePoint(x: 0, y: 0)])
    }
}
