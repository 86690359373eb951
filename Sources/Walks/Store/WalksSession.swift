import Foundation
import LifeCore
import LifeDB
import LifeKernel

/// Only Walks' rules over the database (SPEC §5), inside a transaction that
/// `WalksStore` (or the kernel, for an import, a check or a page) opened:
/// saving, live recording, listing, detail, deletion and pruning. Every rule
/// is checked here, before SQLite's CHECK constraints would have to; nothing
/// here opens a transaction.
struct WalksSession {
    let db: Database
    let clock: Clock

    init(_ db: Database, clock: Clock) {
        self.db = db
        self.clock = clock
    }

    var owner: Owner { Owner(db) }

    // MARK: Settings (WALK-7)

    func units() throws -> Units { try owner.settings().units }

    func setUnits(_ units: Units) throws {
        try owner.setUnits(units, now: clock.now())
    }

    /// The owner's zone, which dates walks for people and decides `prune --before`.
    func timeZone() throws -> TimeZone { try owner.timeZone() }

    // MARK: Listing and detail (WALK-4, WALK-7)

    static let summaryColumns = """
        id, name, source, source_file, state, started_at, ended_at, distance_m, elapsed_s, moving_s, ascent_m,
        descent_m, point_count, timed_point_count, segment_count, min_latitude, min_longitude, max_latitude,
        max_longitude, pruned_at, created_at, file_time
        """

    /// Every walk, newest first by `WalkSummary.date` (its first timed
    /// point; for a walk without times its file's own time, else when it
    /// was added), from the summary columns alone: the points of a finished
    /// walk are never decoded to list. A walk being recorded is listed too,
    /// with its figures so far (WALK-9).
    func list(limit: Int? = nil) throws -> [WalkSummary] {
        var walks: [WalkSummary] = []
        try db.forEachRow(
            table: "walks",
            """
            SELECT \(Self.summaryColumns) FROM walks WHERE state = 'finished'
            ORDER BY coalesce(started_at, file_time, created_at) DESC, created_at DESC, id LIMIT ?
            """, [limit ?? -1]
        ) { walks.append(try Self.summary($0)) }
        var recording: [WalkSummary] = []
        try db.forEachRow(
            table: "walks", "SELECT \(Self.summaryColumns) FROM walks WHERE state = 'recording' ORDER BY id"
        ) { recording.append(try Self.summary($0)) }
        guard !recording.isEmpty else { return walks }
        // The same order as the query's, with the walks being recorded among them.
        walks += try recording.map(withLiveFigures)
        walks.sort { ($0.date, $0.createdAt, $1.id) > ($1.date, $1.createdAt, $0.id) }
        return limit.map { Array(walks.prefix($0)) } ?? walks
    }

    /// The walk with this id, or with an id starting with this prefix (at
    /// least 4 characters, unique), as `git` resolves commits; a walk being
    /// recorded with its figures so far (WALK-9).
    func walk(_ reference: String) throws -> WalkSummary {
        let id = try resolve(reference)
        guard
            let walk = try db.fetchOne(
                table: "walks", "SELECT \(Self.summaryColumns) FROM walks WHERE id = ?", [id], Self.summary)
        else { throw Self.noSuchWalk(reference) }
        return try withLiveFigures(walk)
    }

    /// Resolves a full id or a unique prefix to the walk's id.
    func resolve(_ reference: String) throws -> String {
        let key = try IDPrefix.normalized(reference, field: "walk", noun: "walk")
        let ids = try db.ids(startingWith: key, in: "walks")
        guard let first = ids.first else { throw Self.noSuchWalk(reference) }
        guard ids.count == 1 else {
            throw LifeError.invalid(
                field: "walk", "walk '\(reference)' matches more than one walk; give more of its id")
        }
        return first
    }

    static func noSuchWalk(_ reference: String) -> LifeError {
        LifeError(
            kind: .invalidValue, field: "walk", message: "walk '\(reference)' does not exist", remedy: .walksList)
    }

