import LifeCore
import Foundation
import Testing
import Walks

/// SPEC WALK-5. Hand-made cases on the equator, where x metres east is
/// x / 111,319.49 degrees of longitude and y metres north is
/// y / 110,574.27 degrees of latitude (WGS-84 meridional radius at 0°:
/// a(1−e²) = 6,335,439 m), so offsets from a chord are known by construction.
@Suite struct DouglasPeuckerTests {
    static let metersPerDegreeEast = 6_378_137.0 * Double.pi / 180
    static let metersPerDegreeNorth = 6_335_439.327 * Double.pi / 180

    static func point(_ x: Double, _ y: Double) -> TrackPoint {
        TrackPoint(latitude: y / metersPerDegreeNorth, longitude: x / metersPerDegreeEast)
    }

    @Test func straightLineKeepsTheEnds() {
        let points = (0..<10).map { Self.point(Double($0) * 10, 0) }
        #expect(DouglasPeucker.keptIndices(points, toleranceMeters: 0.5) == [0, 9])
    }

    /// A peak 5 m off the chord at index 2; the bumps of 0.1 m at 1 and 3 are
    /// 0.1 m from the first chord but |10·5 − 0.1·20| / √(20² + 5²) = 2.33 m
    /// from the chords 0–2 and 2–4.
    @Test func peakAboveToleranceIsKept() {
        let points = [
            Self.point(0, 0), Self.point(10, 0.1), Self.point(20, 5), Self.point(30, 0.1), Self.point(40, 0),
        ]
        #expect(DouglasPeucker.keptIndices(points, toleranceMeters: 3) == [0, 2, 4])
        #expect(DouglasPeucker.keptIndices(points, toleranceMeters: 6) == [0, 4])
        #expect(DouglasPeucker.keptIndices(points, toleranceMeters: 2) == [0, 1, 2, 3, 4])
        #expect(DouglasPeucker.simplify(points, toleranceMeters: 3) == [points[0], points[2], points[4]])
    }

    /// A square walked round: the corners are kept, the midpoints of its sides dropped.
    @Test func squareKeepsItsCorners() {
        let points = [
            Self.point(0, 0), Self.point(50, 0), Self.point(100, 0), Self.point(100, 50), Self.point(100, 100),
            Self.point(50, 100), Self.point(0, 100), Self.point(0, 50), Self.point(0, 1),
        ]
        #expect(DouglasPeucker.keptIndices(points, toleranceMeters: 2) == [0, 2, 4, 6, 8])
    }

    /// Distance to the chord as a segment, not as an infinite line: a point
    /// beyond the end of the chord, on its line, is 30 m from it.
    @Test func distanceIsToTheSegment() {
        let points = [Self.point(0, 0), Self.point(130, 0), Self.point(100, 0)]
        #expect(DouglasPeucker.keptIndices(points, toleranceMeters: 10) == [0, 1, 2])
        #expect(DouglasPeucker.keptIndices(points, toleranceMeters: 31) == [0, 2])
    }

    @Test func fewPoints() {
        #expect(DouglasPeucker.keptIndices([], toleranceMeters: 2) == [])
        #expect(DouglasPeucker.keptIndices([Self.point(0, 0)], toleranceMeters: 2) == [0])
        #expect(DouglasPeucker.keptIndices([Self.point(0, 0), Self.point(0, 0)], toleranceMeters: 2) == [0, 1])
    }

    @Test func tracksAreSimplifiedPerSegment() {
        let segment = [Self.point(0, 0), Self.point(10, 0), Self.point(20, 0)]
        let simplified = DouglasPeucker.simplify(Track(segments: [segment, [], segment]), toleranceMeters: 1)
        #expect(simplified == Track(segments: [[segment[0], segment[2]], [], [segment[0], segment[2]]]))
    }

