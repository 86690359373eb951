import Foundation
import LifeCore
import LifeDB

/// Saving walks (WALK-1, WALK-3, WALK-4, WALK-5): a GPX file's tracks or a
/// track an app recorded, each with its summary and doodle path, inside the
/// caller's transaction.
extension WalksSession {
    /// The walks of a file with these bytes, if it was imported before.
    func alreadyImported(path: String, sha256: String) throws -> FileImport? {
        var existing: [WalkSummary] = []
        try db.forEachRow(
            table: "walks",
            "SELECT \(Self.summaryColumns) FROM walks WHERE source_sha256 = ? ORDER BY source_track", [sha256]
        ) { existing.append(try Self.summary($0)) }
        guard !existing.isEmpty else { return nil }
        return FileImport(
            path: path, sha256: sha256, outcome: .alreadyImported, walks: existing, emptyTracks: 0,
            ignoredRoutes: 0, ignoredRoutePoints: 0, ignoredWaypoints: 0)
    }

    /// WALK-1: saves each non-empty `<trk>` of a parsed file as one walk,
    /// unless a file with the same bytes is already here (looked up under
    /// the write lock: another process may have imported it meanwhile).
    func saveGPX(_ file: GPXFile, path: String, sha256: String) throws -> FileImport {
        if let skipped = try alreadyImported(path: path, sha256: sha256) { return skipped }
        let fileName = (path as NSString).lastPathComponent
        var emptyTracks = 0
        var saved: [WalkSummary] = []
        for (index, gpxTrack) in file.tracks.enumerated() {
            guard !gpxTrack.track.isEmpty else {
                emptyTracks += 1
                continue
            }
            let id = try insertWalk(
                gpxTrack.track, name: gpxTrack.name, source: .gpx,
                origin: (
                    file: fileName, sha256: sha256, track: index,
                    fileTime: file.fileTimeMilliseconds.map(Timestamp.date(milliseconds:))
                ))
            saved.append(try walk(id))
        }
        var result = FileImport(
            path: path, sha256: sha256, outcome: saved.isEmpty ? .noTracks : .imported, walks: saved,
            emptyTracks: emptyTracks, ignoredRoutes: file.ignoredRoutes, ignoredRoutePoints: file.ignoredRoutePoints,
            ignoredWaypoints: file.ignoredWaypoints)
        result.warnings = file.warnings
        result.droppedElevations = file.droppedElevations
        result.droppedTimes = file.droppedTimes
        return result
    }

    /// Saves a walk an app recorded in memory (or a program made), with the
    /// same rules as an import.
    func save(_ track: Track, name: String?) throws -> WalkSummary {
        guard !track.isEmpty else {
            throw LifeError.invalid(field: "track", "the walk has no points; there is nothing to save")
        }
        return try walk(try insertWalk(track, name: name, source: .recorded, origin: nil))
    }

    /// Saves a finished walk. Returns the new id.
    func insertWalk(
        _ track: Track, name: String?, source: WalkSource,
        origin: (file: String, sha256: String, track: Int, fileTime: Date?)?
    ) throws -> String {
        let name = try WalksRules.name(name)
        try WalksRules.checkSourceFile(origin?.file)
        let values = try Self.trackValues(track)
        let id = UUID().uuidString.lowercased()
        try db.execute(
            """
            INSERT INTO walks (id, name, source, source_file, source_sha256, source_track, file_time, state, created_at,
                               \(Self.trackColumns.joined(separator: ", ")))
            VALUES (?, ?, ?, ?, ?, ?, ?, 'finished', ?, \(Self.trackColumns.map { _ in "?" }.joined(separator: ", ")))
            """,
            StatementArguments(
                [id, name, source.rawValue, origin?.file, origin?.sha256, origin?.track, origin?.fileTime, clock.now()]
                    + values))
        return id
    }

    /// Turns a walk being recorded into a finished one with these points.
    func finishWalk(_ walkID: String, track: Track) throws {
        try db.execute(
            """
            UPDATE walks SET state = 'finished', \(Self.trackColumns.map { "\($0) = ?" }.joined(separator: ", "))
            WHERE id = ?
            """, StatementArguments(try Self.trackValues(track) + [walkID]))
    }

    static let trackColumns = [
        "started_at", "ended_at", "distance_m", "elapsed_s", "moving_s", "ascent_m", "descent_m", "point_count",
        "timed_point_count", "segment_count", "min_latitude", "min_longitude", "max_latitude", "max_longitude",
        "points", "simplified",
    ]

    /// The values of `trackColumns` for a walk's points, which must obey
    /// `WalksRules.checkTrack`. The points are first quantized to what the
    /// codec keeps, so that the summary describes exactly the points stored
    /// (WALK-4); the metrics are WALK-3's, within the limits a stored walk keeps.
    static func trackValues(_ track: Track) throws -> [any DatabaseValueEncodable] {
        try WalksRules.checkTrack(track)
        let stored = TrackCodec.quantized(track)
        // PERF-2: the doodle's path (Douglas–Peucker, the costliest step) is
        // worked out on another core while this one measures and encodes.
        // A few hundred points need no second thread.
        let doodle: BackgroundWork<[UInt8]>? =
            stored.pointCount > 10_000 ? BackgroundWork { TrackCodec.encode(WalksRules.doodlePath(stored)) } : nil
        let metrics = WalkMetrics(track: stored)
        let points = TrackCodec.encode(stored)
        let simplified = try doodle?.wait() ?? TrackCodec.encode(WalksRules.doodlePath(stored))
        try WalksRules.checkTotals(metrics)
        let bounds = metrics.bounds
        return [
            // Formatted from the integer milliseconds, never through a Double.
            metrics.startTimeMilliseconds.map { Timestamp.database(milliseconds: $0) },
            metrics.endTimeMilliseconds.map { Timestamp.database(milliseconds: $0) },
            metrics.distanceMeters, metrics.elapsedSeconds, metrics.movingSeconds, metrics.ascentMeters,
            metrics.descentMeters, metrics.pointCount, metrics.timedPointCount, metrics.segmentCount,
            bounds?.minLatitude, bounds?.minLongitude, bounds?.maxLatitude, bounds?.maxLongitude,
            Data(points), Data(simplified),
        ]
    }
}
