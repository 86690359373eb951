import Foundation
import LifeCore
import LifeDB
import LifeKernel

/// The rules an imported walk obeys: the same functions saving, recording
/// and `db check` apply (`WalksRules`, `StoredSummary`), on the file's row on
/// its own (`checkImported…`) and on the row as the import would leave it
/// here (`prepareImported…`) (SPEC CORE-12: one write path).
extension WalksSession {
    /// The instants of a walk's row.
    static let instantColumns = ["started_at", "ended_at", "created_at", "pruned_at", "file_time"]

    /// A walk as saving or recording would have stored it: its name within
    /// its limit, instants within the years 1–9999, summary figures within
    /// their limits, and, for a finished walk, the summary and the doodle's
    /// path what its points give (WALK-3, WALK-4, WALK-5). A row the file
    /// brings exactly as it is here was checked when it was stored, and is
    /// not worked out again.
    static func checkImportedWalk(_ row: ImportRow) throws {
        _ = try row.uuid("id")
        try TextRule.checkStored(try row.optionalText("name"), field: "name", limit: WalksRules.nameLimit)
        _ = try row.choice("source", as: WalkSource.self)
        try WalksRules.checkSourceFile(try row.optionalText("source_file"))
        let state = try row.choice("state", as: WalkState.self)
        for column in instantColumns { _ = try row.optionalInstant(column) }
        let summary = try storedSummary(row)
        try WalksRules.checkFigures(summary)
        guard state == .finished else { return }
        if let existing = row.existing,
            (trackColumns + ["state", "pruned_at"]).allSatisfy({ row[$0] == existing[$0] })
        {
            return
        }
        var points: Track?
        if case .blob(let data) = row["points"] {
            points = try decode(data, column: "points")
        }
        if let problem = summary.problems(points: points).first {
            throw LifeError.invalid(field: "summary", problem)
        }
        if case .blob(let data) = row["simplified"] {
            _ = try decode(data, column: "simplified")
            if let points, data != Data(TrackCodec.encode(WalksRules.doodlePath(points))) {
                throw LifeError.invalid(
                    field: "simplified", "its simplified path is not the one its points give (column simplified)")
            }
        }
    }

    /// A column's track encoding, decoded, or an error naming the column.
    private static func decode(_ data: Data, column: String) throws -> Track {
        do {
            return try TrackCodec.decode([UInt8](data))
        } catch let error as LifeError {
            throw LifeError.invalid(field: column, "its \(column) do not decode: \(error.message) (column \(column))")
        }
    }

    /// The summary columns of an imported row, by name.
    static func storedSummary(_ row: ImportRow) throws -> StoredSummary {
        let minLatitude = try row.optionalReal("min_latitude")
        return StoredSummary(
            startedAt: try row.optionalInstant("started_at"), endedAt: try row.optionalInstant("ended_at"),
            distanceMeters: try row.real("distance_m"), elapsedSeconds: try row.optionalReal("elapsed_s"),
            movingSeconds: try row.optionalReal("moving_s"), ascentMeters: try row.optionalReal("ascent_m"),
            descentMeters: try row.optionalReal("descent_m"), pointCount: Int(try row.integer("point_count")),
            timedPointCount: Int(try row.integer("timed_point_count")),
            segmentCount: Int(try row.integer("segment_count")),
            bounds: try minLatitude.map {
                WalkBounds(
                    minLatitude: $0, minLongitude: try row.real("min_longitude"),
                    maxLatitude: try row.real("max_latitude"), maxLongitude: try row.real("max_longitude"))
            })
    }

