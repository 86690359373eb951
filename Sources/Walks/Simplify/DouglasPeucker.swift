import LifeCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Douglas–Peucker line simplification (SPEC WALK-5).
///
/// Points are first projected to local metres (an equirectangular projection
/// about the mean latitude, with WGS-84's local radii of curvature), so the
/// tolerance is a distance on the ground. A point is kept when its distance
/// to the chord (the line segment between the kept ends of its range) is
/// greater than the tolerance. The ranges still to split live on an explicit
/// stack, so a million points never deepen the call stack. The endpoints are
/// always kept.
public enum DouglasPeucker {
    /// Indices of the points kept, ascending, first and last included.
    public static func keptIndices(_ points: [TrackPoint], toleranceMeters: Double) -> [Int] {
        let count = points.count
        if count <= 2 { return Array(0..<count) }
        let (xs, ys) = project(points)
        // A tolerance that is negative or NaN keeps every point; +∞ only the ends.
        let tolerance = toleranceMeters.isNaN ? 0 : max(0, toleranceMeters)
        let limit = tolerance * tolerance
        var kept = [Bool](repeating: false, count: count)
        kept[0] = true
        kept[count - 1] = true
        var stack: [(first: Int, last: Int)] = [(0, count - 1)]
        xs.withUnsafeBufferPointer { x in
            ys.withUnsafeBufferPointer { y in
                while let (first, last) = stack.popLast() {
                    if last - first < 2 { continue }
                    let ax = x[first]
                    let ay = y[first]
                    let dx = x[last] - ax
                    let dy = y[last] - ay
                    let lengthSquared = dx * dx + dy * dy
                    var farthest = -1.0
                    var farthestIndex = first
                    for index in (first + 1)..<last {
                        let px = x[index] - ax
                        let py = y[index] - ay
                        var distanceSquared: Double
                        if lengthSquared == 0 {
                            distanceSquared = px * px + py * py
                        } else {
                            // Distance to the segment: the projection clamped to its ends.
                            let t = min(1, max(0, (px * dx + py * dy) / lengthSquared))
                            let ex = px - t * dx
                            let ey = py - t * dy
                            distanceSquared = ex * ex + ey * ey
                        }
                        if distanceSquared > farthest {
                            farthest = distanceSquared
                            farthestIndex = index
                        }
                    }
                    if farthest > limit {
                        kept[farthestIndex] = true
                        stack.append((first, farthestIndex))
                        stack.append((farthestIndex, last))
                    }
                }
            }
        }
        var indices: [Int] = []
        for index in 0..<count where kept[index] { indices.append(index) }
        return indices
    }

    public static func simplify(_ points: [TrackPoint], toleranceMeters: Double) -> [TrackPoint] {
        keptIndices(points, toleranceMeters: toleranceMeters).map { points[$0] }
    }

    /// Each segment simplified on its own; empty segments stay empty.
    public static func simplify(_ track: Track, toleranceMeters: Double) -> Track {
        Track(segments: track.segments.map { simplify($0, toleranceMeters: toleranceMeters) })
    }

    /// Local metres east (x) and north (y) of the first point.
    private static func project(_ points: [TrackPoint]) -> ([Double], [Double]) {
        let radians = Double.pi / 180
        let meanLatitude = points.reduce(0) { $0 + $1.latitude } / Double(points.count)
        let e2 = Geodesic.flattening * (2 - Geodesic.flattening)
        let cosLat = cos(meanLatitude * radians)
        let w2 = 1 / (1 - e2 * (1 - cosLat * cosLat))
        let metersPerRadian = Geodesic.equatorialRadius * radians
        let kx = metersPerRadian * w2.squareRoot() * cosLat
        let ky = metersPerRadian * w2.squareRoot() * w2 * (1 - e2)
        let originLatitude = points[0].latitude
        let originLongitude = points[0].longitude
        var xs = [Double](repeating: 0, count: points.count)
        var ys = [Double](repeating: 0, count: points.count)
        for (index, point) in points.enumerated() {
            var dLon = point.longitude - originLongitude
            // The short way round across the antimeridian.
            if dLon > 180 { dLon -= 360 } else if dLon < -180 { dLon += 360 }
            xs[index] = dLon * kx
            ys[index] = (point.latitude - originLatitude) * ky
        }
        return (xs, ys)
    }
}
