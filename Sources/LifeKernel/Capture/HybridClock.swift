import Foundation
import LifeCore
import LifeDB

/// The hybrid logical clock of a site (docs/sync.md, section 2): an integer
/// that is milliseconds since 1970 times 32 plus a counter, so that it
/// follows the wall clock, never goes back, and orders every change made
/// here after everything this site had seen when it made it.
///
/// The capture triggers compute the same formula in SQL (`scripts/gen-sync`);
/// this type is the one place in Swift that knows it.
package enum HybridClock {
    /// Bits of the counter: 32 changes per millisecond before the counter
    /// spills into the milliseconds (an HLC may run ahead of the wall clock).
    /// With 5 bits an hlc fits SQLite's 6-byte integers until the year 2109.
    package static let counterBits: Int64 = 5

    /// The multiplier of the milliseconds (2^counterBits).
    package static let scale: Int64 = 1 << counterBits

    /// How far ahead of this device a bundle's clock may run before the
    /// bundle is refused unless the person confirms (SPEC SYNC-3).
    package static let skewLimitMilliseconds: Int64 = 24 * 3600 * 1000

    /// Milliseconds since 1970 of `date`, rounded down.
    package static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
    }

    /// The clock's value for a change made at `now` after the value `hlc`.
    package static func tick(_ hlc: Int64, now: Date) -> Int64 {
        max(hlc + 1, milliseconds(now) * scale)
    }

    /// The wall-clock milliseconds an hlc stands for.
    package static func wallMilliseconds(_ hlc: Int64) -> Int64 {
        hlc >> counterBits
    }

    /// The instant an hlc stands for (to the millisecond).
    package static func instant(_ hlc: Int64) -> Date {
        Date(timeIntervalSince1970: Double(wallMilliseconds(hlc)) / 1000)
    }

    /// The clock a database's rules are judged at ("no instant in the
    /// future", `db check`, an import, a sync apply): `now`, or the latest
    /// clock of a bundle applied here (or `latest`) when that is later (data
    /// from a device running ahead within the day a bundle may be), at most
    /// `ahead` after `now` or after the clock this device accepted ahead
    /// (`sync --accept-skew`, remembered); nil: no bound (a bundle applied
    /// with its clock accepted).
    ///
    /// A database without the sync tables (one `db check` reads before
    /// migrating) has no such clock; any other failure (an interrupt, the
    /// disk) is thrown, so a rule is never judged at a clock read wrong.
    package static func judgingClock(
        _ db: Database, latest: Date? = nil, now: Date, ahead: TimeInterval? = 24 * 3600
    ) throws -> Clock {
        var seen = latest
        // The latest clock of a bundle applied here (not this site's own
        // clock, which a write with the sqlite3 shell sets from the system's).
        if let clock = try optional(db, "SELECT max(last_clock) FROM sync_peer"), clock > 0 {
            seen = max(seen ?? instant(clock), instant(clock))
        }
        guard let seen, seen > now else { return .fixed(now) }
        guard let ahead else { return .fixed(seen) }
        var bound = now
        if let accepted = try optional(db, "SELECT accepted_clock FROM sync_site"), accepted > 0 {
            bound = max(bound, instant(accepted))
        }
        return .fixed(min(seen, bound.addingTimeInterval(ahead)))
    }

    /// One clock read from a sync table; nil when the table is not there.
    private static func optional(_ db: Database, _ sql: String) throws -> Int64? {
        do {
            return try db.fetchOne(Int64.self, sql)
        } catch let error as DatabaseError where error.resultCode == .error {
            return nil
        }
    }

    /// Whether a clock `hlc` runs more than a day ahead of `now`, and of
    /// the clock this device accepted ahead (`accepted`, an hlc; 0: none).
    package static func isTooFarAhead(_ hlc: Int64, now: Date, accepted: Int64 = 0) -> Bool {
        wallMilliseconds(hlc) - max(milliseconds(now), wallMilliseconds(accepted)) > skewLimitMilliseconds
    }

    /// How many whole hours `hlc` runs ahead of `now` (0 when not ahead).
    package static func hoursAhead(_ hlc: Int64, now: Date) -> Int {
        Int(max(0, wallMilliseconds(hlc) - milliseconds(now)) / 3_600_000)
    }
}
