import Foundation
import LifeCore
import LifeDB
import LifeTimer
import LifeKernel
import LifeKitTestSupport
import Testing

/// A fresh database per test (a queue, as a command or an app opens it),
/// and stores over it at any instant.
struct LifeTimerFixture {
    let db: DatabaseQueue

    init(zone: String = "UTC", at iso: String = "2026-11-22T12:00:00Z", inMemory: Bool = false) throws {
        let instant = try #require(Timestamp.parseISO8601(iso))
        db = try TestDatabase.queue(path: inMemory ? ":memory:" : TestDatabase.temporaryPath("lifetimer"), now: instant)
        try TestDatabase.setTimeZone(zone, in: db)
    }

    /// The store with its clock at `iso` (an ISO 8601 instant).
    func store(at iso: String = "2026-11-22T12:00:00Z") throws -> LifeTimerStore {
        LifeTimerStore(db, clock: .fixed(try #require(Timestamp.parseISO8601(iso))))
    }

    static func instant(_ iso: String) throws -> Date { try #require(Timestamp.parseISO8601(iso)) }
    static func date(_ text: String) throws -> CivilDate { try #require(CivilDate(iso: text)) }

    /// Every LifeTimer row, for "a refused write changes nothing" checks.
    func content() throws -> [Row] {
        try db.read { db in
            var rows: [Row] = []
            for table in try db.tableNames() where table.hasPrefix("lifetimer_") {
                rows += try db.fetchAll("SELECT * FROM \(table) ORDER BY 1, 2")
            }
            return rows
        }
    }
}
