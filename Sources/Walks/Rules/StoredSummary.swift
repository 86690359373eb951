import Foundation
import LifeCore

/// A walk's summary as its row stores it (WALK-4), to hold against the
/// limits of a readable row and against the points it was worked out from
/// (WALK-3). The same checks serve a stored row (`db check`), a file's row
/// (`lifectl import`) and the reading of a row (a figure beyond its limit
/// makes the row unreadable, never a trap).
struct StoredSummary {
    var startedAt: Date?
    var endedAt: Date?
    var distanceMeters: Double
    var elapsedSeconds: Double?
    var movingSeconds: Double?
    var ascentMeters: Double?
    var descentMeters: Double?
    var pointCount: Int
    var timedPointCount: Int
    var segmentCount: Int
    var bounds: WalkBounds?

    /// How far a stored figure may stray from the one worked out again: the
    /// summary is computed from exactly the stored (quantized) points, so
    /// only rounding in the last digits is forgiven. Times may differ by one
    /// millisecond, as builds before the millisecond fix stored them.
    static let metersTolerance = 0.001
    static let secondsTolerance = 0.0015
    static let degreesTolerance = 1e-9

    /// One sentence per figure that disagrees with the walk's points, or,
    /// for a walk whose points were pruned, with its own start and end;
    /// each names its column.
    func problems(points: Track?) -> [String] {
        if let points { return disagreements(with: WalkMetrics(track: points)) }
        guard let elapsedSeconds, let startedAt, let endedAt else { return [] }
        let span = endedAt.timeIntervalSince(startedAt)
        guard abs(span - elapsedSeconds) > Self.secondsTolerance else { return [] }
        return [
            "elapsed time is stored as \(elapsedSeconds) s but its first and last times are \(span) s apart (column elapsed_s)"
        ]
    }

    /// One sentence per summary figure that disagrees with the points.
    func disagreements(with computed: WalkMetrics) -> [String] {
        var found: [String] = []
        func compare(
            _ name: String, _ stored: Double?, _ computed: Double?, tolerance: Double, unit: String, column: String
        ) {
            switch (stored, computed) {
            case (nil, nil): return
            case (let s?, let c?) where abs(s - c) <= tolerance: return
            default:
                found.append(
                    "\(name) is stored as \(stored.map { "\($0) \(unit)" } ?? "none") but its points give \(computed.map { "\($0) \(unit)" } ?? "none") (column \(column))"
                )
            }
        }
        func seconds(_ date: Date?) -> Double? { date?.timeIntervalSince1970 }
        func seconds(milliseconds: Int64?) -> Double? { milliseconds.map { Double($0) / 1000 } }
        if pointCount != computed.pointCount || segmentCount != computed.segmentCount
            || timedPointCount != computed.timedPointCount
        {
            found.append(
                "the summary says \(pointCount) points (\(timedPointCount) timed) in \(segmentCount) segments but the stored points are \(computed.pointCount) (\(computed.timedPointCount) timed) in \(computed.segmentCount) (columns point_count, timed_point_count, segment_count)"
            )
        }
        compare(
            "start time", seconds(startedAt), seconds(milliseconds: computed.startTimeMilliseconds),
            tolerance: Self.secondsTolerance, unit: "s since 1970", column: "started_at")
        compare(
            "end time", seconds(endedAt), seconds(milliseconds: computed.endTimeMilliseconds),
            tolerance: Self.secondsTolerance, unit: "s since 1970", column: "ended_at")
        compare(
            "distance", distanceMeters, computed.distanceMeters, tolerance: Self.metersTolerance, unit: "m",
            column: "distance_m")
        compare(
            "elapsed time", elapsedSeconds, computed.elapsedSeconds, tolerance: Self.secondsTolerance, unit: "s",
            column: "elapsed_s")
        compare(
            "moving time", movingSeconds, computed.movingSeconds, tolerance: Self.secondsTolerance, unit: "s",
            column: "moving_s")
        compare(
            "ascent", ascentMeters, computed.ascentMeters, tolerance: Self.metersTolerance, unit: "m",
            column: "ascent_m")
        compare(
            "descent", descentMeters, computed.descentMeters, tolerance: Self.metersTolerance, unit: "m",
            column: "descent_m")
        let a = bounds
        let b = computed.bounds
        compare(
            "southern bound", a?.minLatitude, b?.minLatitude, tolerance: Self.degreesTolerance, unit: "°",
            column: "min_latitude")
        compare(
            "western bound", a?.minLongitude, b?.minLongitude, tolerance: Self.degreesTolerance, unit: "°",
            column: "min_longitude")
        compare(
            "northern bound", a?.maxLatitude, b?.maxLatitude, tolerance: Self.degreesTolerance, unit: "°",
            column: "max_latitude")
        compare(
            "eastern bound", a?.maxLongitude, b?.maxLongitude, tolerance: Self.degreesTolerance, unit: "°",
            column: "max_longitude")
        return found
    }
}
