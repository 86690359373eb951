import Foundation
import LifeCore
import LifeKit
import LifeTimer

/// How an instant reads for a person in human output (CORE-13): in their
/// zone (`lifectl settings`) on their clock (12 or 24 hours: LifeTimer's
/// clock setting, LT-9, the only one the products define, taken from the
/// owner's account; 24 hours when there is none), to the minute:
/// `2026-11-22 17:05`, `2026-11-22 5:05 pm`. Dates alone are `2026-11-22`.
/// JSON never comes here: it writes ISO 8601 in UTC (`JSONOutput`).
///
/// The one formatter the CLI's tables and lines use; a product's own voice
/// (LifeTimer's languages, the sentences of `Voice/`) writes its dates in
/// words with the same zone and clock.
struct HumanTime: Sendable {
    let zone: TimeZone
    let twelveHour: Bool

    /// The person's zone and clock from the database, read without creating,
    /// migrating or writing anything (`db status` reads an old file as it is);
    /// the system's zone and 24 hours where there is nothing to read.
    static func of(_ context: CommandContext) -> HumanTime {
        let system = Self.system
        guard FileManager.default.fileExists(atPath: context.location.path),
            let file = try? LifeDatabase.openReadOnly(
                path: context.location.path, registry: LifeKit.registry, validating: false)
        else { return system }
        let zone = (try? Owner(file.db).timeZone()) ?? system.zone
        let clock = LifeTimerStore.voice(reading: file.db, clock: context.clock, forActing: nil).clock
        return HumanTime(zone: zone, twelveHour: clock == .twelveHour)
    }

    /// `2026-11-22 17:05`, or `2026-11-22 5:05 pm` on a 12-hour clock.
    func instant(_ instant: Date) -> String {
        let (date, clock) = CivilDate.wallClock(of: instant, in: zone)
        return date.iso + " " + time(clock)
    }

    /// An instant stored in the database's form (`2026-11-20 13:00:00.000`,
    /// UTC) as `instant(_:)` writes it; text of another form is shown as it
    /// is, marked UTC, which every stored instant is.
    func stored(_ text: String) -> String {
        Timestamp.parseDatabase(text).map(instant) ?? "\(text) UTC"
    }

    /// The system's zone (`TZ`) on a 24-hour clock: for a command that reads
    /// no database of this device (`server status`).
    static var system: HumanTime { HumanTime(zone: TimeZone.current, twelveHour: false) }

    /// `17:05`, or `5:05 pm`.
    func time(hour: Int, minute: Int) -> String {
        let minutes = minute < 10 ? "0\(minute)" : "\(minute)"
        guard twelveHour else { return (hour < 10 ? "0\(hour)" : "\(hour)") + ":" + minutes }
        return "\(hour % 12 == 0 ? 12 : hour % 12):\(minutes) \(hour < 12 ? "am" : "pm")"
    }

    func time(_ time: LocalTime) -> String { self.time(hour: time.hour, minute: time.minute) }

    /// `2026-11-22`.
    func date(_ date: CivilDate) -> String { date.iso }
}
