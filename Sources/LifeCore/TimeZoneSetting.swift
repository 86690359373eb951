import Foundation

/// The owner's time zone (SPEC CORE-5): an IANA name, by default the
/// system's (`TZ`, else the machine's).
public enum TimeZoneSetting {
    /// The zone named `identifier`, or an error naming the field.
    public static func zone(named identifier: String, field: String = "time zone") throws -> TimeZone {
        guard !identifier.isEmpty, let zone = TimeZone(identifier: identifier) else {
            throw LifeError.invalid(
                field: field, "\(field) is '\(identifier)'; it must be an IANA time zone name such as Europe/Berlin or UTC")
        }
        return zone
    }

    /// The stored setting when there is one, else the system zone.
    public static func resolve(stored: String?) throws -> TimeZone {
        if let stored { return try zone(named: stored) }
        return TimeZone.current
    }
}
