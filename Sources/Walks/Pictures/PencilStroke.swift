import LifeCore

/// One pass of the pencil along one segment of a fitted path (SPEC WALK-6).
///
/// SVG has no per-point stroke width, so the segment is cut into short
/// sub-paths (`DoodleStyle.stepsPerPiece` steps each) that share their end
/// points and have round caps; each has its own width, drawn from a smooth
/// noise so the line swells and thins gently within 2–4 pt. Every edge of the
/// path is first divided into steps of about `DoodleStyle.stepRatio` of the
/// side, keeping the path's own corners, and every step is moved by a smooth
/// wobble, so long straight edges look hand-drawn too. Runs of pieces are
/// grouped into strokes, each with its own opacity; a group's opacity applies
/// to the group as a whole, so the overlapping caps inside a stroke do not
/// show as beads.
struct PencilStroke {
    var widthRange: ClosedRange<Double>
    var opacityRange: ClosedRange<Double>
    /// How far the hand wanders, in picture units.
    var jitter: Double
    /// The wanted length of a step, in picture units.
    var step: Double

    /// Draws the pass over `points` (picture units) on `out`; draws nothing
    /// for fewer than two points (a single point is a dot, drawn by the caller).
    func draw<Canvas: DoodleCanvas & ~Copyable>(
        _ points: [PlanePoint], random: inout SplitMix64, into out: inout Canvas
    ) {
        guard points.count >= 2 else { return }
        let steps = resample(points)
        let count = steps.count - 1
        let wobbleX = SmoothNoise(steps: count, knotSpacing: DoodleStyle.wobbleKnotSteps, random: &random)
        let wobbleY = SmoothNoise(steps: count, knotSpacing: DoodleStyle.wobbleKnotSteps, random: &random)
        let width = SmoothNoise(steps: count, knotSpacing: DoodleStyle.widthKnotSteps, random: &random)

        let perPiece = DoodleStyle.stepsPerPiece
        let perStroke = perPiece * DoodleStyle.piecesPerStroke
        var first = 0
        while first < count {
            let strokeEnd = min(count, first + perStroke)
            out.beginStroke(
                opacity: opacityRange.lowerBound + random.unit() * (opacityRange.upperBound - opacityRange.lowerBound))
            var start = first
            while start < strokeEnd {
                let end = min(strokeEnd, start + perPiece)
                for index in start...end {
                    let point = steps[index]
                    out.piecePoint(
                        x: point.x + wobbleX.value(at: index) * jitter, y: point.y + wobbleY.value(at: index) * jitter,
                        first: index == start)
                }
                out.endPiece(width: width.value(at: (start + end) / 2, in: widthRange))
                start = end
            }
            out.endStroke()
            first = strokeEnd
        }
    }

    /// The path's own points with each edge divided into equal steps of at
    /// most `step` (at least one step per edge), so corners are kept. When the
    /// path is so long that this would exceed `DoodleStyle.maxSteps`, the
    /// steps grow to fit (an edge still gets at least one).
    func resample(_ points: [PlanePoint]) -> [PlanePoint] {
        var total = 0.0
        for index in 1..<points.count {
            total += distance(points[index - 1], points[index])
        }
        let stepLength = max(step, total / Double(DoodleStyle.maxSteps), .ulpOfOne)
        var out = [points[0]]
        out.reserveCapacity(Int(total / stepLength) + points.count)
        for index in 1..<points.count {
            let a = points[index - 1]
            let b = points[index]
            let parts = max(1, Int((distance(a, b) / stepLength).rounded(.up)))
            for part in 1...parts {
                let t = Double(part) / Double(parts)
                out.append(PlanePoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t))
            }
        }
        return out
    }

    private func distance(_ a: PlanePoint, _ b: PlanePoint) -> Double {
        ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
    }
}
