import Foundation
import Hereafter
import LifeCore
import LifeDB
import LifeKernel
import LifeKitTestSupport
import Testing

/// A fresh database per test, and stores over it at any instant: planting
/// happens at one time and the visit months later, as in life.
struct HereafterFixture {
    let db: DatabaseQueue

    init(
        zone: String = "UTC", onboardAt: String = "2026-11-22T12:00:00Z", name: String? = "Ada", inMemory: Bool = false
    ) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hereafter-\(UUID().uuidString)")
        let instant = try #require(Timestamp.parseISO8601(onboardAt))
        db = try TestDatabase.queue(
            path: inMemory ? ":memory:" : folder.appendingPathComponent("life.db").path, now: instant)
        try TestDatabase.setTimeZone(zone, in: db)
        if let name { try store(at: onboardAt).onboard(firstName: name) }
    }

    /// The store with its clock at `iso` (an ISO 8601 instant).
    func store(at iso: String) throws -> HereafterStore {
        HereafterStore(db, clock: .fixed(try #require(Timestamp.parseISO8601(iso))))
    }

    static func date(_ text: String) throws -> CivilDate { try #require(CivilDate(iso: text)) }

    static func point(_ latitude: Double, _ longitude: Double) throws -> Coordinate {
        try Coordinate(latitude: latitude, longitude: longitude)
    }

    /// Every row a person saved in Hereafter's tables and the R*Tree, for "unchanged" checks.
    func content() throws -> [Row] {
        try db.fetchAll("SELECT * FROM hereafter_profile")
            + db.fetchAll("SELECT * FROM hereafter_threads ORDER BY id")
            + db.fetchAll("SELECT * FROM hereafter_messages ORDER BY id")
            + db.fetchAll(
                "SELECT message_id, media_type, byte_count, hex(bytes) FROM hereafter_photos ORDER BY message_id")
            + db.fetchAll("SELECT * FROM hereafter_thread_locations ORDER BY location_key")
    }
}
