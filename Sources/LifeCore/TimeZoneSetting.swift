import Foundation

/// The owner's time zone (SPEC CORE-5): an IANA name, by default the
/// system's (`TZ`, else the machine's).
public enum TimeZoneSetting {
    /// The zone named `identifier`, or an error naming the field.
    public static func zone(named identifier: String, field: String = "time zone") throws -> TimeZone {
        guard isIANAName(identifier), let zone = TimeZone(identifier: identifier) else {
            throw LifeError.invalid(
                field: field,
                "\(field) is '\(identifier)'; it must be an IANA time zone name such as Europe/Berlin or UTC")
        }
        return zone
    }

    /// Whether `name` is spelled as a name of the IANA time zone database
    /// (`Area/Place`, `UTC`, `Etc/GMT+5`) rather than an offset that
    /// Foundation also accepts: `GMT+5`, `UTC+05:00` and `GMT+0530` are not
    /// IANA names, and Foundation reads `GMT+5` as five hours *east*, the
    /// opposite of the IANA name `Etc/GMT+5` and of POSIX `TZ=GMT+5`. The
    /// zone must still exist (`zone(named:)`).
    public static func isIANAName(_ name: String) -> Bool {
        guard !name.isEmpty, name.utf8.count <= 64,
            name.unicodeScalars.allSatisfy({ $0.isASCII && (allowed.contains($0)) })
        else { return false }
        for prefix in ["GMT", "UTC"] where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count)
            // tzdata links only GMT+0 and GMT-0 (UTC+0 and UTC-0 are none).
            if rest.hasPrefix("+") || rest.hasPrefix("-") { return prefix == "GMT" && (rest == "+0" || rest == "-0") }
        }
        return true
    }

    /// The characters of tz database names (the schema's CHECK on the column).
    private static let allowed = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_+/-")

    /// The system's zone: `TZ` when it is set (it must then be an IANA name:
    /// a POSIX rule such as `GMT+5` or `CET-1CEST` is refused rather than
    /// read the way Foundation reads it), else the machine's.
    public static func systemZone() throws -> TimeZone {
        guard let name = environmentName else { return TimeZone.current }
        return try zone(named: name, field: "TZ")
    }

    /// The system's zone where no error can be reported: `TZ` when it is an
    /// IANA name, else the machine's, else UTC.
    public static var system: TimeZone {
        (try? systemZone()) ?? TimeZone(identifier: "UTC") ?? TimeZone.current
    }

    /// The system zone's name as the owner set it: `TZ` as given (Foundation
    /// on Linux reports `TZ=UTC` as "GMT", which has the same offsets but is
    /// not the name the owner chose), else the machine's.
    public static var systemName: String {
        environmentName ?? TimeZone.current.identifier
    }

    /// `TZ` without POSIX's leading ':', nil when unset or empty.
    private static var environmentName: String? {
        guard var name = ProcessInfo.processInfo.environment["TZ"], !name.isEmpty else { return nil }
        if name.hasPrefix(":") { name.removeFirst() }
        return name.isEmpty ? nil : name
    }
}
