import Foundation
import LifeCore
import LifeKernel

/// A bundle that cannot be applied now, and why (SPEC SYNC-7; docs/sync.md,
/// section 9): nothing of it was applied, and the caller sets it aside and
/// goes on with the rest. A device never stops over one.
public struct SyncSetAside: Error, Sendable, Equatable {
    public enum Kind: String, Sendable, Codable {
        /// Not a bundle this build can read: not one at all, damaged, cut
        /// short, or sealed with another key. Nothing can be kept of it.
        case unreadable
        /// Written by a newer lifectl: kept until this one is updated.
        case schema
        /// Its clock runs more than a day ahead of this device's.
        case clock
        /// It could not be applied here (a fault: kept and retried).
        case failed
        /// Its device was forgotten here (`sync forget`).
        case forgotten
    }

    public let kind: Kind
    /// One line for people, saying why and what to do; it names neither the
    /// file nor the device (the caller does).
    public let reason: String
    /// The device that wrote it, when that could be read.
    public let sender: SiteID?

    public init(_ kind: Kind, _ reason: String, sender: SiteID? = nil) {
        self.kind = kind
        self.reason = reason
        self.sender = sender
    }

    /// A bundle whose clock runs too far ahead of `now`.
    static func skew(_ clock: Int64, now: Date, sender: SiteID?) -> SyncSetAside {
        let hours = HybridClock.hoursAhead(clock, now: now)
        return SyncSetAside(
            .clock,
            "its clock is \(Format.count(hours, "hour", "hours")) ahead of this device's (\(Timestamp.database(HybridClock.instant(clock))) UTC): the clock that is wrong must be set right (a device whose clock ran ahead dates what it changed meanwhile again at its next sync), or this device must accept that clock as it is",
            sender: sender)
    }

    /// The error an app or `sync import` sees (exit 65).
    public var error: LifeError {
        LifeError.malformed("the bundle was not applied: \(reason)", field: "bundle")
    }
}

extension SyncSetAside {
    /// The one line for a fault met while applying (a bug of this build,
    /// not of the bundle): said, and the bundle kept and tried again.
    static func fault(_ error: any Error) -> String {
        let text = (error as? LifeError)?.message ?? String(describing: error)
        return
            "it could not be applied here (\(TerminalText.oneLine(TerminalText.echoed(String(text.prefix(300)))))); it is kept and tried again at every sync"
    }
}
