import LifeCore

/// One-dimensional value noise: random knots every `knotSpacing` steps,
/// joined by a smoothstep, so a wobble or a width changes gently along the
/// path instead of jumping at every step. Values lie in [-1, 1].
struct SmoothNoise {
    private var knots: [Double]
    private let knotSpacing: Int

    /// Draws the knots needed for `steps` steps from `random`.
    init(steps: Int, knotSpacing: Int, random: inout SplitMix64) {
        self.knotSpacing = max(1, knotSpacing)
        let count = steps / self.knotSpacing + 2
        knots = (0..<count).map { _ in random.signed() }
    }

    func value(at step: Int) -> Double {
        let index = step / knotSpacing
        guard index + 1 < knots.count else { return knots[knots.count - 1] }
        let t = Double(step % knotSpacing) / Double(knotSpacing)
        let s = t * t * (3 - 2 * t)
        return knots[index] + (knots[index + 1] - knots[index]) * s
    }

    /// The value mapped from [-1, 1] onto `range`.
    func value(at step: Int, in range: ClosedRange<Double>) -> Double {
        range.lowerBound + (value(at: step) + 1) / 2 * (range.upperBound - range.lowerBound)
    }
}
