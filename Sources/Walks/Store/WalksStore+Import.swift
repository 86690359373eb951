import Foundation
import LifeCore
import LifeDB

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension WalksStore {
    /// WALK-1: imports one GPX file, each non-empty `<trk>` as one walk, in one
    /// transaction: a malformed file throws (naming file and line) and saves
    /// nothing. A file whose bytes were imported before is skipped and says so.
    public func importGPX(path: String) throws -> FileImport {
        // A FIFO or a device can be read only once (a second open of a FIFO
        // waits for a writer that is gone, REL-3): its bytes are read into
        // memory, hashed and parsed from there. A regular file is streamed twice.
        let once = try Self.isRegularFile(path) ? nil : Self.readOnce(path: path)
        let sha256 = try once.map(SHA256.hex) ?? Self.sha256(ofFile: path)
        func alreadyImported() throws -> FileImport? {
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
        // Checked before parsing, so a duplicate costs no parse.
        if let skipped = try alreadyImported() { return skipped }
        let file = try once.map { try GPXReader.read(bytes: $0, fileName: path) } ?? GPXReader.read(path: path)
        let fileName = (path as NSString).lastPathComponent
        var emptyTracks = 0
        var raced: FileImport?
        let walks = try db.writeTransaction { db in
            // And again under the write lock: another process may have imported
            // the same file while this one parsed it.
            raced = try alreadyImported()
            if raced != nil { return [WalkSummary]() }
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
                        fileTime: file.fileTimeMilliseconds.map(Self.date(milliseconds:))
                    ))
                saved.append(try walk(id))
            }
            return saved
        }
        if let raced { return raced }
        return FileImport(
            path: path, sha256: sha256, outcome: walks.isEmpty ? .noTracks : .imported, walks: walks,
            emptyTracks: emptyTracks, ignoredRoutes: file.ignoredRoutes, ignoredRoutePoints: file.ignoredRoutePoints,
            ignoredWaypoints: file.ignoredWaypoints)
    }

    /// Saves a walk an app recorded in memory (or a program made) in one
    /// transaction, with the same rules as an import: points rounded to the
    /// codec's precision, WALK-3's summary, the doodle's path.
    @discardableResult
    public func save(_ track: Track, name: String? = nil) throws -> WalkSummary {
        guard !track.isEmpty else {
            throw LifeError.invalid(field: "track", "the walk has no points; there is nothing to save")
        }
        try Self.checkPoints(track)
        return try db.writeTransaction { _ in
            try walk(try insertWalk(track, name: name, source: .recorded, origin: nil))
        }
    }

    /// Positions on the globe, times that never go backwards (WALK-1's rules
    /// for points that did not come through the GPX reader).
    static func checkPoints(_ track: Track) throws {
        var last: Int64?
        for (index, point) in track.segments.joined().enumerated() {
            _ = try Coordinate(latitude: point.latitude, longitude: point.longitude, field: "point \(index + 1)")
            if let time = point.timeMilliseconds {
                if let last, time < last {
                    throw LifeError.invalid(
                        field: "point \(index + 1)",
                        "point \(index + 1) is earlier than the one before; time may not go backwards")
                }
                last = time
            }
        }
    }

    /// Saves a finished walk, inside the caller's transaction. Returns the new id.
    func insertWalk(
        _ track: Track, name: String?, source: WalkSource,
        origin: (file: String, sha256: String, track: Int, fileTime: Date?)?
    ) throws -> String {
        let name = try TextRule.optional(name, field: "name", limit: WalksRules.nameLimit)
        let id = UUID().uuidString.lowercased()
        try db.execute(
            """
            INSERT INTO walks (id, name, source, source_file, source_sha256, source_track, file_time, state, created_at,
                               \(Self.trackColumns.joined(separator: ", ")))
            VALUES (?, ?, ?, ?, ?, ?, ?, 'finished', ?, \(Self.trackColumns.map { _ in "?" }.joined(separator: ", ")))
            """,
            StatementArguments(
                [id, name, source.rawValue, origin?.file, origin?.sha256, origin?.track, origin?.fileTime, clock.now()]
                    + Self.trackValues(track)))
        return id
    }

    /// Turns a walk being recorded into a finished one with these points.
    func finishWalk(_ walkID: String, track: Track) throws {
        try db.execute(
            """
            UPDATE walks SET state = 'finished', \(Self.trackColumns.map { "\($0) = ?" }.joined(separator: ", "))
            WHERE id = ?
            """, StatementArguments(Self.trackValues(track) + [walkID]))
    }

    static let trackColumns = [
        "started_at", "ended_at", "distance_m", "elapsed_s", "moving_s", "ascent_m", "descent_m", "point_count",
        "timed_point_count", "segment_count", "min_latitude", "min_longitude", "max_latitude", "max_longitude",
        "points", "simplified",
    ]

    /// The values of `trackColumns` for a walk's points. The points are first
    /// quantized to what the codec keeps, so that the summary describes
    /// exactly the points stored (WALK-4); the metrics are WALK-3's.
    static func trackValues(_ track: Track) -> [any DatabaseValueEncodable] {
        let stored = TrackCodec.quantized(track)
        let metrics = WalkMetrics(track: stored)
        let bounds = metrics.bounds
        return [
            // Formatted from the integer milliseconds, never through a Double.
            metrics.startTimeMilliseconds.map { Timestamp.database(milliseconds: $0) },
            metrics.endTimeMilliseconds.map { Timestamp.database(milliseconds: $0) },
            metrics.distanceMeters, metrics.elapsedSeconds, metrics.movingSeconds, metrics.ascentMeters,
            metrics.descentMeters, metrics.pointCount, metrics.timedPointCount, metrics.segmentCount,
            bounds?.minLatitude, bounds?.minLongitude, bounds?.maxLatitude, bounds?.maxLongitude,
            Data(TrackCodec.encode(stored)), Data(TrackCodec.encode(doodlePath(stored))),
        ]
    }

    /// WALK-5, WALK-6: the path a doodle draws, at most
    /// `WalksRules.doodleMaximumPoints` points: Douglas–Peucker with the
    /// smallest tolerance (doubling from 1 m) that gets there.
    public static func doodlePath(_ track: Track) -> Track {
        var tolerance = WalksRules.doodleMinimumToleranceMeters
        var path = DouglasPeucker.simplify(track, toleranceMeters: tolerance)
        while path.pointCount > WalksRules.doodleMaximumPoints {
            tolerance *= 2
            path = DouglasPeucker.simplify(path, toleranceMeters: tolerance)
        }
        return path
    }

    static func date(milliseconds: Int64) -> Date {
        Timestamp.date(milliseconds: milliseconds)
    }

    /// The file's SHA-256, read in 1 MiB pieces (memory stays flat).
    static func sha256(ofFile path: String) throws -> String {
        guard let file = fopen(path, "rb") else {
            let code = errno
            if code == ENOENT { throw LifeError.missing(path: path) }
            throw LifeError.io("\(path): cannot open: \(String(cString: strerror(code)))")
        }
        defer { fclose(file) }
        var hasher = SHA256()
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            if count > 0 { buffer.withUnsafeBytes { hasher.update(UnsafeRawBufferPointer(rebasing: $0[0..<count])) } }
            if count < buffer.count {
                if ferror(file) != 0 { throw LifeError.io("\(path): cannot read") }
                break
            }
        }
        return hasher.finalizeHex()
    }

    /// Whether `path` names a regular file (after links); a missing path
    /// counts as one, so the usual reading reports it.
    static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return true }
        return (info.st_mode & S_IFMT) == S_IFREG
    }

    /// Every byte of a file that can be read only once (a FIFO, a device).
    static func readOnce(path: String) throws -> [UInt8] {
        let descriptor = try GPXReader.openForReading(path)
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw LifeError.io("\(path): cannot read: \(String(cString: strerror(errno)))")
            }
            if count == 0 { return bytes }
            bytes += buffer[0..<count]
        }
    }
}
