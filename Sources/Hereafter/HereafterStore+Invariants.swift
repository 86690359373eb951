import Foundation
import LifeCore
import LifeDB

extension HereafterStore {
    /// What `lifectl db check` verifies beyond SQLite's constraints. The
    /// problems name ids only, never a word of a message (HA-3).
    ///
    /// - each text within 500 characters and trimmed (CORE-9);
    /// - each message in its parent's thread, never its own parent, and at
    ///   most 150 m from its thread's centre (HA-2);
    /// - each lock an instant, discovered neither before it nor after now
    ///   (HA-2, HA-3);
    /// - each photo's bytes of the type it declares (HA-2);
    /// - the R*Tree holding exactly the threads, each box around its centre (HA-6).
    public func invariantViolations() throws -> [String] {
        var scan = InvariantScan(db: db)
        let now = clock.now()
        try scan.eachRow(
            "hereafter_messages",
            """
            SELECT m.id, m.text, m.parent_id, m.latitude, m.longitude, t.latitude AS centre_latitude,
                   t.longitude AS centre_longitude, m.unlock_date, m.unlock_at, m.discovered_at
            FROM hereafter_messages m JOIN hereafter_threads t ON t.id = m.thread_id ORDER BY m.id
            """
        ) { statement, problems in
            let row = TableRow(table: "hereafter_messages", statement: statement)
            let id: String = try row["id"]
            let text: String = try row["text"]
            do {
                if try HereafterStore.checkText(text) != text { problems.append("message \(id): text is not trimmed") }
            } catch let error as LifeError {
                problems.append("message \(id): \(error.message)")
            }
            if try row["parent_id", as: String?.self] == id { problems.append("message \(id): is a reply to itself") }
            let position = try Coordinate(latitude: try row["latitude"], longitude: try row["longitude"])
            let centre = try Coordinate(latitude: try row["centre_latitude"], longitude: try row["centre_longitude"])
            let meters = Geodesic.distanceMeters(position, centre)
            if meters > HereafterRules.radiusMeters + Self.distanceToleranceMeters {
                problems.append(
                    "message \(id): \(Format.fixed(meters, decimals: 1)) m from its thread's centre; a thread reaches \(Int(HereafterRules.radiusMeters)) m"
                )
            }
            let unlockDate: CivilDate? = try row["unlock_date"]
            let unlockAt: Date? = try row["unlock_at"]
            if unlockDate != nil && unlockAt == nil {
                problems.append(
                    "message \(id): has an unlock date but no unlock instant yet (opening the database with LifeDatabase.open fills it in)"
                )
            }
            if let discovered: Date = try row["discovered_at"] {
                if let unlockAt, discovered < unlockAt {
                    problems.append(
                        "message \(id): discovered at \(Timestamp.database(discovered)) UTC, before it unlocks at \(Timestamp.database(unlockAt)) UTC"
                    )
                }
                if discovered > now {
                    problems.append(
                        "message \(id): discovered at \(Timestamp.database(discovered)) UTC, which is after now (\(Timestamp.database(now)) UTC)"
                    )
                }
            }
        }
        try scan.eachRow(
            "hereafter_messages",
            """
            SELECT m.id FROM hereafter_messages m JOIN hereafter_messages p ON p.id = m.parent_id
            WHERE p.thread_id <> m.thread_id ORDER BY m.id
            """
        ) { statement, problems in
            let row = TableRow(table: "hereafter_messages", statement: statement)
            problems.append("message \(try row["id", as: String.self]): not in its parent's thread")
        }
        try scan.eachRow(
            "hereafter_photos", "SELECT message_id, media_type, bytes FROM hereafter_photos ORDER BY message_id"
        ) { statement, problems in
            let row = TableRow(table: "hereafter_photos", statement: statement)
            let declared: String = try row["media_type"]
            let detected = PhotoKind.detect(try row["bytes", as: Data.self])
            if detected?.rawValue != declared {
                problems.append(
                    "photo of message \(try row["message_id", as: String.self]): declared \(declared) but its bytes are \(detected?.rawValue ?? "no JPEG, PNG or HEIC image")"
                )
            }
        }
        try checkSpatialIndex(&scan)
        return scan.problems
    }

    /// How far a message may sit beyond the radius: the distance is exact to
    /// far below this, so only a real move is reported.
    static let distanceToleranceMeters = 0.001

    /// The R*Tree stores 32-bit floats rounded outwards, so a box holds its
    /// centre and is at most a few float steps wide (2^-16 degrees near 180°).
    static let boxToleranceDegrees = 1e-4

    private func checkSpatialIndex(_ scan: inout InvariantScan) throws {
        let unindexed =
            try db.fetchOne(
                Int.self,
                """
                SELECT count(*) FROM hereafter_threads t
                WHERE NOT EXISTS (SELECT 1 FROM hereafter_thread_locations r WHERE r.location_key = t.location_key)
                """) ?? 0
        let indexed = try db.fetchOne(Int.self, "SELECT count(*) FROM hereafter_thread_locations") ?? 0
        let threads = try db.fetchOne(Int.self, "SELECT count(*) FROM hereafter_threads") ?? 0
        if unindexed > 0 || indexed != threads {
            scan.add(
                "the spatial index holds \(Format.grouped(indexed)) entries for \(Format.grouped(threads)) threads (\(Format.grouped(unindexed)) missing)"
            )
        }
        try scan.eachRow(
            "hereafter_threads",
            """
            SELECT t.id, t.latitude, t.longitude, r.min_latitude, r.max_latitude, r.min_longitude, r.max_longitude
            FROM hereafter_threads t JOIN hereafter_thread_locations r ON r.location_key = t.location_key ORDER BY t.id
            """
        ) { statement, problems in
            let row = TableRow(table: "hereafter_threads", statement: statement)
            let latitude: Double = try row["latitude"]
            let longitude: Double = try row["longitude"]
            let box = try ["min_latitude", "max_latitude", "min_longitude", "max_longitude"].map {
                try row[$0, as: Double.self]
            }
            func holds(_ value: Double, _ low: Double, _ high: Double) -> Bool {
                low <= value && value <= high && value - low <= Self.boxToleranceDegrees
                    && high - value <= Self.boxToleranceDegrees
            }
            if !holds(latitude, box[0], box[1]) || !holds(longitude, box[2], box[3]) {
                problems.append(
                    "thread \(try row["id", as: String.self]): its spatial index box (\(box[0])…\(box[1]), \(box[2])…\(box[3])) is not around its centre \(latitude), \(longitude)"
                )
            }
        }
    }
}
