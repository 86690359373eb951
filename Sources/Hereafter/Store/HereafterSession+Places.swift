import Foundation
import LifeCore
import LifeDB

/// The spatial side of the store (SPEC HA-2, HA-4, HA-6): which threads are
/// near a position, through the R*Tree over thread centres and the exact
/// ellipsoidal distance.
extension HereafterSession {
    /// A thread centre near a position.
    struct NearThread {
        let id: UUID
        let centre: Coordinate
        let distanceMeters: Double
    }

    /// Threads whose centre is at most `radiusMeters` from `position`
    /// (`<=`, HA-2's "within 150 m"), nearest first. The R*Tree leads the
    /// join (CROSS JOIN; see `geofenceCandidates`).
    func threadsNear(_ position: Coordinate, radiusMeters: Double) throws -> [NearThread] {
        var near: [NearThread] = []
        for range in SearchBox(around: position, radiusMeters: radiusMeters).ranges {
            try db.forEachRow(
                table: "hereafter_threads",
                """
                SELECT t.id, t.latitude, t.longitude
                FROM hereafter_thread_locations r CROSS JOIN hereafter_threads t ON t.location_key = r.location_key
                WHERE r.max_latitude >= ? AND r.min_latitude <= ? AND r.max_longitude >= ? AND r.min_longitude <= ?
                """, [range.minLatitude, range.maxLatitude, range.minLongitude, range.maxLongitude]
            ) { row in
                let centre = try Coordinate(latitude: try row["latitude"], longitude: try row["longitude"])
                let distance = Geodesic.distanceMeters(position, centre)
                if distance <= radiusMeters {
                    near.append(NearThread(id: try row["id"], centre: centre, distanceMeters: distance))
                }
            }
        }
        return near.sorted { ($0.distanceMeters, $0.id.uuidString) < ($1.distanceMeters, $1.id.uuidString) }
    }

    /// The threads a geofence could watch within `radiusMeters`: those still
    /// holding an undiscovered message, with the earliest unlock instant among
    /// them (and that message's unlock date), and, unless `anniversaries` is
    /// false, those with an anniversary due (HA-8). No text is read.
    func geofenceCandidates(
        near position: Coordinate, radiusMeters: Double, method: HereafterStore.SpatialMethod,
        anniversaries: Bool = true
    ) throws -> [GeofenceRanking.Candidate] {
        // The thread's undiscovered message that unlocks first, found through
        // the pending index (thread_id, unlock_at) and joined by rowid (PERF-6;
        // two scalar subqueries searched the index twice, for every thread in
        // the box). The joins are CROSS and LEFT so that SQLite keeps their
        // order: without statistics (lifectl never runs ANALYZE) or with the
        // R*Tree's taken before there were any, it could choose to scan every
        // thread and look each up in the R*Tree, hundreds of times slower.
        // A thread whose messages are all discovered comes only when one was
        // discovered a year ago or more (through the discovered index), and
        // its anniversary is then worked out exactly.
        let now = clock.now()
        let columns = """
            t.id, t.latitude, t.longitude, t.place_name, m.unlock_at, m.unlock_date,
            ?1 AND EXISTS (SELECT 1 FROM hereafter_messages a
                           WHERE a.thread_id = t.id AND a.discovered_at IS NOT NULL AND a.unlock_date IS NOT NULL
                             AND a.discovered_at <= ?2) AS anniversary_possible
            """
        let firstPending = """
            LEFT JOIN hereafter_messages m ON m.rowid = (
                SELECT p.rowid FROM hereafter_messages p
                WHERE p.thread_id = t.id AND p.discovered_at IS NULL ORDER BY p.unlock_at LIMIT 1)
            """
        var candidates: [GeofenceRanking.Candidate] = []
        var zone: TimeZone?
        func collect(_ row: TableRow) throws {
            let threadID: UUID = try row["id"]
            var anniversary: CivilDate?
            if try row["anniversary_possible", as: Bool.self] {
                let owners = try zone ?? timeZone()
                zone = owners
                anniversary = try dueAnniversaries(in: threadID, now: now, zone: owners).first?.date
            }
            let unlockAt = try row["unlock_at", as: Date?.self]
            guard unlockAt != nil || anniversary != nil else { return }
            candidates.append(
                GeofenceRanking.Candidate(
                    threadID: threadID,
                    centre: try Coordinate(latitude: try row["latitude"], longitude: try row["longitude"]),
                    placeName: try row["place_name"], earliestUnlockAt: unlockAt,
                    earliestUnlock: try row["unlock_date", as: CivilDate?.self], anniversary: anniversary))
        }
        let cutoff = Self.anniversaryCutoff(now)
        switch method {
        case .index:
            for range in SearchBox(around: position, radiusMeters: radiusMeters).ranges {
                try db.forEachRow(
                    table: "hereafter_threads",
                    """
                    SELECT \(columns)
                    FROM hereafter_thread_locations r CROSS JOIN hereafter_threads t ON t.location_key = r.location_key
                    \(firstPending)
                    WHERE r.max_latitude >= ?3 AND r.min_latitude <= ?4 AND r.max_longitude >= ?5 AND r.min_longitude <= ?6
                    """,
                    [
                        anniversaries, cutoff, range.minLatitude, range.maxLatitude, range.minLongitude,
                        range.maxLongitude,
                    ], collect)
            }
        case .fullScan:
            try db.forEachRow(
                table: "hereafter_threads", "SELECT \(columns) FROM hereafter_threads t \(firstPending)",
                [anniversaries, cutoff], collect)
        }
        return candidates
    }

    /// HA-6: the active set of at most 20 regions seen from `position` now,
    /// and what to add and remove relative to `previous` (the thread ids
    /// the caller has registered; the store keeps no copy, because the
    /// device's own list of monitored regions is the truth). Anniversaries
    /// are among them unless muted (HA-8).
    func geofences(at position: Coordinate, previous: [UUID], method: HereafterStore.SpatialMethod) throws
        -> GeofencePlan
    {
        let muted = try profile()?.muted ?? []
        let candidates = try geofenceCandidates(
            near: position, radiusMeters: HereafterRules.geofenceSearchRadiusMeters, method: method,
            anniversaries: !muted.contains(.anniversaries))
        let regions = GeofenceRanking.rank(candidates, from: position, now: clock.now())
        return GeofenceRanking.plan(regions, previous: previous)
    }
}