    /// The same points through the Rust `simplification` package (the `geo`
    /// crate's Ramer–Douglas–Peucker) at three tolerances: the indices below
    /// were computed by `scripts/oracles/douglas_peucker_oracle.py` from the
    /// same closed formula, in metres.
    @Test(arguments: [
        (
            0.5,
            [
                0, 2, 4, 7, 9, 11, 13, 15, 16, 20, 22, 26, 35, 39, 41, 45, 46, 48, 50, 52, 54, 57, 59, 61, 63, 67, 68,
                70, 72, 74, 76, 78, 79, 81, 83, 85, 89, 94, 98, 100, 102, 103, 107, 109, 111, 113, 116, 120, 122, 124,
                126, 129, 135, 137, 138, 142, 144, 148, 152, 153, 157, 159, 161, 163, 164, 166, 170, 172, 176, 179, 181,
                183, 185, 187, 188, 192, 194, 198, 200, 201, 203, 205, 207, 211, 216, 220, 225, 229, 231, 233, 235, 238,
                242, 244, 248, 251, 253, 255, 257, 261, 266, 270, 272, 274, 275, 279, 283, 285, 288, 292, 294, 298, 301,
                307, 310, 314, 316, 320, 323, 325, 329, 333, 334, 336, 338, 342, 347, 351, 353, 355, 357, 360, 364, 366,
                370, 373, 375, 377, 379, 383, 388, 391, 392, 394, 395, 397, 399,
            ]
        ),
        (
            2.0,
            [
                0, 7, 16, 26, 35, 45, 57, 67, 76, 85, 98, 107, 116, 126, 138, 148, 157, 166, 176, 188, 198, 207, 216,
                229, 238, 248, 257, 270, 279, 288, 298, 310, 320, 329, 338, 351, 360, 370, 379, 391, 399,
            ]
        ),
        (8.0, [0, 85, 238, 279, 351, 399]),
    ])
    func agreesWithSimplification(_ tolerance: Double, _ expected: [Int]) {
        let points = (0..<400).map { index -> TrackPoint in
            let i = Double(index)
            return Self.point(
                1.5 * i + 2 * sin(0.05 * i), 20 * sin(0.02 * i) + 3 * sin(0.31 * i) + 0.5 * cos(1.7 * i))
        }
        #expect(DouglasPeucker.keptIndices(points, toleranceMeters: tolerance) == expected)
    }

    /// A million-point random walk at 2 m: no stack overflow, the ends kept,
    /// indices ascending, and every dropped point within 2 m of the chord
    /// between the kept points around it (checked here with its own
    /// projection), while the simplified path really is shorter.
    @Test func aMillionPointsDoNotOverflowTheStack() {
        var random = SplitMix64(state: 2026)
        var x = 0.0
        var y = 0.0
        var heading = 0.0
        var xs: [Double] = []
        var ys: [Double] = []
        var points: [TrackPoint] = []
        points.reserveCapacity(1_000_000)
        for _ in 0..<1_000_000 {
            heading += Double.random(in: -0.4...0.4, using: &random)
            x += 1.5 * cos(heading)
            y += 1.5 * sin(heading)
            xs.append(x)
            ys.append(y)
            points.append(Self.point(x, y))
        }
        let kept = DouglasPeucker.keptIndices(points, toleranceMeters: 2)
        #expect(kept.first == 0)
        #expect(kept.last == 999_999)
        #expect(zip(kept, kept.dropFirst()).allSatisfy { $0 < $1 })
        #expect(kept.count < 500_000)
        var worst = 0.0
        for (first, last) in zip(kept, kept.dropFirst()) {
            let dx = xs[last] - xs[first]
            let dy = ys[last] - ys[first]
            let length = (dx * dx + dy * dy).squareRoot()
            for index in first + 1..<last {
                let px = xs[index] - xs[first]
                let py = ys[index] - ys[first]
                let along = length == 0 ? 0 : min(length, max(0, (px * dx + py * dy) / length))
                let ex = px - along * dx / max(length, 1e-300)
                let ey = py - along * dy / max(length, 1e-300)
                worst = max(worst, (ex * ex + ey * ey).squareRoot())
            }
        }
        // 2 m, plus the projections' disagreement over a walk of a few km (under 1 cm).
        #expect(worst <= 2.01)
    }
}
