import Finite
import Foundation
import Hereafter
import LifeCore
import LifeDB
import LifeTimer

/// The notification schedules of every product for the next `days` days, as
/// calendar events, read through each store's own schedule: Finite's daily
/// note and milestones (FIN-5), LifeTimer's reminders, milestones, streaks and
/// checkpoints for the owner's account (LT-7), and Hereafter's unlock instants
/// of notes still locked: place only, never a word (HA-3). DailyMenu keeps no
/// reminders, so it has no events. A product not set up has none.
public struct CalendarReader {
    public let db: Database
    public let clock: Clock

    public static let dayRange = 1...366

    public init(db: Database, clock: Clock) {
        self.db = db
        self.clock = clock
    }

    /// The first 8 hex digits of the SHA-256 of `text`: two notifications of
    /// one kind on one day (two milestones due) get different UIDs, and each
    /// keeps its own from one export to the next.
    static func tag(_ text: String) -> String {
        var hash = SHA256()
        hash.update(Array(text.utf8))
        return String(hash.finalizeHex().prefix(8))
    }

    public func events(days: Int) throws -> [CalendarEvent] {
        guard Self.dayRange.contains(days) else {
            throw LifeError.invalid(field: "--days", "--days is \(days); it must be from 1 to 366")
        }
        return try db.readTransaction { db in
            // The owner's zone, read once: "today" and the span's instants.
            let ownerZone = try OwnerStore(db: db, clock: clock).timeZone()
            let today = CivilDate.of(clock.now(), in: ownerZone)
            let start = today.startInstant(in: ownerZone)
            let end = today.adding(days: days).startInstant(in: ownerZone)
            var events: [CalendarEvent] = []
            let finite = FiniteStore(db: db, clock: clock)
            if try finite.profile() != nil {
                for note in try finite.notifications(from: today, days: days) {
                    events.append(
                        CalendarEvent(
                            uid: "finite-\(note.kind.rawValue)-\(note.localDate.iso)-\(Self.tag(note.body))@lifectl",
                            start: note.fireAt, summary: note.title ?? "Finite \(note.kind.rawValue)",
                            description: note.body))
                }
            }
            let lifeTimer = LifeTimerStore(db: db, clock: clock)
            if let account = try lifeTimer.ownerAccount() {
                // The account's schedule is by its own days, the calendar's
                // span by the owner's: ask for the account's days that cover
                // the span (up to a day either side) and keep the instants in it.
                let accountZone = try lifeTimer.zone(of: account)
                let first = CivilDate.of(start, in: accountZone).adding(days: -1)
                let span = min(days + 3, LifeTimerSchedule.maximumDays)
                for note in try lifeTimer.notifications(for: account, from: first, days: span)
                where note.fireAt >= start && note.fireAt < end {
                    events.append(
                        CalendarEvent(
                            uid:
                                "lifetimer-\(account.id.uuidString.lowercased())-\(note.kind.rawValue)-\(note.localDate.iso)-\(Self.tag(note.body))@lifectl",
                            start: note.fireAt, summary: "LifeTimer \(note.kind.rawValue)", description: note.body))
                }
            }
            let hereafter = HereafterStore(db: db, clock: clock)
            if try hereafter.profile() != nil {
                let now = clock.now()
                for message in try hereafter.messages()
                where message.content.isLocked && message.discoveredAt == nil {
                    guard let unlockAt = message.unlockAt, unlockAt >= now, unlockAt < end else { continue }
                    events.append(
                        CalendarEvent(
                            uid: "hereafter-\(message.id.uuidString.lowercased())@lifectl", start: unlockAt,
                            summary: "A Hereafter note unlocks", location: message.placeLabel))
                }
            }
            return events.sorted { ($0.start, $0.uid) < ($1.start, $1.uid) }
        }
    }
}
