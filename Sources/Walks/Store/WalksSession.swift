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
        max_longitude, pruned_at, created_at
        """

    /// Every saved walk, newest first, from the summary columns alone (the
    /// points are never decoded to list). An untimed walk is dated by its
    /// file's own time when the file had one, else by its import.
    func list(limit: Int? = nil) throws -> [WalkSummary] {
        var walks: [WalkSummary] = []
        try db.forEachRow(
            table: "walks",
            """
            SELECT \(Self.summaryColumns) FROM walks WHERE state = 'finished'
            ORDER BY coalesce(started_at, file_time, created_at) DESC, created_at DESC, id LIMIT ?
            """, [limit ?? -1]
        ) { walks.append(try Self.summary($0)) }
        return walks
    }

    /// The walk with this id, or with an id starting with this prefix (at
    /// least 4 characters, unique), as `git` resolves commits.
    func walk(_ reference: String) throws -> WalkSummary {
        let id = try resolve(reference)
        guard
            let walk = try db.fetchOne(
                table: "walks", "SELECT \(Self.summaryColumns) FROM walks WHERE id = ?", [id], Self.summary)
        else { throw Self.noSuchWalk(reference) }
        return walk
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

    /// Every point of the walk, decoded; nil once pruned.
    func points(_ reference: String) throws -> Track? {
        let id = try resolve(reference)
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

    func simplifiedPath(id: String) throws -> Track {
        let path = try db.fetchOne(table: "walks", "SELECT id, simplified FROM walks WHERE id = ?", [id]) { row in
            let data: Data? = try row["simplified"]
            return try data.map { try TrackCodec.decode([UInt8]($0)) }
        }
        guard let path = path ?? nil else {
            throw LifeError.invalid(field: "walk", "walk \(id) is still being recorded and has no path yet")
        }
        return path
    }

    // MARK: Delete and prune (WALK-4, WALK-7)

    /// Deletes the walk and its points. Returns what was deleted.
    func delete(_ reference: String) throws -> WalkSummary {
        let walk = try walk(reference)
        try db.execute("DELETE FROM walks WHERE id = ?", [walk.id])
        return walk
    }

    /// WALK-4: drops the points of every walk dated before `date` (in the
    /// owner's time zone), keeping its summary and simplified path. Walks
    /// already pruned are left alone. Returns the walks pruned.
    func prune(before date: CivilDate) throws -> [WalkSummary] {
        let cutoff = date.instant(at: LocalTime.midnight, in: try owner.timeZone())
        var pruned: [WalkSummary] = []
        try db.forEachRow(
            table: "walks",
            """
            SELECT \(Self.summaryColumns) FROM walks
            WHERE state = 'finished' AND points IS NOT NULL AND coalesce(started_at, created_at) < ?
            ORDER BY coalesce(started_at, created_at)
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
            prunedAt: try row["pruned_at"], createdAt: try row["created_at"])
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
