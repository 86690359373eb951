import Foundation
import LifeCore
import LifeDB
import LifeKernel

extension HereafterProduct {
    /// Notes planted in the page's days, still locked and opening soon, and
    /// discovered in them: a locked note by its place and dates only.
    public func timelineSection(_ db: Database, request: TimelineRequest) throws -> (any TimelineSection)? {
        let store = HereafterSession(db, clock: .fixed(request.now))
        guard try store.profile() != nil else {
            return HereafterTimelineSection(planted: [], unlockingSoon: [], discovered: [])
        }
        func note(_ message: HereafterMessage) -> HereafterTimelineSection.Note {
            HereafterTimelineSection.Note(
                id: message.id.uuidString.lowercased(), place: message.placeLabel, plantedOn: message.plantedOn,
                unlockDate: message.unlockDate, text: message.content.text)
        }
        let span = request.span
        let messages = try store.messages().sorted {
            ($0.createdAt, $0.id.uuidString) < ($1.createdAt, $1.id.uuidString)
        }
        let soonEnd = span.upperBound.adding(days: HereafterTimelineSection.unlockingSoonDays)
        return HereafterTimelineSection(
            // Replies too: a reply is a note written in the span (a locked
            // one would otherwise show nowhere on the page).
            planted: messages.filter { span.contains($0.plantedOn) }.map(note),
            // In the order they open.
            unlockingSoon: messages.filter { message in
                guard message.content.isLocked, let unlock = message.unlockDate else { return false }
                return span.lowerBound <= unlock && unlock <= soonEnd
            }.sorted {
                ($0.unlockAt ?? .distantFuture, $0.createdAt, $0.id.uuidString)
                    < ($1.unlockAt ?? .distantFuture, $1.createdAt, $1.id.uuidString)
            }.map(note),
            discovered: messages.filter { message in
                guard let discovered = message.discoveredAt else { return false }
                return span.contains(request.day(of: discovered))
            }.map(note))
    }

    /// The unlock instants of notes still locked, place only, never a word
    /// (HA-3); and the anniversaries of discoveries to come (HA-8), at the
    /// start of the day, given when the owner is near. A muted kind has none.
    public func calendarEvents(_ db: Database, window: CalendarWindow) throws -> [CalendarEvent] {
        let store = HereafterSession(db, clock: .fixed(window.now))
        guard let profile = try store.profile() else { return [] }
        var events: [CalendarEvent] = []
        for message in try store.messages() {
            if !profile.muted.contains(.unlocks), message.content.isLocked, message.discoveredAt == nil,
                let unlockAt = message.unlockAt, unlockAt >= window.now, unlockAt < window.end
            {
                events.append(
                    CalendarEvent(
                        uid: "hereafter-\(message.id.uuidString.lowercased())@lifectl", start: unlockAt,
                        summary: "A Hereafter note unlocks", location: message.placeLabel))
            }
            if !profile.muted.contains(.anniversaries), message.unlockDate != nil, let found = message.discoveredAt {
                let foundOn = CivilDate.of(found, in: window.zone)
                var years = max(1, window.today.year - foundOn.year - 1)
                while true {
                    let day = foundOn.adding(years: years)
                    let start = day.startInstant(in: window.zone)
                    if start >= window.end { break }
                    let told = message.anniversaryNudgedAt.map { CivilDate.of($0, in: window.zone) >= day } ?? false
                    if start >= window.start && !told {
                        events.append(
                            CalendarEvent(
                                uid: "hereafter-anniversary-\(message.id.uuidString.lowercased())-\(years)@lifectl",
                                start: start, summary: HereafterHost.anniversarySummary(years: years),
                                location: message.placeLabel))
                    }
                    years += 1
                }
            }
        }
        return events
    }
}

/// Hereafter's part of a timeline page (docs/timeline.md). Locked notes
/// carry no words: `MessageContent.text` is nil until a note is discovered.
public struct HereafterTimelineSection: TimelineSection, Equatable {
    public struct Note: Sendable, Encodable, Equatable {
        public let id: String
        public let place: String
        public let plantedOn: CivilDate
        public let unlockDate: CivilDate?
        /// The words of a discovered note only.
        public let text: String?
    }

    /// How many days after the span a locked note still counts as "unlocking soon".
    public static let unlockingSoonDays = 7

    public let planted: [Note]
    /// Still locked, opening within the span or the week after it: never their words.
    public let unlockingSoon: [Note]
    public let discovered: [Note]

    public var key: String { "hereafter" }
    public var title: String { "Hereafter" }

    public var lines: [String] {
        if planted.isEmpty && unlockingSoon.isEmpty && discovered.isEmpty { return ["nothing"] }
        var lines: [String] = []
        for note in planted {
            lines.append(
                "planted \(TimelineText.day(note.plantedOn)) at \(TimelineText.oneLine(note.place))"
                    + (note.unlockDate.map { ", opens \($0.iso)" } ?? ""))
        }
        for note in unlockingSoon {
            lines.append(
                "unlocking \(note.unlockDate.map(TimelineText.day) ?? "") at \(TimelineText.oneLine(note.place)) (locked)"
            )
        }
        for note in discovered {
            lines.append(
                "discovered at \(TimelineText.oneLine(note.place)): \u{201C}\(TimelineText.oneLine(note.text ?? ""))\u{201D}"
            )
        }
        return lines
    }

    public var row: TimelinePictureRow? {
        var counts: [CivilDate: Int] = [:]
        for note in planted { counts[note.plantedOn, default: 0] += 1 }
        for note in unlockingSoon { if let day = note.unlockDate { counts[day, default: 0] += 1 } }
        return TimelinePictureRow(label: "Hereafter", color: "#6a1b9a", counts: counts)
    }

    public var headline: String? {
        "Hereafter: \(planted.count) planted, \(unlockingSoon.count) unlocking soon, \(discovered.count) discovered"
    }

    enum CodingKeys: String, CodingKey { case planted, unlockingSoon, discovered }
}
