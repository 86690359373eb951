import Foundation
import LifeCore

/// Reads and writes the owner's settings. Every product asks it for the time
/// zone behind "today" (SPEC CORE-5).
public struct OwnerStore {
    public let db: Database
    public let clock: Clock

    public init(db: Database, clock: Clock) {
        self.db = db
        self.clock = clock
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

    /// The owner's local date now.
    public func today() throws -> CivilDate {
        CivilDate.of(clock.now(), in: try timeZone())
    }

    /// Sets the time zone (nil: follow the system). Validates the name first.
    public func setTimeZone(_ identifier: String?) throws {
        // Validate, but keep the name as given: Foundation would rename "UTC" to "GMT".
        if let identifier { _ = try TimeZoneSetting.zone(named: identifier) }
        try update { $0.timeZone = identifier }
    }

    public func setUnits(_ units: Units) throws {
        try update { $0.units = units }
    }

    private func update(_ change: (inout OwnerSettings) -> Void) throws {
        try db.writeTransaction { db in
            var settings = try settings()
            change(&settings)
            let now = clock.now()
            try db.execute(
                """
                INSERT INTO owner (id, time_zone, units, created_at, updated_at) VALUES (1, ?, ?, ?, ?)
                ON CONFLICT (id) DO UPDATE SET time_zone = excluded.time_zone, units = excluded.units,
                    updated_at = excluded.updated_at
                """,
                [settings.timeZone, settings.units.rawValue, now, now])
        }
    }
}
