import Foundation
import LifeCore
import LifeDB

extension HereafterSession {
    /// What `lifectl db check` verifies beyond SQLite's constraints, by the
    /// rules planting, replying and importing apply (`HereafterRules`). The
    /// problems name ids only, never a word of a message (HA-3).
    ///
    /// - the owner's first name, each place name and each text within its
    ///   limit, trimmed, on one line where it must be (HA-1, HA-2, CORE-9);
    /// - each lock consistent: planted on its planted date in some time zone
    ///   and unlocking exactly at the start of its unlock date in its own
    ///   zone, `time_zone` (in some zone, for a note written before zones
    ///   were recorded) (HA-2);
    /// - each message in its parent's thread, never its own parent nor in a
    ///   cycle of parents, and at most 150 m from its
    ///   thread's centre (HA-2, HA-5);
    /// - discovered no earlier than its lock opens (HA-3); a discovery or
    ///   a nudge later than this device's now is no fault of the file: a
    ///   device whose clock ran ahead stamped it, and sync carries such
    ///   instants as they are (docs/hereafter.md, "Clocks");
    /// - each photo's bytes of the type it declares, within 10 MB (HA-2);
    /// - the R*Tree holding exactly the threads, each box around its centre (HA-6).
    func invariantViolations() throws -> [String] {
        var scan = InvariantScan(db: db)
        let ownerZone = (try? owner.timeZoneName()) ?? "UTC"
        try scan.eachRow(
            "hereafter_profile", "SELECT id, first_name, created_at, updated_at FROM hereafter_profile"
        ) { statement, problems in
            let row = TableRow(table: "hereafter_profile", statement: statement)
            do {
                try Self.checkStoredFirstName(try row["first_name"])
            } catch let error as LifeError {
                problems.append("profile: \(error.message)")
            }
        }
        try scan.eachRow(
            "hereafter_threads", "SELECT id, place_name FROM hereafter_threads ORDER BY id"
        ) { statement, problems in
            let row = TableRow(table: "hereafter_threads", statement: statement)
            do {
                try Self.checkStoredPlace(try row["place_name"])
            } catch let error as LifeError {
                problems.append("thread \(try row["id", as: String.self]): \(error.message)")
            }
        }
        try scan.eachRow(
            "hereafter_messages",
            """
            SELECT m.id, m.text, m.place_name, m.parent_id, m.latitude, m.longitude,
                   t.latitude AS centre_latitude, t.longitude AS centre_longitude, m.planted_on, m.created_at,
                   m.unlock_date, m.unlock_at, m.discovered_at, m.creator_id, m.anniversary_nudged_at, m.time_zone
            FROM hereafter_messages m JOIN hereafter_threads t ON t.id = m.thread_id
            ORDER BY m.id
            """
        ) { statement, problems in
            let row = TableRow(table: "hereafter_messages", statement: statement)
            let id: String = try row["id"]
            func rule(_ body: () throws -> Void) {
                do { try body() } catch let error as LifeError {
                    problems.append("message \(id): \(error.message)")
                } catch {}
            }
            rule { try TextRule.checkStored(try row["text"], field: "text", limit: HereafterRules.textLimit) }
            rule { try Self.checkStoredPlace(try row["place_name"]) }
            let unlockAt: Date? = try row["unlock_at"]
            rule {
                // HA-2: the lock is exactly the start of the unlock date in
                // the note's own zone (in some zone, for a note written
                // before zones were recorded).
                let zoneName: String? = try row["time_zone"]
                try HereafterRules.checkLock(
                    plantedOn: try row["planted_on"], createdAt: try row["created_at"],
                    unlockDate: try row["unlock_date"], unlockAt: unlockAt,
                    zone: try zoneName.map { try TimeZoneSetting.zone(named: $0, field: "time_zone") },
                    zoneName: zoneName, preferred: ownerZone)
            }
            if let parent: String = try row["parent_id"] {
                // Its parent discovered is a rule of replying, not of the
                // file: a reply synced from the device that discovered the
                // note may arrive before that discovery does.
                if parent == id {
                    problems.append("message \(id): is a reply to itself")
                }
            }
            let position = try Coordinate(latitude: try row["latitude"], longitude: try row["longitude"])
            let centre = try Coordinate(latitude: try row["centre_latitude"], longitude: try row["centre_longitude"])
            rule { try Self.checkInThread(position, centre: centre) }
            if try row["creator_id", as: UUID?.self] == nil {
                problems.append("message \(id): has no creator_id; every message records who wrote it")
            }
            if let nudged: Date = try row["anniversary_nudged_at"] {
                rule {
                    try HereafterRules.checkNudge(
                        nudged, discoveredAt: try row["discovered_at"], hasLock: unlockAt != nil,
                        now: .distantFuture)
                }
            }
            if let discovered: Date = try row["discovered_at"] {
                if let unlockAt, discovered < unlockAt {
                    problems.append(
                        "message \(id): discovered at \(Timestamp.database(discovered)) UTC, before it unlocks at \(Timestamp.database(unlockAt)) UTC"
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
        try scan.eachRow("hereafter_messages", Self.cycleQuery) { statement, problems in
            let row = TableRow(table: "hereafter_messages", statement: statement)
            problems.append(
                "message \(try row["id", as: String.self]): its parents lead back to it (a reply cannot answer a later reply)"
            )
        }
        try scan.eachRow(
            "hereafter_photos", "SELECT message_id, media_type, bytes FROM hereafter_photos ORDER BY message_id"
        ) { statement, problems in
            let row = TableRow(table: "hereafter_photos", statement: statement)
            do {
                try HereafterRules.checkStoredPhoto(try row["bytes"], declared: try row["media_type"])
            } catch let error as LifeError {
                problems.append("photo of message \(try row["message_id", as: String.self]): \(error.message)")
            }
        }
        try checkSpatialIndex(&scan)
        return scan.problems
    }

    /// The messages whose chain of parents comes back to them (longer than
    /// a message answering itself, which is told as such): each chain is
    /// followed at most as many steps as there are messages.
    static let cycleQuery = """
        WITH RECURSIVE chain(start, at, steps) AS (
            SELECT id, parent_id, 1 FROM hereafter_messages WHERE parent_id IS NOT NULL AND parent_id <> id
            UNION ALL
            SELECT c.start, m.parent_id, c.steps + 1 FROM chain c JOIN hereafter_messages m ON m.id = c.at
            WHERE m.parent_id IS NOT NULL AND c.at <> c.start
                AND c.steps <= (SELECT count(*) FROM hereafter_messages)
        )
        SELECT DISTINCT start AS id FROM chain WHERE at = start ORDER BY start
        """

    /// A first name as onboarding stores it (HA-1).
    static func checkStoredFirstName(_ name: String) throws {
        guard try HereafterRules.firstName(name, field: "first_name") == name else {
            throw LifeError.invalid(
                field: "first_name", "first_name has white space around it, which a saved first_name never has")
        }
    }

    /// A place name as planting stores it (HA-2): absent, or one trimmed line.
    static func checkStoredPlace(_ place: String?) throws {
        guard let place else { return }
        guard try HereafterRules.place(place, field: "place_name") == place else {
            throw LifeError.invalid(
                field: "place_name", "place_name is empty or has white space around it, which a saved one never has")
        }
    }

    /// HA-2: a message at most 150 m from its thread's centre.
    static func checkInThread(_ position: Coordinate, centre: Coordinate) throws {
        let meters = Geodesic.distanceMeters(position, centre)
        if meters > HereafterRules.radiusMeters + distanceToleranceMeters {
            throw LifeError.invalid(
                field: "latitude",
                "\(Format.fixed(meters, decimals: 1)) m from its thread's centre (columns latitude, longitude); a thread reaches \(Int(HereafterRules.radiusMeters)) m"
            )
        }
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
