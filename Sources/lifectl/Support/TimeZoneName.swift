import ArgumentParser
import Foundation
import LifeCore

/// A time zone as typed for `--time-zone`: an IANA name (`Europe/Berlin`,
/// `UTC`), or `system` to follow `TZ` (CORE-5, CORE-13). The shells complete
/// the names this machine's zone database knows, asked of `lifectl` itself
/// when completing (so the scripts carry no copy of the list); whether a name
/// is one is decided by the store that keeps it (`TimeZoneSetting`).
struct TimeZoneName: ArgumentType {
    /// The IANA name, or nil for the system's zone.
    let name: String?

    static var argumentCompletion: CompletionKind {
        .custom { _, _, typed in
            (["system"] + TimeZone.knownTimeZoneIdentifiers).filter { $0.hasPrefix(typed) }
        }
    }

    static func parse(_ text: String, field: String) throws -> TimeZoneName {
        TimeZoneName(name: text.lowercased() == "system" ? nil : text)
    }
}
