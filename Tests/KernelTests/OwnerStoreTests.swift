import Foundation
import LifeCore
import LifeDB
import LifeDBTestSupport
import LifeKernel
import LifeKitTestSupport
import Testing

/// The owner's shared settings (0001_core `owner`, SPEC CORE-5).
@Suite struct OwnerStoreTests {
    static let created = Date(timeIntervalSince1970: 1_772_353_815.25)  // 2026-03-01 08:30:15.250 UTC
    static let later = Date(timeIntervalSince1970: 1_772_353_815.25 + 3_600)  // 09:30:15.250

    func withStore(_ body: (DatabaseQueue, String) throws -> Void) throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/life.db"
            let db = try TestDatabase.queue(path: path, now: Self.created)
            try body(db, path)
        }
    }

    func ownerRows(_ path: String) throws -> [[Raw]] {
        try rawRows(path: path, "SELECT id, time_zone, units, created_at, updated_at FROM owner")
    }

    @Test func defaultsWithoutARow() throws {
        try withStore { db, path in
            let store = OwnerStore(db, clock: .fixed(Self.created))
            let settings = try store.settings()
            #expect(settings.timeZone == nil)
            #expect(settings.units == .metric)
            #expect(settings == .defaults)
            #expect(try ownerRows(path).isEmpty, "reading writes nothing")
        }
    }

    @Test func setTimeZoneRoundTrips() throws {
        try withStore { db, path in
            try OwnerStore(db, clock: .fixed(Self.created)).setTimeZone("Europe/Berlin")
            #expect(
                try ownerRows(path) == [
                    [
                        .integer(1), .text("Europe/Berlin"), .text("metric"), .text("2026-03-01 08:30:15.250"),
                        .text("2026-03-01 08:30:15.250"),
                    ]
                ])
            let store = OwnerStore(db, clock: .fixed(Self.later))
            try store.setUnits(.imperial)
            #expect(
                try ownerRows(path) == [
                    [
                        .integer(1), .text("Europe/Berlin"), .text("imperial"), .text("2026-03-01 08:30:15.250"),
                        .text("2026-03-01 09:30:15.250"),
                    ]
                ])
            #expect(try store.settings().timeZone == "Europe/Berlin")
            #expect(try store.settings().units == .imperial)
            #expect(try store.timeZone().identifier == "Europe/Berlin")
            try store.setTimeZone(nil)
            #expect(try ownerRows(path).first?[1] == .null)
            #expect(try store.settings().timeZone == nil)
            #expect(try store.settings().units == .imperial)
        }
    }

    @Test(arguments: ["Not/AZone", "", "Europe/Berlin; DROP TABLE owner", "../../etc/passwd", "Mars/Olympus_Mons"])
    func aBadZoneNameIsRefusedAndNothingIsWritten(name: String) throws {
        try withStore { db, path in
            let store = OwnerStore(db, clock: .fixed(Self.created))
            let first = lifeError { try store.setTimeZone(name) }
            #expect(first?.kind == .invalidValue)
            #expect(first?.message.contains("'\(name)'") == true, "names the value: \(first?.message ?? "")")
            #expect(try ownerRows(path).isEmpty)

            // With settings already stored: they stay as they were.
            try store.setTimeZone("Asia/Tokyo")
            let before = try ownerRows(path)
            let second = lifeError { try OwnerStore(db, clock: .fixed(Self.later)).setTimeZone(name) }
            #expect(second?.kind == .invalidValue)
            #expect(try ownerRows(path) == before)
        }
    }

    @Test func todayFollowsTheStoredZone() throws {
        // 2026-03-01 23:30 UTC is already 2 March in Auckland (NZDT, UTC+13)
        // and still 1 March in Los Angeles (PST, UTC-8).
        let instant = Date(timeIntervalSince1970: 1_772_407_800)
        try withStore { db, _ in
            let store = OwnerStore(db, clock: .fixed(instant))
            try store.setTimeZone("Pacific/Auckland")
            #expect(try store.today() == CivilDate(year: 2026, month: 3, day: 2))
            try store.setTimeZone("America/Los_Angeles")
            #expect(try store.today() == CivilDate(year: 2026, month: 3, day: 1))
        }
    }

    @Test func theSchemaRefusesWhatTheStoreWouldNotWrite() throws {
        try withStore { db, _ in
            let insert = "INSERT INTO owner (id, time_zone, units, created_at, updated_at) VALUES (?, ?, ?, ?, ?)"
            let now = Self.created
            for values: StatementArguments in [
                [2, "UTC", "metric", now, now], [1, "UTC", "parsecs", now, now], [1, "a b", "metric", now, now],
                [1, "UTC", "metric", "yesterday", now],
            ] {
                #expect(databaseError { try db.write { try $0.execute(insert, values) } }?.extendedCode == 275)
            }
        }
    }
}
