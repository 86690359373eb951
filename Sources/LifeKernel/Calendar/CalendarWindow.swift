import Foundation
import LifeCore

/// The span a calendar export covers, as each product's schedule needs it:
/// the owner's days from `today` for `days` days, and the instants they run
/// between in the owner's zone.
public struct CalendarWindow: Sendable {
    public let today: CivilDate
    public let days: Int
    public let zone: TimeZone
    public let now: Date
    /// The first instant of `today` in the owner's zone.
    public let start: Date
    /// The first instant after the last day.
    public let end: Date

    public init(today: CivilDate, days: Int, zone: TimeZone, now: Date) {
        self.today = today
        self.days = days
        self.zone = zone
        self.now = now
        start = today.startInstant(in: zone)
        end = today.adding(days: days).startInstant(in: zone)
    }

    /// The first 8 hex digits of the SHA-256 of `text`: two notifications of
    /// one kind on one day (two milestones due) get different UIDs, and each
    /// keeps its own from one export to the next.
    public static func tag(_ text: String) -> String {
        var hash = SHA256()
        hash.update(Array(text.utf8))
        return String(hash.finalizeHex().prefix(8))
    }
}
