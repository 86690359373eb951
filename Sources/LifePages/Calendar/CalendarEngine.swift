import Foundation
import LifeCore
import LifeDB
import LifeKernel

/// Every product's notification schedule for the next days as calendar
/// events (`lifectl calendar`), read in one snapshot through each product's
/// own schedule (`Product.calendarEvents`). A product not set up has none.
public enum CalendarEngine {
    public static let dayRange = 1...366

    public static func events(
        _ reader: any DatabaseReader, registry: ProductRegistry, clock: Clock, days: Int
    ) throws -> [CalendarEvent] {
        guard dayRange.contains(days) else {
            throw LifeError.invalid(
                field: "days", "days is \(days); it must be from \(dayRange.lowerBound) to \(dayRange.upperBound)")
        }
        return try reader.read { db in
            // The owner's zone, read once: "today" and the span's instants.
            let zone = try Owner(db).timeZone()
            let now = clock.now()
            let window = CalendarWindow(today: CivilDate.of(now, in: zone), days: days, zone: zone, now: now)
            var events: [CalendarEvent] = []
            for product in registry.products {
                events += try product.calendarEvents(db, window: window)
            }
            return events.sorted { ($0.start, $0.uid) < ($1.start, $1.uid) }
        }
    }
}
