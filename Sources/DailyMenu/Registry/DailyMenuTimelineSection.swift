import Foundation
import LifeCore
import LifeKernel

/// DailyMenu's part of a timeline page (docs/timeline.md).
public struct DailyMenuTimelineSection: TimelineSection, Equatable {
    public struct Ritual: Sendable, Encodable, Equatable {
        public let day: CivilDate
        public let time: String
        public let activity: String
        public let beforeMood: String?
        public let afterMood: String?
        public let feedback: String?
    }

    public let rituals: [Ritual]
    /// Warmth (0 … 1) on the span's last day, and its word.
    public let warmth: Double
    public let warmthLevel: String

    public var key: String { "dailymenu" }
    public var title: String { "DailyMenu" }

    public var lines: [String] {
        var lines: [String] = rituals.map { ritual in
            var line = "\(TimelineText.day(ritual.day)) \(ritual.time)  \(TimelineText.oneLine(ritual.activity))"
            let moods = [ritual.beforeMood, ritual.afterMood.map { "after: \($0)" }, ritual.feedback].compactMap { $0 }
            if !moods.isEmpty { line += " (\(moods.joined(separator: ", ")))" }
            return line
        }
        if rituals.isEmpty { lines.append("no rituals") }
        lines.append("warmth \(warmthLevel) (\(Format.fixed(warmth, decimals: 2)))")
        return lines
    }

    public var row: TimelinePictureRow? {
        TimelinePictureRow(
            label: "DailyMenu", color: "#c2185b", counts: Dictionary(rituals.map { ($0.day, 1) }, uniquingKeysWith: +))
    }

    public var headline: String? {
        "DailyMenu: \(Format.count(rituals.count, "ritual", "rituals")), warmth \(warmthLevel)"
    }

    enum CodingKeys: String, CodingKey { case rituals, warmth, warmthLevel }
}
