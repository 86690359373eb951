import Foundation

/// The owner's time zone (SPEC CORE-5): an IANA name, by default the
/// system's (`TZ`, else the machine's).
public enum TimeZoneSetting {
    /// The zone named `identifier`, or an error naming the field.
    public static func zone(named identifier: String, field: String = "time zone") throws -> TimeZone {
        guard !identifier.isEmpty, let zone = TimeZone(identifier: identifier) else {
            throw LifeError.invalid(
                field: field,
                "\(field) is '\(identifier)'; it must be an IANA time zone name such as Europe/Berlin or UTC")
        }
        return zone
    }

    /// The stored setting when there is one, else the system zone.
    public static func resolve(stored: String?) throws -> TimeZone {
        if let stored { return try zone(named: stored) }
        return system
    }

    /// The system's zone: `TZ` when it names one, else the machine's.
    public static var system: TimeZone {
        (try? zone(named: systemName)) ?? TimeZone.current
    }

    /// The system zone's name as the owner set it: `TZ` when it is a valid
    /// IANA name (Foundation on Linux reports `TZ=UTC` as "GMT", which has the
    /// same offsets but is not the name the owner chose), else the machine's.
    public static var systemName: String {
        if var name = ProcessInfo.processInfo.environment["TZ"], !name.isEmpty {
            if name.hasPrefix(":") { name.removeFirst() }
            if TimeZone(identifier: name) != nil { return name }
        }
        return TimeZone.current.identifier
    }
}
