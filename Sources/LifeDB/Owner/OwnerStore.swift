import Foundation
import LifeCore

/// Units of distance for every product that shows one.
public enum Units: String, Sendable, Codable, CaseIterable {
    case metric, imperial

    /// The international mile and foot, exactly.
    public static let metersPerMile = 1_609.344
    public static let metersPerFoot = 0.3048
}

/// The owner's shared settings (the `owner` table of `0001_core`).
public struct OwnerSettings: Sendable, Codable, Equatable {
    /// IANA name, or nil to follow the system's zone.
    public var timeZone: String?
    public var units: Units

    public static let defaults = OwnerSettings(timeZone: nil, units: .metric)
}

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
        guard let row = try db.fetchOne("SELECT time_zone, units FROM owner WHERE id = 1") else {
            return .defaults
        }
        let units: String = try row.get(at: 1)
        return OwnerSettings(timeZone: try row.get(at: 0), units: Units(rawValue: units) ?? .metric)
    }

    /// The zone for every "today": the stored one, else the system's.
    public func timeZone() throws -> TimeZone {
        let stored = try settings().timeZone
        do {
            return try TimeZoneSetting.resolve(stored: stored)
        } catch let error as LifeError {
            // The name passed the check when it was set; a file edited by hand
            // or a system without that zone is the file's problem (exit 65).
            throw LifeError.malformed(
                "owner row 1 cannot be read: \(error.message); set it again with `lifectl finite settings --time-zone NAME`",
                field: "time zone")
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
