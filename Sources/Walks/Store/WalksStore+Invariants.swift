import Foundation
import LifeCore
import LifeDB

extension WalksStore {
    /// Walks' own invariants beyond SQLite's constraints, for `lifectl db
    /// check`: every stored encoding decodes; the summary columns (counts,
    /// times, distance, moving time, ascent, descent, bounds) are what
    /// `WalkMetrics` works out from the stored points (WALK-3, WALK-4);
    /// finished walks have no live points left; at most one walk is being
    /// recorded. A row that cannot be read is a problem too.
    public func invariantViolations() throws -> [String] {
        var scan = InvariantScan(db: db)
        try scan.eachRow(
            "walks",
            """
            SELECT id, points, simplified, started_at, ended_at, distance_m, elapsed_s, moving_s, ascent_m, descent_m,
                   point_count, timed_point_count, segment_count, min_latitude, min_longitude, max_latitude,
                   max_longitude
            FROM walks WHERE state = 'finished' ORDER BY id
            """
        ) { statement, problems in
            let row = TableRow(table: "walks", statement: statement)
            let id: String = try row["id"]
            if let points: Data = try row["points"] {
                do {
                    let track = try TrackCodec.decode([UInt8](points))
                    let metrics = WalkMetrics(track: track)
                    let stored = try Self.storedSummary(row)
                    for disagreement in Self.disagreements(stored: stored, computed: metrics) {
                        problems.append("walk \(id): \(disagreement)")
                    }
                    // WALK-5: the doodle's path is the one its points give.
                    if let simplified: Data = try row["simplified"],
                        simplified != Data(TrackCodec.encode(Self.doodlePath(track)))
                    {
                        problems.append(
                            "walk \(id): its simplified path is not the one its points give (column simplified)")
                    }
                } catch let error as LifeError where error.message.hasPrefix("track encoding") {
                    problems.append("walk \(id): its points do not decode: \(error.message)")
                }
            }
            if let simplified: Data = try row["simplified"] {
                do {
                    _ = try TrackCodec.decode([UInt8](simplified))
                } catch let error as LifeError {
                    problems.append("walk \(id): its simplified path does not decode: \(error.message)")
                }
            }
        }
        let stray =
            try db.fetchOne(
                Int.self,
                """
                SELECT count(*) FROM walks_live_points p JOIN walks w ON w.id = p.walk_id WHERE w.state = 'finished'
                """) ?? 0
        if stray > 0 { scan.add("\(stray) live points belong to walks already finished") }
        let recording = try db.fetchOne(Int.self, "SELECT count(*) FROM walks WHERE state = 'recording'") ?? 0
        if recording > 1 { scan.add("\(recording) walks are being recorded at once; at most one may be") }
        return scan.problems
    }

    /// How far a stored figure may stray from the one worked out again: the
    /// summary is computed from exactly the stored (quantized) points, so
    /// only rounding in the last digits is forgiven. Times may differ by one
    /// millisecond, as builds before the millisecond fix stored them.
    static let metersTolerance = 0.001
    static let secondsTolerance = 0.0015
    static let degreesTolerance = 1e-9

    /// The summary columns of an invariants row, read by name, as `WalkMetrics` names them.
    static func storedSummary(_ row: TableRow) throws -> StoredSummary {
        let minLatitude: Double? = try row["min_latitude"]
        return StoredSummary(
            startedAt: try row["started_at"], endedAt: try row["ended_at"], distanceMeters: try row["distance_m"],
            elapsedSeconds: try row["elapsed_s"], movingSeconds: try row["moving_s"],
            ascentMeters: try row["ascent_m"], descentMeters: try row["descent_m"],
            pointCount: try row["point_count"], timedPointCount: try row["timed_point_count"],
            segmentCount: try row["segment_count"],
            bounds: try minLatitude.map {
                WalkBounds(
                    minLatitude: $0, minLongitude: try row["min_longitude"], maxLatitude: try row["max_latitude"],
                    maxLongitude: try row["max_longitude"])
            })
    }

    /// One sentence per summary figure that disagrees with the points.
    static func disagreements(stored: StoredSummary, computed: WalkMetrics) -> [String] {
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
        if stored.pointCount != computed.pointCount || stored.segmentCount != computed.segmentCount
            || stored.timedPointCount != computed.timedPointCount
        {
            found.append(
                "the summary says \(stored.pointCount) points (\(stored.timedPointCount) timed) in \(stored.segmentCount) segments but the stored points are \(computed.pointCount) (\(computed.timedPointCount) timed) in \(computed.segmentCount) (columns point_count, timed_point_count, segment_count)"
            )
        }
        compare(
            "start time", seconds(stored.startedAt), seconds(milliseconds: computed.startTimeMilliseconds),
            tolerance: secondsTolerance, unit: "s since 1970", column: "started_at")
        compare(
            "end time", seconds(stored.endedAt), seconds(milliseconds: computed.endTimeMilliseconds),
            tolerance: secondsTolerance, unit: "s since 1970", column: "ended_at")
        compare(
            "distance", stored.distanceMeters, computed.distanceMeters, tolerance: metersTolerance, unit: "m",
            column: "distance_m")
        compare(
            "elapsed time", stored.elapsedSeconds, computed.elapsedSeconds, tolerance: secondsTolerance, unit: "s",
            column: "elapsed_s")
        compare(
            "moving time", stored.movingSeconds, computed.movingSeconds, tolerance: secondsTolerance, unit: "s",
            column: "moving_s")
        compare(
            "ascent", stored.ascentMeters, computed.ascentMeters, tolerance: metersTolerance, unit: "m",
            column: "ascent_m")
        compare(
            "descent", stored.descentMeters, computed.descentMeters, tolerance: metersTolerance, unit: "m",
            column: "descent_m")
        let a = stored.bounds
        let b = computed.bounds
        compare(
            "southern bound", a?.minLatitude, b?.minLatitude, tolerance: degreesTolerance, unit: "°",
            column: "min_latitude")
        compare(
            "western bound", a?.minLongitude, b?.minLongitude, tolerance: degreesTolerance, unit: "°",
            column: "min_longitude")
        compare(
            "northern bound", a?.maxLatitude, b?.maxLatitude, tolerance: degreesTolerance, unit: "°",
            column: "max_latitude")
        compare(
            "eastern bound", a?.maxLongitude, b?.maxLongitude, tolerance: degreesTolerance, unit: "°",
            column: "max_longitude")
        return found
    }

    /// A walk's summary as its row stores it, to compare with the metrics
    /// its points give.
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
    }
}
