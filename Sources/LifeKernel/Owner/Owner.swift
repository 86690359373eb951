import Foundation
import LifeCore
import LifeDB

/// The owner's shared settings (`owner`, `Schema/0001_core.sql`), read and
/// written inside a transaction someone else opened: every product asks it
/// for the time zone behind "today" (SPEC CORE-5). `OwnerStore` is the same
/// for a front end, one transaction per call.
public struct Owner {
    let db: Database

    public init(_ db: Database) {
        self.db = db
    }

    public func settings() throws -> OwnerSettings {
        try db.fetchOne(table: "owner", "SELECT id, time_zone, units FROM owner WHERE id = 1") { row in
            OwnerSettings(timeZone: try row["time_zone"], units: try row["units", as: Units.self])
        } ?? .defaults
    }

    /// The zone for every "today": the stored one, else the system's.
    public func timeZone() throws -> TimeZone {
        guard let stored = try settings().timeZone else {
            // No stored zone: `TZ`, which must be an IANA name (exit 64 otherwise).
            return try TimeZoneSetting.systemZone()
        }
        do {
            return try TimeZoneSetting.zone(named: stored)
        } catch let error as LifeError {
            // The name passed the check when it was set; a file edited by hand
            // or a system without that zone is the file's problem (exit 65).
            throw LifeError(
                kind: .malformedInput, field: "time zone", message: "owner row 1 cannot be read: \(error.message)",
                remedy: .ownerTimeZone)
        }
    }

    /// The zone's name as the owner gave it (stored, or `TZ`), for display.
    public func timeZoneName() throws -> String {
        try settings().timeZone ?? TimeZoneSetting.systemName
    }

    /// The owner's local date at `instant`.
    public func day(of instant: Date) throws -> CivilDate {
        CivilDate.of(instant, in: try timeZone())
    }

    /// Sets the time zone (nil: follow the system). Validates the name first,
    /// but keeps it as given (Foundation would rename "UTC" to "GMT").
    public func setTimeZone(_ identifier: String?, now: Date) throws {
        if let identifier { _ = try TimeZoneSetting.zone(named: identifier) }
        try update(now: now) { $0.timeZone = identifier }
    }

    public func setUnits(_ units: Units, now: Date) throws {
        try update(now: now) { $0.units = units }
    }

    private func update(now: Date, _ change: (inout OwnerSettings) -> Void) throws {
        var settings = try settings()
        change(&settings)
        try db.execute(
            """
            INSERT INTO owner (id, time_zone, units, created_at, updated_at) VALUES (1, ?, ?, ?, ?)
            ON CONFLICT (id) DO UPDATE SET time_zone = excluded.time_zone, units = excluded.units,
                updated_at = excluded.updated_at
            WHERE time_zone IS NOT excluded.time_zone OR units IS NOT excluded.units
            """,
            [settings.timeZone, settings.units.rawValue, now, now])
    }
}