    /// The walk here after the import. WALK-1 across devices: a walk whose
    /// GPX file and track this database already holds under another id is
    /// the same walk imported twice; it is left out and reported, never
    /// merged into the other or dropped silently. WALK-2: a walk being
    /// recorded elsewhere does not arrive while another is being recorded
    /// here. WALK-4: a walk pruned in the file or here keeps no points.
    func prepareImportedWalk(_ row: inout ImportRow, isSync: Bool = false) throws {
        // Under sync the same GPX track imported on two devices is one walk
        // by sync's unique-key rule (docs/sync.md, section 7), and a walk
        // recorded on another device is that device's recording.
        if isSync {
            if !row["pruned_at"].isNull { row.values["points"] = .null }
            return
        }
        if row.isNew, let sha256 = try row.optionalText("source_sha256"),
            let track = try row.optionalInteger("source_track"),
            let existing = try db.fetchOne(
                String.self, "SELECT id FROM walks WHERE source_sha256 = ? AND source_track = ?", [sha256, track])
        {
            // Left out only when sane: a file holding a broken walk is
            // refused, whether or not its walk is here already.
            try Self.checkImportedWalk(row)
            let file = try row.optionalText("source_file").map { " (\(TerminalText.echoed($0)))" } ?? ""
            throw ImportSkip(
                existingId: existing, reason: "its GPX file\(file) is already imported here as walk \(existing)")
        }
        if row.isNew, row["state"] == .text(WalkState.recording.rawValue),
            let recording = try db.fetchOne(
                String.self, "SELECT id FROM walks WHERE state = 'recording' AND id <> ?", [try row.text("id")])
        {
            throw LifeError.invalid(
                field: "state",
                "the walk is being recorded, and so is walk \(recording) here; one walk is recorded at a time, so finish one of them first"
            )
        }
        if !row["pruned_at"].isNull { row.values["points"] = .null }
    }

    /// A live point as recording would have stored it (WALK-2): a time
    /// within the years 1–9999, an elevation within its limit.
    static func checkImportedLivePoint(_ row: ImportRow) throws {
        _ = try row.uuid("walk_id")
        let seq = try row.integer("seq", in: 0...Int64(Int32.max))
        try WalksRules.checkTime(milliseconds: try row.integer("time_ms"), field: "time_ms of point \(seq)")
        if let elevation = try row.optionalReal("elevation_m") {
            try WalksRules.checkElevation(elevation, field: "elevation_m of point \(seq)")
        }
    }

    /// A live point new here: of a walk still being recorded here (a walk
    /// finished here holds its points in its track already, so the point is
    /// left out and reported), in order of time with the walk's points
    /// around it.
    func prepareImportedLivePoint(_ row: ImportRow) throws {
        let walk = try row.text("walk_id")
        let seq = try row.integer("seq")
        let state = try db.fetchOne(String.self, "SELECT state FROM walks WHERE id = ?", [walk])
        if state == WalkState.finished.rawValue {
            throw ImportSkip(existingId: walk, reason: "its walk \(walk) is finished here; its points are in its track")
        }
        let point = TrackPoint(
            latitude: try row.real("latitude"), longitude: try row.real("longitude"),
            elevationMeters: try row.optionalReal("elevation_m"), timeMilliseconds: try row.integer("time_ms"))
        func neighbour(_ condition: String, _ order: String) throws -> TrackPoint? {
            try db.fetchOne(
                Int64.self,
                "SELECT time_ms FROM walks_live_points WHERE walk_id = ? AND seq \(condition) ? ORDER BY seq \(order) LIMIT 1",
                [walk, seq]
            ).map { TrackPoint(latitude: 0, longitude: 0, timeMilliseconds: $0) }
        }
        try WalksRules.checkStoredLivePoint(point, seq: Int(seq), after: try neighbour("<", "DESC"))
        try WalksRules.checkLiveTime(try row.integer("time_ms"), now: clock.now(), field: "time_ms of point \(seq)")
        if let next = try neighbour(">", "ASC")?.timeMilliseconds, let time = point.timeMilliseconds, next < time {
            throw LifeError.invalid(
                field: "time_ms",
                "time_ms of point \(seq) is \(time), later than the point after it here (\(next)); time may not go backwards in a walk"
            )
        }
    }
}
