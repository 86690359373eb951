import Testing
import Walks

/// SPEC WALK-3, edge by edge. Every expectation is worked out by hand from
/// steps along the equator (see `EquatorWalk`): distances are the metres
/// given, durations the seconds given.
@Suite struct WalkMetricsTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let steps: [(meters: Double, seconds: Double)]
        let distance: Double
        let elapsed: Double
        let moving: Double

        var testDescription: String { name }
    }

    static let cases: [Case] = [
        // 10 s at 2 m/s, then 4 × 30 s at 5 m (0.17 m/s) = exactly 120 s slow, then 10 s at 2 m/s.
        Case(
            name: "exactly 120 s of slowness is a pause",
            steps: [(20, 10), (5, 30), (5, 30), (5, 30), (5, 30), (20, 10)], distance: 60, elapsed: 140, moving: 20),
        Case(
            name: "119 s of slowness is moving",
            steps: [(20, 10), (5, 30), (5, 30), (5, 30), (5, 29), (20, 10)], distance: 60, elapsed: 139, moving: 139),
        Case(
            name: "a single 120 s gap step slower than 0.5 m/s is a pause",
            steps: [(20, 10), (10, 120), (20, 10)], distance: 50, elapsed: 140, moving: 20),
        Case(
            name: "a single 150 s gap step faster than 0.5 m/s is moving",
            steps: [(20, 10), (200, 150), (20, 10)], distance: 240, elapsed: 170, moving: 170),
        Case(
            name: "exactly 0.5 m/s is not slow",
            steps: [(100, 200)], distance: 100, elapsed: 200, moving: 200),
        Case(
            name: "a fast step splits two short slow runs",
            steps: [(5, 100), (20, 10), (5, 100)], distance: 30, elapsed: 210, moving: 210),
        Case(
            name: "a slow run at the end of the walk",
            steps: [(20, 10), (1, 60), (1, 60), (1, 60)], distance: 23, elapsed: 190, moving: 10),
        Case(
            name: "standing still for 5 minutes",
            steps: [(0, 300)], distance: 0, elapsed: 300, moving: 0),
    ]

    @Test(arguments: cases) func pauseRule(_ c: Case) throws {
        let metrics = WalkMetrics(track: Track(points: EquatorWalk.steps(c.steps)))
        #expect(abs(metrics.distanceMeters - c.distance) < 1e-6)
        #expect(metrics.elapsedSeconds == c.elapsed)
        #expect(metrics.movingSeconds == c.moving)
        #expect(metrics.pausedSeconds == c.elapsed - c.moving)
        #expect(metrics.timedPointCount == c.steps.count + 1)
        #expect(metrics.pointCount == c.steps.count + 1)
        #expect(metrics.segmentCount == 1)
    }

    /// Fixes sharing a timestamp merge into one step whose distance includes
    /// the path between them: 10 m in 60 s (slow), then at the same second a
    /// 100 m jump and 1 m in the next 60 s. Counted as two steps, the second is
    /// 101 m in 60 s (fast), so nothing pauses; were the burst's 100 m lost, both
    /// steps would be slow for 120 s, a pause.
    @Test func equalTimestampsMergeIntoOneStep() {
        let points = [
            EquatorWalk.point(0, 0), EquatorWalk.point(10, 60), EquatorWalk.point(110, 60),
            EquatorWalk.point(111, 120),
        ]
        let metrics = WalkMetrics(track: Track(points: points))
        #expect(abs(metrics.distanceMeters - 111) < 1e-6)
        #expect(metrics.elapsedSeconds == 120)
        #expect(metrics.movingSeconds == 120)
        #expect(metrics.timedPointCount == 4)
    }

    /// Equal timestamps that stand still: 3 fixes at each of 0 s, 60 s, 130 s,
    /// 1 m apart in total per step: both steps are slow and last 130 s, a pause.
    @Test func equalTimestampBurstsStandingStill() {
        let points = [
            EquatorWalk.point(0, 0), EquatorWalk.point(0.2, 0), EquatorWalk.point(0.4, 0),
            EquatorWalk.point(1, 60), EquatorWalk.point(1.2, 60), EquatorWalk.point(1.4, 60),
            EquatorWalk.point(2, 130),
        ]
        let metrics = WalkMetrics(track: Track(points: points))
        #expect(abs(metrics.distanceMeters - 2) < 1e-9)
        #expect(metrics.elapsedSeconds == 130)
        #expect(metrics.movingSeconds == 0)
        #expect(metrics.pausedSeconds == 130)
    }

    @Test func untimedWalkHasDistanceButNoTimes() {
        let points = [EquatorWalk.point(0, nil), EquatorWalk.point(300, nil), EquatorWalk.point(1_000, nil)]
        let metrics = WalkMetrics(track: Track(points: points))
        #expect(abs(metrics.distanceMeters - 1_000) < 1e-6)
        #expect(metrics.elapsedSeconds == nil)
        #expect(metrics.movingSeconds == nil)
        #expect(metrics.pausedSeconds == nil)
        #expect(metrics.startTimeMilliseconds == nil)
        #expect(metrics.endTimeMilliseconds == nil)
        #expect(metrics.paceSecondsPerKilometer == nil)
        #expect(metrics.paceSecondsPerMile == nil)
        #expect(metrics.timedPointCount == 0)
        #expect(metrics.ascentMeters == nil)
    }

    /// Only the first and last points are timed: the step between them is the
    /// whole path (200 m + 300 m in 100 s, fast), and the distance all of it.
    @Test func partlyTimedWalkUsesTheTimedPoints() {
        let points = [
            EquatorWalk.point(0, nil), EquatorWalk.point(10, 0), EquatorWalk.point(210, nil),
            EquatorWalk.point(510, 100), EquatorWalk.point(520, nil),
        ]
        let metrics = WalkMetrics(track: Track(points: points))
        #expect(abs(metrics.distanceMeters - 520) < 1e-6)
        #expect(metrics.timedPointCount == 2)
        #expect(metrics.elapsedSeconds == 100)
        #expect(metrics.movingSeconds == 100)
        #expect(metrics.startTimeMilliseconds == 1_767_225_600_000)
        #expect(metrics.endTimeMilliseconds == 1_767_225_700_000)
    }

    @Test func oneTimedPointHasAStartButNoDuration() {
        let metrics = WalkMetrics(track: Track(points: [EquatorWalk.point(0, 5), EquatorWalk.point(10, nil)]))
        #expect(metrics.startTimeMilliseconds == 1_767_225_605_000)
        #expect(metrics.endTimeMilliseconds == 1_767_225_605_000)
        #expect(metrics.elapsedSeconds == nil)
        #expect(metrics.movingSeconds == nil)
    }

    /// Two segments 1 km and 540 s apart: neither the gap's distance nor its
    /// time is walked; elapsed runs first to last point, the gap is paused.
    @Test func segmentGapIsNeitherDistanceNorMoving() {
        let first = [EquatorWalk.point(0, 0), EquatorWalk.point(60, 30), EquatorWalk.point(120, 60)]
        let second = [EquatorWalk.point(1_120, 600), EquatorWalk.point(1_180, 630), EquatorWalk.point(1_240, 660)]
        let metrics = WalkMetrics(track: Track(segments: [first, [], second]))
        #expect(abs(metrics.distanceMeters - 240) < 1e-6)
        #expect(metrics.elapsedSeconds == 660)
        #expect(metrics.movingSeconds == 120)
        #expect(metrics.pausedSeconds == 540)
        #expect(metrics.segmentCount == 3)
        #expect(metrics.pointCount == 6)
    }

    /// A slow run does not continue across a segment boundary: 100 s slow at
    /// the end of one segment and 100 s slow at the start of the next are two
    /// runs under 120 s, both moving.
    @Test func slowRunsEndAtSegmentBoundaries() {
        let first = [EquatorWalk.point(0, 0), EquatorWalk.point(1, 100)]
        let second = [EquatorWalk.point(2, 100), EquatorWalk.point(3, 200)]
        let metrics = WalkMetrics(track: Track(segments: [first, second]))
        #expect(metrics.elapsedSeconds == 200)
        #expect(metrics.movingSeconds == 200)
    }

    /// 1,000 m in 600 s of moving time: 600 s/km and 600 × 1.609344 s/mi.
    @Test func pace() throws {
        let metrics = WalkMetrics(track: Track(points: EquatorWalk.steps([(500, 300), (500, 300)])))
        #expect(abs(try #require(metrics.paceSecondsPerKilometer) - 600) < 1e-6)
        #expect(abs(try #require(metrics.paceSecondsPerMile) - 965.6064) < 1e-6)
    }

    @Test func paceIsNilWithoutMovingTime() {
        let metrics = WalkMetrics(track: Track(points: EquatorWalk.steps([(0, 300)])))
        #expect(metrics.paceSecondsPerKilometer == nil)
    }

    /// Dead band of 2 m: 0 → 1 (under 2) → 3 (+3) → 2.5 → 0.5 (−2.5) → 5 (+4.5);
    /// the second segment starts its own level at 100: 101.5 (+1.5) and 99 (−1)
    /// stay inside the band, 96 (−4) counts. Ascent 3 + 4.5, descent 2.5 + 4.
    @Test func ascentAndDescentWithTheDeadBand() throws {
        let elevations = [0, 1, 3, 2.5, 0.5, 5]
        let first = elevations.enumerated().map { EquatorWalk.point(Double($0.offset), nil, elevation: $0.element) }
        let second = [100, 101.5, 99, 96].map { EquatorWalk.point(0, nil, elevation: $0) }
        let metrics = WalkMetrics(track: Track(segments: [first, second]))
        #expect(try #require(metrics.ascentMeters) == 7.5)
        #expect(try #require(metrics.descentMeters) == 6.5)
    }

    @Test func boundsAndEmptyTrack() throws {
        let track = Track(segments: [
            [TrackPoint(latitude: 45.1, longitude: 7.2), TrackPoint(latitude: 45.3, longitude: 7.0)],
            [TrackPoint(latitude: 44.9, longitude: 7.5)],
        ])
        let bounds = try #require(WalkMetrics(track: track).bounds)
        #expect(bounds == WalkBounds(minLatitude: 44.9, minLongitude: 7.0, maxLatitude: 45.3, maxLongitude: 7.5))
        let empty = WalkMetrics(track: Track(segments: [[], []]))
        #expect(empty.bounds == nil)
        #expect(empty.distanceMeters == 0)
        #expect(empty.pointCount == 0)
        #expect(empty.segmentCount == 2)
        #expect(empty.elapsedSeconds == nil)
    }
}
