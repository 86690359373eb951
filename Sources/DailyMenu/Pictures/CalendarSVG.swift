import LifeCore

/// The month sheet (DM-8): a calendar page with a round mark on each day
/// with rituals — terracotta completed, forest mood lifted, mustard several
/// (with the count) — in the owner's theme. Pure: the month in, the bytes out.
public enum CalendarSVG {
    static let cellWidth = 72
    static let cellHeight = 64
    static let left = 28
    static let top = 112

    public static func render(_ month: CalendarMonth) -> String {
        let palette = DailyMenuPalette.of(month.theme)
        let firstColumn = (month.days.first?.date.weekday.rawValue ?? 1) - 1
        let rows = (firstColumn + month.days.count + 6) / 7
        let width = 2 * left + 7 * cellWidth
        let height = top + rows * cellHeight + 84
        var svg = SVGText.header(
            width: width, height: height, title: DailyMenuVoice.documentTitle(month.title), palette: palette)
        svg += SVGText.text(
            month.title, x: Double(width) / 2, y: 52, size: 30, fill: palette.ink, anchor: "middle")
        if let filter = month.filterLine {
            svg += SVGText.text(
                filter, x: Double(width) / 2, y: 78, size: 14, fill: palette.ink, anchor: "middle",
                extra: "font-style=\"italic\"")
        }
        for weekday in Weekday.allCases {
            let x = Double(left + (weekday.rawValue - 1) * cellWidth + cellWidth / 2)
            svg += SVGText.text(
                String(weekday.name.prefix(3)), x: x, y: Double(top - 14), size: 13, fill: palette.ink,
                anchor: "middle", extra: "opacity=\"0.7\"")
        }
        for (index, day) in month.days.enumerated() {
            let cell = firstColumn + index
            let x = left + (cell % 7) * cellWidth
            let y = top + (cell / 7) * cellHeight
            svg += "<rect x=\"\(x + 3)\" y=\"\(y + 3)\" width=\"\(cellWidth - 6)\" height=\"\(cellHeight - 6)\""
            svg += " rx=\"8\" fill=\"none\" stroke=\"\(palette.faint)\""
            svg += day.date == month.today ? " stroke-width=\"2.5\"/>\n" : " stroke-width=\"1\"/>\n"
            svg += SVGText.text(
                "\(day.date.day)", x: Double(x + 10), y: Double(y + 21), size: 13, fill: palette.ink)
            guard let mark = day.mark else { continue }
            let colour =
                switch mark {
                case .completed: palette.terracotta
                case .moodImproved: palette.forest
                case .several: palette.mustard
                }
            let cx = x + cellWidth / 2 + 8
            let cy = y + cellHeight / 2 + 6
            svg += "<circle class=\"\(mark.rawValue)\" cx=\"\(cx)\" cy=\"\(cy)\" r=\"14\" fill=\"\(colour)\"/>\n"
            if day.rituals > 1 {
                svg += SVGText.text(
                    "\(day.rituals)", x: Double(cx), y: Double(cy + 5), size: 13, fill: palette.paper, anchor: "middle",
                    extra: "font-weight=\"bold\"")
            }
        }
        // The legend and the month's count.
        let legendY = top + rows * cellHeight + 30
        var x = Double(left + 10)
        for mark in [CalendarMark.completed, .moodImproved, .several] {
            let colour =
                switch mark {
                case .completed: palette.terracotta
                case .moodImproved: palette.forest
                case .several: palette.mustard
                }
            svg += "<circle cx=\"\(SVGText.number(x))\" cy=\"\(legendY - 5)\" r=\"7\" fill=\"\(colour)\"/>\n"
            svg += SVGText.text(
                DailyMenuVoice.markName(mark), x: x + 14, y: Double(legendY), size: 13, fill: palette.ink)
            x += 150
        }
        let rituals = month.days.reduce(0) { $0 + $1.rituals }
        let days = month.days.filter { $0.rituals > 0 }.count
        svg += SVGText.text(
            DailyMenuVoice.monthSummary(rituals: rituals, days: days, filtered: month.filterLine != nil),
            x: Double(left + 10), y: Double(legendY + 28),
            size: 13, fill: palette.ink, extra: "font-style=\"italic\"")
        svg += "</svg>\n"
        return svg
    }
}
