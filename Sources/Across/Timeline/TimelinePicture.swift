import Foundation
import LifeCore

/// The one-page summary picture of a `Timeline` (`lifectl week --svg`): a
/// pure renderer, value in, SVG text out, the same bytes for the same value.
///
/// A column per day of the span, a row per product, a dot for each thing
/// that happened that day (a walk, a note planted or discovered, a
/// milestone done, a ritual); below, the week's headline lines. Locked notes
/// are drawn by their unlock date only, never with words (the value holds none).
public enum TimelinePicture {
    /// Product colours, one per row.
    static let rows: [(label: String, color: String)] = [
        ("Walks", "#2e7d32"), ("Hereafter", "#6a1b9a"), ("LifeTimer", "#ef6c00"), ("DailyMenu", "#c2185b"),
    ]

    static let columnWidth = 100
    static let rowHeight = 44
    static let left = 110
    static let top = 70

    public static func svg(_ timeline: Timeline) -> String {
        let days = timeline.from.days(until: timeline.through) + 1
        let width = left + days * columnWidth + 20
        let lines = headline(timeline)
        let gridBottom = top + rows.count * rowHeight
        let height = gridBottom + 30 + lines.count * 20 + 20
        var out = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)" font-family="Helvetica, Arial, sans-serif">
            <rect width="\(width)" height="\(height)" fill="#fafafa"/>
            <text x="20" y="32" font-size="20" font-weight="bold" fill="#212121">\(Markup.escaped(title(timeline)))</text>

            """
        for day in 0..<days {
            let date = timeline.from.adding(days: day)
            let x = left + day * columnWidth
            out +=
                "<text x=\"\(x + columnWidth / 2)\" y=\"\(top - 10)\" font-size=\"12\" text-anchor=\"middle\" fill=\"#616161\">\(date.weekday.name.prefix(3)) \(date.day)</text>\n"
        }
        for (row, item) in rows.enumerated() {
            let y = top + row * rowHeight
            out +=
                "<text x=\"20\" y=\"\(y + rowHeight / 2 + 4)\" font-size=\"13\" fill=\"\(item.color)\">\(item.label)</text>\n"
            out +=
                "<line x1=\"\(left)\" y1=\"\(y + rowHeight)\" x2=\"\(left + days * columnWidth)\" y2=\"\(y + rowHeight)\" stroke=\"#e0e0e0\"/>\n"
            for day in 0..<days {
                let count = counts(timeline, row: row, on: timeline.from.adding(days: day))
                for dot in 0..<min(count, 8) {
                    let cx = left + day * columnWidth + 14 + dot * 10
                    out += "<circle cx=\"\(cx)\" cy=\"\(y + rowHeight / 2)\" r=\"4\" fill=\"\(item.color)\"/>\n"
                }
            }
        }
        for (index, line) in lines.enumerated() {
            out +=
                "<text x=\"20\" y=\"\(gridBottom + 30 + index * 20)\" font-size=\"13\" fill=\"#212121\">\(Markup.escaped(line))</text>\n"
        }
        return out + "</svg>\n"
    }

    static func title(_ timeline: Timeline) -> String {
        timeline.from == timeline.through
            ? "\(timeline.from.weekday.name) \(timeline.from.iso)"
            : "\(timeline.from.iso) – \(timeline.through.iso)"
    }

    /// How many dots a product gets on one day.
    static func counts(_ timeline: Timeline, row: Int, on date: CivilDate) -> Int {
        switch row {
        case 0: timeline.walks.filter { $0.day == date }.count
        case 1:
            timeline.hereafter.planted.filter { $0.plantedOn == date }.count
                + timeline.hereafter.unlockingSoon.filter { $0.unlockDate == date }.count
        case 2: (timeline.lifeTimer?.milestonesDone ?? []).filter { $0.completedOn == date }.count
        default: timeline.dailyMenu.rituals.filter { $0.day == date }.count
        }
    }

    /// The few lines under the grid: Finite's week, the countdown, the totals.
    static func headline(_ timeline: Timeline) -> [String] {
        var lines: [String] = []
        if let week = timeline.finite {
            var line =
                "Finite: week \(Format.grouped(week.weekNumber)), \(Format.grouped(week.weeksRemaining)) weeks remaining"
            if let label = week.ratingLabel { line += ", marked \(label)" }
            lines.append(line)
        }
        let kilometres = timeline.walks.reduce(0) { $0 + $1.distanceMeters } / 1000
        lines.append(
            "Walks: \(Format.count(timeline.walks.count, "walk", "walks")), \(Format.fixed(kilometres, decimals: 1)) km"
        )
        lines.append(
            "Hereafter: \(timeline.hereafter.planted.count) planted, \(timeline.hereafter.unlockingSoon.count) unlocking soon, \(timeline.hereafter.discovered.count) discovered"
        )
        if let part = timeline.lifeTimer {
            var line = "LifeTimer: \(part.milestonesDone.count) milestones done, \(part.milestonesDue.count) due"
            if let left = part.daysLeft { line += ", \(Format.grouped(left)) days left" }
            lines.append(line)
        }
        lines.append(
            "DailyMenu: \(Format.count(timeline.dailyMenu.rituals.count, "ritual", "rituals")), warmth \(timeline.dailyMenu.warmthLevel)"
        )
        return lines
    }
}
