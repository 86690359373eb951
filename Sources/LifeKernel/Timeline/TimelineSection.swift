import Foundation
import LifeCore

/// What a product's part of a timeline page is asked for.
public struct TimelineRequest: Sendable {
    /// The days of the page, in the owner's zone.
    public let span: ClosedRange<CivilDate>
    /// The day asked for (Finite's life week is the one holding it).
    public let focus: CivilDate
    /// The owner's today.
    public let today: CivilDate
    public let now: Date
    /// The owner's zone, which decides which day an instant falls on.
    public let zone: TimeZone

    public init(span: ClosedRange<CivilDate>, focus: CivilDate, today: CivilDate, now: Date, zone: TimeZone) {
        self.span = span
        self.focus = focus
        self.today = today
        self.now = now
        self.zone = zone
    }

    /// The owner's local day of `instant`.
    public func day(of instant: Date) -> CivilDate { CivilDate.of(instant, in: zone) }
}

/// One product's part of a timeline page (`lifectl today`, `week`): a value
/// the product computed from its own rows, with no I/O left to do.
///
/// Encoded under `key` in the page's JSON (docs/timeline.md); printed as a
/// titled block of `lines`; drawn, when it has a `row`, as a row of dots in
/// the week's picture; summed up by its `headline` under the picture.
public protocol TimelineSection: Sendable, Encodable {
    /// The section's key in the page's JSON: `finite`, `walks`, `lifeTimer`.
    var key: String { get }
    /// The block's title in the text page: "Finite".
    var title: String { get }
    /// The block's lines, each on one line (any text a person wrote is made
    /// one line), without indentation.
    var lines: [String] { get }
    /// Its row of dots in the picture, if it has one.
    var row: TimelinePictureRow? { get }
    /// The one line under the picture, if any.
    var headline: String? { get }
}

/// A product's row of dots in the week's picture.
public struct TimelinePictureRow: Sendable, Equatable {
    public let label: String
    /// `#rrggbb`.
    public let color: String
    /// How many things happened on each day of the span, by day.
    public let counts: [CivilDate: Int]

    public init(label: String, color: String, counts: [CivilDate: Int]) {
        self.label = label
        self.color = color
        self.counts = counts
    }
}

/// The way every product writes a day and a text on a page's line.
public enum TimelineText {
    /// `Wed 2026-11-18`.
    public static func day(_ date: CivilDate) -> String { "\(date.weekday.name.prefix(3)) \(date.iso)" }

    /// Control characters and line breaks become spaces, so that a saved
    /// text is one line of the page.
    public static func oneLine(_ text: String) -> String {
        String(
            String.UnicodeScalarView(text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }))
    }
}
