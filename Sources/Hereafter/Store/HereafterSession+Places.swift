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
    /// them (and that message's unlock date). No text is read.
    func geofenceCandidates(near position: Coordinate, radiusMeters: Double, method: HereafterStore.SpatialMethod)
        throws
        -> [GeofenceRanking.Candidate]
    {
        // The thread's undiscovered message that unlocks first, found through
        // the pending index (thread_id, unlock_at) and joined by rowid: a
        // thread with nothing undiscovered drops out here, and the message is
        // looked up once for both of its columns (PERF-6; two scalar
        // subqueries searched the index twice, for every thread in the box).
        // CROSS JOIN keeps SQLite from reordering the joins: without
        // statistics (lifectl never runs ANALYZE) or with the R*Tree's taken
        // before there were any, it could choose to scan every thread and
        // look each up in the R*Tree, hundreds of times slower.
        let columns = """
            t.id, t.latitude, t.longitude, t.place_name, m.unlock_at, m.unlock_date
            """
        let firstPending = """
            CROSS JOIN hereafter_messages m ON m.rowid = (
                SELECT p.rowid FROM hereafter_messages p
                WHERE p.thread_id = t.id AND p.discovered_at IS NULL ORDER BY p.unlock_at LIMIT 1)
            """
        var candidates: [GeofenceRanking.Candidate] = []
        func collect(_ row: TableRow) throws {
            candidates.append(
                GeofenceRanking.Candidate(
                    threadID: try row["id"],
                    centre: try Coordinate(latitude: try row["latitude"], longitude: try row["longitude"]),
                    placeName: try row["place_name"],
                    earliestUnlockAt: try row["unlock_at", as: Date.self],
                    earliestUnlock: try row["unlock_date", as: CivilDate.self]))
        }
        switch method {
        case .index:
            for range in SearchBox(around: position, radiusMeters: radiusMeters).ranges {
                try db.forEachRow(
                    table: "hereafter_threads",
                    """
                    SELECT \(columns)
                    FROM hereafter_thread_locations r CROSS JOIN hereafter_threads t ON t.location_key = r.location_key
                    \(firstPending)
                    WHERE r.max_latitude >= ? AND r.min_latitude <= ? AND r.max_longitude >= ? AND r.min_longitude <= ?
                    """, [range.minLatitude, range.maxLatitude, range.minLongitude, range.maxLongitude], collect)
            }
        case .fullScan:
            try db.forEachRow(
                table: "hereafter_threads", "SELECT \(columns) FROM hereafter_threads t \(firstPending)", [], collect)
        }
        return candidates
    }

    /// HA-6: the active set of at most 20 regions seen from `position` now,
    /// and what to add and remove relative to `previous` (the thread ids
    /// the caller has registered; the store keeps no copy, because the
    /// device's own list of monitored regions is the truth).
    func geofences(at position: Coordinate, previous: [UUID], method: HereafterStore.SpatialMethod) throws
        -> GeofencePlan
    {
        let candidates = try geofenceCandidates(
            near: position, radiusMeters: HereafterRules.geofenceSearchRadiusMeters, method: method)
        let regions = GeofenceRanking.rank(candidates, from: position, now: clock.now())
        return GeofenceRanking.plan(regions, previous: previous)
    }
}
