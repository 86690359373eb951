import Foundation
import LifeCore
import LifeDB

/// WALK-2: start → append points as they come → stop → saved, inside the
/// caller's transaction. What a point is checked against (the walk still
/// being recorded, the time of the last stored point, the next number) is
/// read here, under the write lock, never from the caller's copy of the
/// recording: two processes appending to one walk both keep their points.
extension WalksSession {
    /// The walk whose recording was started and not finished, if any. A
    /// stored point time outside the years 1–9999 makes the walk unreadable
    /// (exit 65), never a wrong summary later.
    func interruptedRecording() throws -> Recording? {
        try db.fetchOne(
            table: "walks",
            """
            SELECT w.id, w.name, w.created_at,
                   (SELECT count(*) FROM walks_live_points p WHERE p.walk_id = w.id) AS point_count,
                   (SELECT time_ms FROM walks_live_points p WHERE p.walk_id = w.id ORDER BY seq DESC LIMIT 1)
                       AS last_time_ms,
                   (SELECT max(seq) FROM walks_live_points p WHERE p.walk_id = w.id) AS last_seq
            FROM walks w WHERE w.state = 'recording' ORDER BY w.created_at, w.id LIMIT 1
            """
        ) { row in
            let last: Int64? = try row["last_time_ms"]
            if let last {
                let seq: Int = try row["last_seq"]
                try WalksRules.checkTime(milliseconds: last, field: "walks_live_points.time_ms of point \(seq)")
            }
            return Recording(
                walkID: try row["id"], name: try row["name"], createdAt: try row["created_at"],
                pointCount: try row["point_count"], lastTimeMilliseconds: last)
        }
    }

    /// Refused while another recording is interrupted: it holds points the
    /// owner walked, so it must be resumed or finished first.
    func refuseWhileInterrupted() throws {
        if let interrupted = try interruptedRecording() {
            throw LifeError(
                kind: .invalidValue, field: "recording",
                message:
                    "a walk recorded since \(Timestamp.iso8601(interrupted.createdAt)) was interrupted with \(Format.count(interrupted.pointCount, "point", "points")) saved",
                remedy: .walksResumeOrFinish)
        }
    }

    /// The interrupted recording, to append to again.
    func resumeRecording() throws -> Recording {
        guard let recording = try interruptedRecording() else {
            throw LifeError(
                kind: .invalidValue, field: "resume", message: "no walk is being recorded, so there is none to resume",
                remedy: .walksRecord)
        }
        return recording
    }

    /// Stores one point of `recording` (already checked by
    /// `WalksRules.checkLivePoint`): the walk's row first when this is its
    /// first point. Answers the point's number (from 0) and the points now stored.
    func append(_ point: LivePoint, to recording: Recording) throws -> (seq: Int, stored: Int) {
        if !recording.isStored {
            try refuseWhileInterrupted()
            try db.execute(
                "INSERT INTO walks (id, name, source, state, created_at) VALUES (?, ?, 'recorded', 'recording', ?)",
                [recording.walkID, try WalksRules.name(recording.name), recording.createdAt])
        } else {
            let state = try db.fetchOne(String.self, "SELECT state FROM walks WHERE id = ?", [recording.walkID])
            guard state == WalkState.recording.rawValue else {
                throw LifeError.invalid(
                    field: "recording",
                    state == nil
                        ? "walk \(recording.walkID) was deleted while it was being recorded"
                        : "walk \(recording.walkID) was finished meanwhile; it takes no more points")
            }
        }
        let last = try db.fetchOne(
            "SELECT seq, time_ms FROM walks_live_points WHERE walk_id = ? ORDER BY seq DESC LIMIT 1",
            [recording.walkID])
        let lastSeq: Int? = try last.map { try $0.get(Int.self, at: 0) }
        if let last {
            let lastTime = try last.get(Int64.self, at: 1)
            try WalksRules.checkTime(
                milliseconds: lastTime, field: "walks_live_points.time_ms of point \(try last.get(Int.self, at: 0))")
            if point.timeMilliseconds < lastTime {
                throw LifeError.invalid(
                    field: "time",
                    "time \(Timestamp.iso8601(milliseconds: point.timeMilliseconds)) is earlier than the previous point's \(Timestamp.iso8601(milliseconds: lastTime)); time may not go backwards"
                )
            }
        }
        let seq = (lastSeq ?? -1) + 1
        try db.execute(
            """
            INSERT INTO walks_live_points (walk_id, seq, latitude, longitude, time_ms, elevation_m, accuracy_m)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """,
            [
                recording.walkID, seq, point.latitude, point.longitude, point.timeMilliseconds,
                point.elevationMeters, point.accuracyMeters,
            ])
        let stored =
            try db.fetchOne(
                Int.self, "SELECT count(*) FROM walks_live_points WHERE walk_id = ?", [recording.walkID]) ?? seq + 1
        return (seq, stored)
    }

    /// Stops the recording and saves the walk: its points become the compact
    /// encoding with a summary. A recording without a single point leaves
    /// nothing behind and answers nil. A stored point that breaks a rule
    /// (written by hand or by an older build) makes the walk unreadable
    /// (exit 65) and changes nothing.
    func finishRecording(_ walkID: String) throws -> WalkSummary? {
        guard try db.fetchOne(String.self, "SELECT state FROM walks WHERE id = ?", [walkID]) == "recording" else {
            throw LifeError.invalid(field: "recording", "walk \(walkID) is not being recorded")
        }
        let track = try liveTrack(walkID)
        guard !track.isEmpty else {
            try db.execute("DELETE FROM walks WHERE id = ?", [walkID])
            return nil
        }
        try finishWalk(walkID, track: track)
        try db.execute("DELETE FROM walks_live_points WHERE walk_id = ?", [walkID])
        return try walk(walkID)
    }

    // MARK: Reading a walk being recorded (WALK-9)

    /// The points a walk being recorded holds so far, in order, one segment,
    /// as stored (finishing it now would save exactly these). A stored
    /// point that breaks a rule makes the walk unreadable (exit 65).
    func liveTrack(_ walkID: String) throws -> Track {
        var points: [TrackPoint] = []
        try db.forEachRow(
            table: "walks_live_points",
            """
            SELECT walk_id, seq, latitude, longitude, time_ms, elevation_m FROM walks_live_points
            WHERE walk_id = ? ORDER BY seq
            """, [walkID]
        ) { row in
            let point = TrackPoint(
                latitude: try row["latitude"], longitude: try row["longitude"],
                elevationMeters: try row["elevation_m"], timeMilliseconds: try row["time_ms"])
            try WalksRules.checkStoredLivePoint(point, seq: try row["seq"], after: points.last)
            points.append(point)
        }
        return Track(points: points)
    }

    /// WALK-9: a walk being recorded with its figures so far (elapsed and
    /// moving time, distance, pace, climb, bounds) worked out from its live
    /// points by the rules a finished walk's are (WALK-3), on the points
    /// rounded as finishing would store them: reading a walk just before it
    /// is finished gives the figures it is saved with. A finished walk is
    /// returned as it is.
    func withLiveFigures(_ walk: WalkSummary) throws -> WalkSummary {
        guard walk.state == .recording else { return walk }
        var live = walk
        live.setFigures(WalkMetrics(track: TrackCodec.quantized(try liveTrack(walk.id))))
        return live
    }
}
