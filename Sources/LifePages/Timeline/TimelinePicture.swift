import Foundation
import LifeCore
import LifeKernel

/// The one-page summary picture of a `TimelinePage` (`lifectl week --svg`):
/// a pure renderer, value in, SVG text out, the same bytes for the same value.
///
/// A column per day of the span, a row per product that has one, a dot for
/// each thing that happened that day (a walk, a note planted or opening, a
/// milestone done, a ritual); below, each product's headline. Locked notes
/// are drawn by their unlock date only, never with words (no section holds any).
public enum TimelinePicture {
    static let columnWidth = 100
    static let rowHeight = 44
    static let left = 110
    static let top = 70

    public static func svg(_ page: TimelinePage) -> String {
        let days = page.from.days(until: page.through) + 1
        let rows = page.sections.compactMap(\.row)
        let lines = page.sections.compactMap(\.headline)
        let width = left + days * columnWidth + 20
        let gridBottom = top + rows.count * rowHeight
        let height = gridBottom + 30 + lines.count * 20 + 20
        var out = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)" font-family="Helvetica, Arial, sans-serif">
            <rect width="\(width)" height="\(height)" fill="#fafafa"/>
            <text x="20" y="32" font-size="20" font-weight="bold" fill="#212121">\(Markup.escaped(title(page)))</text>

            """
        for day in 0..<days {
            let date = page.from.adding(days: day)
            let x = left + day * columnWidth
            out +=
                "<text x=\"\(x + columnWidth / 2)\" y=\"\(top - 10)\" font-size=\"12\" text-anchor=\"middle\" fill=\"#616161\">\(date.weekday.name.prefix(3)) \(date.day)</text>\n"
        }
        for (index, row) in rows.enumerated() {
            let y = top + index * rowHeight
            out +=
                "<text x=\"20\" y=\"\(y + rowHeight / 2 + 4)\" font-size=\"13\" fill=\"\(row.color)\">\(Markup.escaped(row.label))</text>\n"
            out +=
                "<line x1=\"\(left)\" y1=\"\(y + rowHeight)\" x2=\"\(left + days * columnWidth)\" y2=\"\(y + rowHeight)\" stroke=\"#e0e0e0\"/>\n"
            for day in 0..<days {
                let count = row.counts[page.from.adding(days: day)] ?? 0
                for dot in 0..<min(count, 8) {
                    let cx = left + day * columnWidth + 14 + dot * 10
                    out += "<circle cx=\"\(cx)\" cy=\"\(y + rowHeight / 2)\" r=\"4\" fill=\"\(row.color)\"/>\n"
                }
            }
        }
        for (index, line) in lines.enumerated() {
            out +=
                "<text x=\"20\" y=\"\(gridBottom + 30 + index * 20)\" font-size=\"13\" fill=\"#212121\">\(Markup.escaped(line))</text>\n"
        }
        return out + "</svg>\n"
    }

    static func title(_ page: TimelinePage) -> String {
        page.from == page.through
            ? "\(page.from.weekday.name) \(page.from.iso)" : "\(page.from.iso) – \(page.through.iso)"
    }
}
