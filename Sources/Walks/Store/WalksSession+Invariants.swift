import Foundation
import LifeCore
import LifeDB

extension WalksSession {
    /// Walks' own invariants beyond SQLite's constraints, for `lifectl db
    /// check` and an import before it commits, by the rules the store and
    /// the import apply (`WalksRules`): each name and file name within its
    /// limit; each instant within the years 1–9999; each summary figure
    /// within its limit and what `WalkMetrics` works out from the stored
    /// points (or, once pruned, from its own first and last times) (WALK-3,
    /// WALK-4); every stored encoding decodes, and the doodle's path is the
    /// one its points give (WALK-5); live points within the years 1–9999,
    /// never going back, and only for the one walk being recorded (WALK-2).
    /// A row that cannot be read is a problem too; nothing here traps on a
    /// stored value.
    func invariantViolations() throws -> [String] {
        var scan = InvariantScan(db: db)
        try scan.eachRow(
            "walks",
            """
            SELECT id, name, source_file, state, points, simplified, started_at, ended_at, distance_m, elapsed_s,
                   moving_s, ascent_m, descent_m, point_count, timed_point_count, segment_count, min_latitude,
                   min_longitude, max_latitude, max_longitude, created_at, pruned_at, file_time
            FROM walks ORDER BY id
            """
        ) { statement, problems in
            let row = TableRow(table: "walks", statement: statement)
            let id: String = try row["id"]
            func add(_ problem: String) { problems.append("walk \(id): \(problem)") }
            func rule(_ body: () throws -> Void) {
                do { try body() } catch let error as LifeError { add(error.message) } catch {}
            }
            rule {
                try TextRule.checkStored(try row["name", as: String?.self], field: "name", limit: WalksRules.nameLimit)
            }
            rule { try WalksRules.checkSourceFile(try row["source_file", as: String?.self]) }
            for column in ["started_at", "ended_at", "created_at", "pruned_at", "file_time"] {
                rule { try WalksRules.checkInstant(try row[column, as: String?.self], column: column) }
            }
            let stored = try Self.storedSummary(row)
            rule { try WalksRules.checkFigures(stored) }
            guard try row["state", as: WalkState.self] == .finished else { return }
            var points: Track?
            if let data: Data = try row["points"] {
                do {
                    points = try TrackCodec.decode([UInt8](data))
                } catch let error as LifeError {
                    add("its points do not decode: \(error.message)")
                    return
                }
            }
            for problem in stored.problems(points: points) { add(problem) }
            guard let simplified: Data = try row["simplified"] else { return }
            do {
                _ = try TrackCodec.decode([UInt8](simplified))
            } catch let error as LifeError {
                return add("its simplified path does not decode: \(error.message)")
            }
            // WALK-5: the doodle's path is the one its points give.
            if let points, simplified != Data(TrackCodec.encode(WalksRules.doodlePath(points))) {
                add("its simplified path is not the one its points give (column simplified)")
            }
        }
        try checkLivePoints(&scan)
        return scan.problems
    }

    /// WALK-2: live points only for a walk being recorded, at most one such
    /// walk, and each walk's points in order of time within the years 1–9999.
    private func checkLivePoints(_ scan: inout InvariantScan) throws {
        let stray =
            try db.fetchOne(
                Int.self,
                """
                SELECT count(*) FROM walks_live_points p JOIN walks w ON w.id = p.walk_id WHERE w.state = 'finished'
                """) ?? 0
        if stray > 0 { scan.add("\(stray) live points belong to walks already finished") }
        let recording = try db.fetchOne(Int.self, "SELECT count(*) FROM walks WHERE state = 'recording'") ?? 0
        if recording > 1 { scan.add("\(recording) walks are being recorded at once; at most one may be") }
        var previous: (walk: String, point: TrackPoint)?
        try scan.eachRow(
            "walks_live_points",
            "SELECT walk_id, seq, time_ms, elevation_m FROM walks_live_points ORDER BY walk_id, seq"
        ) { statement, problems in
            let row = TableRow(table: "walks_live_points", statement: statement)
            let walk: String = try row["walk_id"]
            let seq: Int = try row["seq"]
            let point = TrackPoint(
                latitude: 0, longitude: 0, elevationMeters: try row["elevation_m"], timeMilliseconds: try row["time_ms"]
            )
            do {
                try WalksRules.checkStoredLivePoint(
                    point, seq: seq, after: previous?.walk == walk ? previous?.point : nil)
            } catch let error as LifeError {
                problems.append("walk \(walk): \(error.message)")
            }
            previous = (walk, point)
        }
    }
}