    /// Every point of the walk, decoded; nil once pruned. A walk being
    /// recorded gives its points so far, as finishing it would store them.
    func points(_ reference: String) throws -> Track? {
        let id = try resolve(reference)
        if try state(of: id) == .recording { return TrackCodec.quantized(try liveTrack(id)) }
        return try db.fetchOne(table: "walks", "SELECT id, points FROM walks WHERE id = ?", [id]) { row in
            let data: Data? = try row["points"]
            return try data.map { try TrackCodec.decode([UInt8]($0)) }
        } ?? nil
    }

    /// The simplified path the doodles draw (WALK-5, WALK-6).
    func simplifiedPath(_ reference: String) throws -> Track {
        let id = try resolve(reference)
        return try simplifiedPath(id: id)
    }

    /// The stored simplified path; for a walk being recorded, the one its
    /// points so far give, as finishing it now would store it (WALK-9).
    func simplifiedPath(id: String) throws -> Track {
        let path = try db.fetchOne(table: "walks", "SELECT id, state, simplified FROM walks WHERE id = ?", [id]) {
            row -> Track? in
            if try row["state", as: WalkState.self] == .recording { return nil }
            let data: Data? = try row["simplified"]
            return try data.map { try TrackCodec.decode([UInt8]($0)) }
        }
        guard let path else { throw Self.noSuchWalk(id) }
        return try path ?? WalksRules.doodlePath(TrackCodec.quantized(try liveTrack(id)))
    }

    /// A walk's state, read by its id (which must exist).
    private func state(of id: String) throws -> WalkState {
        try db.fetchOne(table: "walks", "SELECT id, state FROM walks WHERE id = ?", [id]) {
            try $0["state", as: WalkState.self]
        } ?? .finished
    }

    // MARK: Delete and prune (WALK-4, WALK-7)

    /// Deletes the walk and its points. Returns what was deleted.
    func delete(_ reference: String) throws -> WalkSummary {
        let walk = try walk(reference)
        try db.execute("DELETE FROM walks WHERE id = ?", [walk.id])
        return walk
    }

    /// WALK-4: drops the points of every walk dated before `date` (in the
    /// owner's time zone; dated as the list dates it), keeping its summary
    /// and simplified path. Walks already pruned are left alone. Returns the
    /// walks pruned.
    func prune(before date: CivilDate) throws -> [WalkSummary] {
        let cutoff = date.instant(at: LocalTime.midnight, in: try owner.timeZone())
        var pruned: [WalkSummary] = []
        try db.forEachRow(
            table: "walks",
            """
            SELECT \(Self.summaryColumns) FROM walks
            WHERE state = 'finished' AND points IS NOT NULL AND coalesce(started_at, file_time, created_at) < ?
            ORDER BY coalesce(started_at, file_time, created_at)
            """, [cutoff]
        ) { pruned.append(try Self.summary($0)) }
        let now = clock.now()
        for walk in pruned {
            try db.execute("UPDATE walks SET points = NULL, pruned_at = ? WHERE id = ?", [now, walk.id])
        }
        return pruned.map {
            var walk = $0
            walk.prunedAt = now
            return walk
        }
    }

    // MARK: Rows

    /// A walk from a row holding `summaryColumns`, read by name; a value that
    /// cannot be read (an unknown source or state included, or a figure
    /// beyond its limit, which would overflow when shown) is an error naming
    /// the walk (exit 65), never a default and never a trap.
    static func summary(_ row: TableRow) throws -> WalkSummary {
        let stored = try storedSummary(row)
        try WalksRules.checkFigures(stored)
        return WalkSummary(
            id: try row["id"], name: try row["name"], source: try row["source", as: WalkSource.self],
            sourceFile: try row["source_file"], state: try row["state", as: WalkState.self],
            startedAt: stored.startedAt, endedAt: stored.endedAt, distanceMeters: stored.distanceMeters,
            elapsedSeconds: stored.elapsedSeconds, movingSeconds: stored.movingSeconds,
            ascentMeters: stored.ascentMeters, descentMeters: stored.descentMeters, pointCount: stored.pointCount,
            timedPointCount: stored.timedPointCount, segmentCount: stored.segmentCount, bounds: stored.bounds,
            prunedAt: try row["pruned_at"], createdAt: try row["created_at"], fileTime: try row["file_time"])
    }

    /// The summary columns of a row, read by name, as `WalkMetrics` names them.
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
}
