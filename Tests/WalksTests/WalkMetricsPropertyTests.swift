import LifeCore
import Testing
import Walks

/// SPEC WALK-3, as properties over seeded random walks along the equator
/// (where distances add exactly, see `EquatorWalk`).
@Suite struct WalkMetricsPropertyTests {
    /// A random walk whose steps are clearly slow (< 0.4 m/s) or clearly fast
    /// (> 0.6 m/s), so that no step sits on the 0.5 m/s boundary.
    static func randomWalk(_ random: inout SplitMix64) -> [(meters: Double, seconds: Double)] {
        (0..<Int.random(in: 2...80, using: &random)).map { _ in
            let seconds = Double(Int.random(in: 1...90, using: &random))
            let speed =
                Bool.random(using: &random)
                ? Double.random(in: 0...0.4, using: &random) : Double.random(in: 0.6...3, using: &random)
            return (speed * seconds, seconds)
        }
    }

    /// Splitting each fix into a burst of fixes sharing its timestamp, placed
    /// along the path to the next fix, changes nothing: the burst's path
    /// belongs to the step it starts (SPEC WALK-3: points sharing a timestamp
    /// merge into one step whose distance is the path walked between them).
    @Test func invariantUnderEqualTimestampBursts() throws {
        var random = SplitMix64(state: 0xB0B5)
        for _ in 0..<300 {
            let steps = Self.randomWalk(&random)
            let plain = EquatorWalk.steps(steps)
            var bursty: [TrackPoint] = []
            var position = 0.0
            for (index, point) in plain.enumerated() {
                bursty.append(point)
                guard index < steps.count else { continue }
                // 0–3 more fixes at the same second, part of the way to the next one.
                var fraction = 0.0
                for _ in 0..<Int.random(in: 0...3, using: &random) {
                    fraction += Double.random(in: 0...0.3, using: &random)
                    var extra = EquatorWalk.point(position + steps[index].meters * fraction, 0)
                    extra.timeMilliseconds = point.timeMilliseconds
                    bursty.append(extra)
                }
                position += steps[index].meters
            }
            let a = WalkMetrics(track: Track(points: plain))
            let b = WalkMetrics(track: Track(points: bursty))
            #expect(abs(a.distanceMeters - b.distanceMeters) < 1e-6)
            #expect(a.elapsedSeconds == b.elapsedSeconds)
            #expect(a.movingSeconds == b.movingSeconds)
            #expect(a.pausedSeconds == b.pausedSeconds)
            #expect(b.pointCount == bursty.count)
        }
    }

    /// Moving time, recomputed from the steps by a direct reading of the rule:
    /// split the steps into maximal runs of slow ones; a run of 120 s or more
    /// is paused, everything else moving.
    @Test func movingTimeMatchesADirectReadingOfTheRule() throws {
        var random = SplitMix64(state: 0xFACE)
        for _ in 0..<500 {
            let steps = Self.randomWalk(&random)
            var moving = 0.0
            var run = 0.0
            for step in steps {
                if step.meters / step.seconds < 0.5 {
                    run += step.seconds
                } else {
                    if run < 120 { moving += run }
                    run = 0
                    moving += step.seconds
                }
            }
            if run < 120 { moving += run }
            let elapsed = steps.reduce(0) { $0 + $1.seconds }
            let metrics = WalkMetrics(track: Track(points: EquatorWalk.steps(steps)))
            #expect(metrics.elapsedSeconds == elapsed)
            #expect(metrics.movingSeconds == moving)
            #expect(metrics.pausedSeconds == elapsed - moving)
        }
    }
}
