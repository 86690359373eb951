import Foundation
import LifeCore
import LifeDB
import LifeKernel

extension FiniteProduct {
    /// The life week holding the page's focus day, with its mark, or that
    /// Finite is not set up.
    public func timelineSection(_ db: Database, request: TimelineRequest) throws -> (any TimelineSection)? {
        let session = FiniteSession(db, clock: .fixed(request.now))
        guard let profile = try session.profile() else { return FiniteTimelineSection(week: nil) }
        let grid = profile.grid
        guard let index = grid.weekIndex(containing: request.focus), let status = grid.status(on: request.focus)
        else { return FiniteTimelineSection(week: nil) }
        let range = grid.weekRange(index: index)
        let mark = try session.mark(at: index)
        return FiniteTimelineSection(
            week: FiniteTimelineSection.Week(
                weekNumber: range.number, start: range.start, end: range.end, rating: mark?.rating.rawValue,
                ratingLabel: mark?.rating.label, phrase: mark?.phrase, weeksRemaining: status.weeksRemaining))
    }

    /// The daily note and the milestones of the window (FIN-7).
    public func calendarEvents(_ db: Database, window: CalendarWindow) throws -> [CalendarEvent] {
        let session = FiniteSession(db, clock: .fixed(window.now))
        guard try session.profile() != nil else { return [] }
        return try session.notifications(from: window.today, days: window.days).map { note in
            CalendarEvent(
                uid: "finite-\(note.kind.rawValue)-\(note.localDate.iso)-\(CalendarWindow.tag(note.body))@lifectl",
                start: note.fireAt, summary: note.title ?? "Finite \(note.kind.rawValue)", description: note.body)
        }
    }
}

/// Finite's part of a timeline page: the life week holding the day asked
/// for (docs/timeline.md), null in JSON when Finite is not set up.
public struct FiniteTimelineSection: TimelineSection, Equatable {
    public struct Week: Sendable, Encodable, Equatable {
        public let weekNumber: Int
        public let start: CivilDate
        public let end: CivilDate
        public let rating: Int?
        public let ratingLabel: String?
        public let phrase: String?
        public let weeksRemaining: Int
    }

    public let week: Week?

    public var key: String { "finite" }
    public var title: String { "Finite" }
    public var row: TimelinePictureRow? { nil }

    public var lines: [String] {
        guard let week else { return ["not set up"] }
        var line = "Week \(Format.grouped(week.weekNumber)) (\(week.start.iso) to \(week.end.iso))"
        if let label = week.ratingLabel {
            line += ": marked \(label)"
            if let phrase = week.phrase { line += ", \u{201C}\(TimelineText.oneLine(phrase))\u{201D}" }
        } else {
            line += ": not marked"
        }
        return [line, "\(Format.count(week.weeksRemaining, "week", "weeks")) remaining"]
    }

    public var headline: String? {
        guard let week else { return nil }
        var line =
            "Finite: week \(Format.grouped(week.weekNumber)), \(Format.grouped(week.weeksRemaining)) weeks remaining"
        if let label = week.ratingLabel { line += ", marked \(label)" }
        return line
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        if let week { try container.encode(week) } else { try container.encodeNil() }
    }
}
