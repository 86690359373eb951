import Foundation
import LifeCore
import LifeDB

/// WALK-2: start → append points as they come → stop → saved. Each point is
/// committed on its own as it arrives, so a crash loses none; the next start
/// finds the interrupted walk and offers to resume or finish it.
extension WalksStore {
    /// The walk whose recording was started and not finished, if any.
    public func interruptedRecording() throws -> Recording? {
        try db.fetchOne(
            table: "walks",
            """
            SELECT w.id, w.name, w.created_at,
                   (SELECT count(*) FROM walks_live_points p WHERE p.walk_id = w.id) AS point_count,
                   (SELECT max(time_ms) FROM walks_live_points p WHERE p.walk_id = w.id) AS last_time_ms
            FROM walks w WHERE w.state = 'recording' ORDER BY w.created_at LIMIT 1
            """
        ) { row in
            Recording(
                walkID: try row["id"], name: try row["name"], createdAt: try row["created_at"],
                pointCount: try row["point_count"], lastTimeMilliseconds: try row["last_time_ms"])
        }
    }

    /// Starts a new recording. Refused while another is interrupted: it holds
    /// points the owner walked, so it must be resumed or finished first.
    /// Nothing is written until the first point is stored (`append`), so a
    /// recording that ends without a point leaves the database as it was.
    public func startRecording(name: String? = nil) throws -> Recording {
        let name = try TextRule.optional(name, field: "name", limit: WalksRules.nameLimit)
        try refuseWhileInterrupted()
        return Recording(
            walkID: UUID().uuidString.lowercased(), name: name, createdAt: clock.now(), pointCount: 0,
            lastTimeMilliseconds: nil, isStored: false)
    }

    private func refuseWhileInterrupted() throws {
        if let interrupted = try interruptedRecording() {
            throw LifeError(
                kind: .invalidValue, field: "recording",
                message:
                    "a walk recorded since \(Timestamp.iso8601(interrupted.createdAt)) was interrupted with \(Format.count(interrupted.pointCount, "point", "points")) saved",
                remedy: .walksResumeOrFinish)
        }
    }

    /// The interrupted recording, to append to again.
    public func resumeRecording() throws -> Recording {
        guard let recording = try interruptedRecording() else {
            throw LifeError(
                kind: .invalidValue, field: "--resume", message: "--resume is given but no walk is being recorded",
                remedy: .walksRecord)
        }
        return recording
    }

    /// Stores one point, committed at once. A point less accurate than 50 m
    /// is dropped (WALK-2); a point earlier than the last one is refused
    /// (time never goes backwards within a walk) and nothing is stored.
    @discardableResult
    public func append(_ point: LivePoint, to recording: inout Recording) throws -> LivePointOutcome {
        if let accuracy = point.accuracyMeters, accuracy > WalksRules.maximumAccuracyMeters {
            recording.droppedCount += 1
            return .droppedForAccuracy
        }
        if let last = recording.lastTimeMilliseconds, point.timeMilliseconds < last {
            throw LifeError.invalid(
                field: "time",
                "time \(Timestamp.iso8601(Self.date(milliseconds: point.timeMilliseconds))) is earlier than the previous point's \(Timestamp.iso8601(Self.date(milliseconds: last))); time may not go backwards"
            )
        }
        let walkID = recording.walkID
        let seq = recording.pointCount
        try db.writeTransaction { db in
            if !recording.isStored {
                // Checked again under the write lock: another process may
                // have started a recording since this one was.
                try refuseWhileInterrupted()
                try db.execute(
                    """
                    INSERT INTO walks (id, name, source, state, created_at) VALUES (?, ?, 'recorded', 'recording', ?)
                    """, [walkID, recording.name, recording.createdAt])
            }
            try db.execute(
                """
                INSERT INTO walks_live_points (walk_id, seq, latitude, longitude, time_ms, elevation_m, accuracy_m)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    walkID, seq, point.latitude, point.longitude, point.timeMilliseconds, point.elevationMeters,
                    point.accuracyMeters,
                ])
        }
        recording.isStored = true
        recording.pointCount += 1
        recording.lastTimeMilliseconds = point.timeMilliseconds
        return .stored
    }

    /// Stops the recording and saves the walk (see the walk ID form below);
    /// a recording that never stored a point was never written and answers
    /// nil without touching the database.
    public func finishRecording(_ recording: Recording) throws -> WalkSummary? {
        guard recording.isStored else { return nil }
        return try finishRecording(recording.walkID)
    }

    /// Stops the recording and saves the walk: its points become the compact
    /// encoding with a summary, in one transaction. A recording without a
    /// single point leaves nothing behind and answers nil.
    public func finishRecording(_ walkID: String) throws -> WalkSummary? {
        try db.writeTransaction { db in
            guard
                try db.fetchOne(String.self, "SELECT state FROM walks WHERE id = ?", [walkID]) == "recording"
            else {
                throw LifeError.invalid(field: "recording", "walk \(walkID) is not being recorded")
            }
            var points: [TrackPoint] = []
            try db.forEachRow(
                table: "walks_live_points",
                """
                SELECT seq, latitude, longitude, time_ms, elevation_m FROM walks_live_points
                WHERE walk_id = ? ORDER BY seq
                """, [walkID]
            ) { row in
                points.append(
                    TrackPoint(
                        latitude: try row["latitude"], longitude: try row["longitude"],
                        elevationMeters: try row["elevation_m"], timeMilliseconds: try row["time_ms"]))
            }
            guard !points.isEmpty else {
                try db.execute("DELETE FROM walks WHERE id = ?", [walkID])
                return nil
            }
            try finishWalk(walkID, track: Track(points: points))
            try db.execute("DELETE FROM walks_live_points WHERE walk_id = ?", [walkID])
            return try walk(walkID)
        }
    }
}
