import Foundation
import LifeCore
import LifeDB
import LifeTimer
import LifeKernel
import LifeTestSupport
import Testing

/// A fresh database per test, and stores over it at any instant.
struct LifeTimerFixture {
    let db: Database

    init(zone: String = "UTC", at iso: String = "2026-11-22T12:00:00Z", inMemory: Bool = false) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lifetimer-\(UUID().uuidString)")
        let instant = try #require(Timestamp.parseISO8601(iso))
        db = try TestDatabase.connection(
            path: inMemory ? ":memory:" : folder.appendingPathComponent("life.db").path, now: instant)
        try TestDatabase.setTimeZone(zone, in: db)
    }

    /// The store with its clock at `iso` (an ISO 8601 instant).
    func store(at iso: String = "2026-11-22T12:00:00Z") throws -> LifeTimerStore {
        LifeTimerStore(db: db, clock: .fixed(try #require(Timestamp.parseISO8601(iso))))
    }

    static func instant(_ iso: String) throws -> Date { try #require(Timestamp.parseISO8601(iso)) }
    static func date(_ text: String) throws -> CivilDate { try #require(CivilDate(iso: text)) }

    /// Every LifeTimer row, for "a refused write changes nothing" checks.
    func content() throws -> [Row] {
        var rows: [Row] = []
        for table in try db.tableNames() where table.hasPrefix("lifetimer_") {
            rows += try db.fetchAll("SELECT * FROM \(table) ORDER BY 1, 2")
        }
        return rows
    }
}
