import Foundation
import LifeCore
import LifeDB
import LifeKernel

/// The owner's life statistics across the products (`lifectl stats`, SPEC
/// STAT-1; docs/stats.md): each product's figures, computed by the product
/// from its own rows, with the active days and return rates the kernel works
/// out from the days each product reports, all read in one snapshot. Nothing
/// here is sent anywhere: it is a value for the owner's screen.
public struct StatisticsPage: Sendable, Encodable {
    /// One product's part: its section and its activity.
    public struct Part: Sendable, Encodable {
        public let section: any StatisticsSection
        public let activity: ActivitySummary

        public init(section: any StatisticsSection, activity: ActivitySummary) {
            self.section = section
            self.activity = activity
        }

        enum Key: String, CodingKey { case activity }

        /// The section's own keys with `activity` beside them.
        public func encode(to encoder: Encoder) throws {
            try section.encode(to: encoder)
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(activity, forKey: .activity)
        }
    }

    /// The first day counted, when the owner gave one.
    public let since: CivilDate?
    /// The owner's today, the last day counted.
    public let through: CivilDate
    public let timeZone: String
    public let units: Units
    public let parts: [Part]
    /// The products asked for that hold nothing to count (not set up, no account).
    public let empty: [String]

    public init(
        since: CivilDate?, through: CivilDate, timeZone: String, units: Units, parts: [Part], empty: [String] = []
    ) {
        self.since = since
        self.through = through
        self.timeZone = timeZone
        self.units = units
        self.parts = parts
        self.empty = empty
    }

    /// The names `product` may take: every product but the kernel's own.
    public static func productNames(_ registry: ProductRegistry) -> [String] {
        registry.products.map(\.name).filter { $0 != CoreProduct.productName }
    }

    /// Reads the page: every product, or only `product`; from `since` (nil:
    /// everything) to the owner's today.
    public static func read(
        _ reader: any DatabaseReader, registry: ProductRegistry, clock: Clock, since: CivilDate?, product: String?
    ) throws -> StatisticsPage {
        let names = productNames(registry)
        if let product, !names.contains(product) {
            throw LifeError.invalid(
                field: "product",
                "product is '\(TerminalText.echoed(product))'; it must be one of \(names.joined(separator: ", "))")
        }
        return try reader.read { db in
            let owner = Owner(db)
            let zone = try owner.timeZone()
            let now = clock.now()
            let today = CivilDate.of(now, in: zone)
            if let since, since > today {
                throw LifeError.invalid(field: "since", "since is \(since.iso), after today (\(today.iso))")
            }
            let request = StatisticsRequest(
                since: since, today: today, now: now, zone: zone, units: try owner.settings().units)
            var parts: [Part] = []
            var empty: [String] = []
            for entry in registry.products where names.contains(entry.name) && (product ?? entry.name) == entry.name {
                if let section = try entry.statistics(db, request: request) {
                    parts.append(
                        Part(section: section, activity: ActivitySummary(days: section.activeDays, request: request)))
                } else {
                    empty.append(entry.name)
                }
            }
            return StatisticsPage(
                since: since, through: today, timeZone: try owner.timeZoneName(), units: request.units, parts: parts,
                empty: empty)
        }
    }

    // MARK: JSON: since, through, timeZone, units, then each product under its key

    typealias Key = SectionKey

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encodeIfPresent(since, forKey: Key("since"))
        try container.encode(through, forKey: Key("through"))
        try container.encode(timeZone, forKey: Key("timeZone"))
        try container.encode(units, forKey: Key("units"))
        for part in parts {
            try container.encodeSection(part, forKey: Key(part.section.key))
        }
    }

    // MARK: Text

    /// "2026-01-01 to 2026-11-22", or "to 2026-11-22" for everything.
    public var window: String {
        since.map { "\($0.iso) to \(through.iso)" } ?? "everything to \(through.iso)"
    }

    /// The page as text: a heading, then each product's title, figures and activity.
    public var text: String {
        var out = "Life statistics, \(window) (\(timeZone)): from this file only, never sent anywhere.\n"
        for part in parts {
            out += "\n\(part.section.title)\n"
            for line in part.section.lines + [part.activity.line] { out += "  \(line)\n" }
        }
        if !empty.isEmpty { out += "\nNothing to count yet: \(empty.joined(separator: ", "))\n" }
        return out
    }
}
