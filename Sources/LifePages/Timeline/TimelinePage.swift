import Foundation
import LifeCore
import LifeDB
import LifeKernel

/// One page of what a span of days held across the products, in the
/// owner's zone (`lifectl today`, `week`; docs/timeline.md): each product's
/// section, in the registry's order, read in one snapshot.
public struct TimelinePage: Sendable, Encodable {
    public let from: CivilDate
    public let through: CivilDate
    /// The owner's zone, as the owner named it.
    public let timeZone: String
    public let sections: [any TimelineSection]

    /// The week `Monday … Sunday` holding `date`.
    public static func week(containing date: CivilDate) -> ClosedRange<CivilDate> {
        let monday = date.adding(days: 1 - date.weekday.rawValue)
        return monday...monday.adding(days: 6)
    }

    /// Reads the page for `span`; Finite's week is the life week holding
    /// `focus` (the day asked for). A product not set up says so in its
    /// section; it is never an error.
    public static func read(
        _ reader: any DatabaseReader, registry: ProductRegistry, clock: Clock, span: ClosedRange<CivilDate>,
        focus: CivilDate
    ) throws -> TimelinePage {
        try reader.read { db in
            let owner = Owner(db)
            let zone = try owner.timeZone()
            let now = clock.now()
            let request = TimelineRequest(
                span: span, focus: focus, today: CivilDate.of(now, in: zone), now: now, zone: zone)
            var sections: [any TimelineSection] = []
            for product in registry.products {
                if let section = try product.timelineSection(db, request: request) { sections.append(section) }
            }
            return TimelinePage(
                from: span.lowerBound, through: span.upperBound, timeZone: try owner.timeZoneName(),
                sections: sections)
        }
    }

    /// The owner's today.
    public static func today(_ reader: any DatabaseReader, clock: Clock) throws -> CivilDate {
        try reader.read { try Owner($0).day(of: clock.now()) }
    }

    // MARK: JSON: from, through, timeZone, then each section under its key

    typealias Key = SectionKey

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(from, forKey: Key("from"))
        try container.encode(through, forKey: Key("through"))
        try container.encode(timeZone, forKey: Key("timeZone"))
        for section in sections {
            try container.encodeSection(section, forKey: Key(section.key))
        }
    }

    // MARK: Text

    /// The page as text: a heading, then each section's title and lines.
    public var text: String {
        var out =
            from == through
            ? "\(from.weekday.name) \(from.iso) (\(timeZone))\n"
            : "Week of \(from.iso) to \(through.iso) (\(timeZone))\n"
        for section in sections {
            out += "\n\(section.title)\n"
            for line in section.lines { out += "  \(line)\n" }
        }
        return out
    }
}

extension KeyedEncodingContainer {
    /// Encodes an existential value under `key`.
    mutating func encodeSection(_ value: any Encodable, forKey key: Key) throws {
        try value.encode(to: superEncoder(forKey: key))
    }
}
