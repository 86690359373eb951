/// Fits projected segments into a box, north up (SPEC WALK-6): the aspect
/// ratio is kept, the longer side fills the box inside its inset, and the
/// drawing is centred along the other side. Picture y grows downwards, so
/// the northing is flipped. A path of no extent (every point equal) lands
/// in the middle of the box.
struct PlaneFit {
    let scale: Double
    private let minX: Double
    private let maxY: Double
    private let offsetX: Double
    private let offsetY: Double

    /// The fit of `segments` into `width`×`height` with `inset` left empty on each side.
    init(_ segments: [[PlanePoint]], width: Double, height: Double, inset: Double) {
        var minX = Double.infinity
        var maxX = -Double.infinity
        var minY = Double.infinity
        var maxY = -Double.infinity
        for segment in segments {
            for point in segment {
                minX = min(minX, point.x)
                maxX = max(maxX, point.x)
                minY = min(minY, point.y)
                maxY = max(maxY, point.y)
            }
        }
        if minX > maxX {  // no points at all
            (minX, maxX, minY, maxY) = (0, 0, 0, 0)
        }
        let spanX = maxX - minX
        let spanY = maxY - minY
        let innerWidth = max(0, width - 2 * inset)
        let innerHeight = max(0, height - 2 * inset)
        var scale = Double.infinity
        if spanX > 0 { scale = min(scale, innerWidth / spanX) }
        if spanY > 0 { scale = min(scale, innerHeight / spanY) }
        if !scale.isFinite { scale = 0 }
        self.scale = scale
        self.minX = minX
        self.maxY = maxY
        offsetX = (width - spanX * scale) / 2
        offsetY = (height - spanY * scale) / 2
    }

    /// Whether the path has no extent, so the fit places it all at the centre.
    var isPoint: Bool { scale == 0 }

    func place(_ point: PlanePoint) -> PlanePoint {
        PlanePoint(x: offsetX + (point.x - minX) * scale, y: offsetY + (maxY - point.y) * scale)
    }

    func place(_ segments: [[PlanePoint]]) -> [[PlanePoint]] {
        segments.map { $0.map(place) }
    }
}
