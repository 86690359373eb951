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
    /// (`<=`, HA-2's "within 150 m"), nearest first.
    func threadsNear(_ position: Coordinate, radiusMeters: Double) throws -> [NearThread] {
        var near: [NearThread] = []
        for range in SearchBox(around: position, radiusMeters: radiusMeters).ranges {
            try db.forEachRow(
                table: "hereafter_threads",
                """
                SELECT t.id, t.latitude, t.longitude
                FROM hereafter_thread_locations r JOIN hereafter_threads t ON t.location_key = r.location_key
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
        // Two columns of the message that unlocks first: ordered by the
        // pending index (thread_id, unlock_at).
        func pending(_ column: String) -> String {
            """
            (SELECT m.\(column) FROM hereafter_messages m
             WHERE m.thread_id = t.id AND m.discovered_at IS NULL ORDER BY m.unlock_at LIMIT 1)
            """
        }
        let columns = """
            t.id, t.latitude, t.longitude, t.place_name, \(pending("unlock_at")) AS earliest_unlock_at,
            \(pending("unlock_date")) AS earliest_unlock_date
            """
        var candidates: [GeofenceRanking.Candidate] = []
        func collect(_ row: TableRow) throws {
            let earliestUnlockAt: Date? = try row["earliest_unlock_at"]
            let earliestUnlock: CivilDate? = try row["earliest_unlock_date"]
            // A thread with nothing undiscovered has no pending row; a pending
            // row with an instant and no date (or the other way) is an error.
            guard earliestUnlockAt != nil || earliestUnlock != nil else { return }
            candidates.append(
                GeofenceRanking.Candidate(
                    threadID: try row["id"],
                    centre: try Coordinate(latitude: try row["latitude"], longitude: try row["longitude"]),
                    placeName: try row["place_name"],
                    earliestUnlockAt: try row["earliest_unlock_at", as: Date.self],
                    earliestUnlock: try row["earliest_unlock_date", as: CivilDate.self]))
        }
        switch method {
        case .index:
            for range in SearchBox(around: position, radiusMeters: radiusMeters).ranges {
                try db.forEachRow(
                    table: "hereafter_threads",
                    """
                    SELECT \(columns)
                    FROM hereafter_thread_locations r JOIN hereafter_threads t ON t.location_key = r.location_key
                    WHERE r.max_latitude >= ? AND r.min_latitude <= ? AND r.max_longitude >= ? AND r.min_longitude <= ?
                    """, [range.minLatitude, range.maxLatitude, range.minLongitude, range.maxLongitude], collect)
            }
        case .fullScan:
            try db.forEachRow(table: "hereafter_threads", "SELECT \(columns) FROM hereafter_threads t", [], collect)
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
