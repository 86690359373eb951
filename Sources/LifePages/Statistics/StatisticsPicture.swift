import LifeCore
import LifeKernel

/// The one-page picture of a `StatisticsPage` (`lifectl stats --svg`): a
/// pure renderer, value in, SVG text out, the same bytes for the same value.
///
/// At the top, a strip per product of its active days week by week (the
/// last 52 weeks of the window at most) with its active days and return
/// rates; below, a panel per product: its figures in words, then its small
/// charts side by side.
public enum StatisticsPicture {
    static let width = 960
    static let margin = 20
    static let stripLeft = 130
    static let stripWidth = 468
    static let stripWeeks = 52
    static let chartWidth = 450
    static let chartHeight = 130
    static let lineHeight = 15
    static let ink = "#212121"
    static let quiet = "#757575"
    static let rule = "#e0e0e0"

    public static func svg(_ page: StatisticsPage) -> String {
        var body = ""
        var y = 84
        // Active days, week by week.
        body += text("Active days, week by week", x: margin, y: y, size: 13, weight: "bold")
        y += 10
        let mondays = weeks(page)
        for part in page.parts {
            body += activityRow(part, mondays: mondays, y: y)
            y += 22
        }
        if let first = mondays.first, let last = mondays.last {
            body += text(
                "a cell per week from \(first.iso) to the week of \(last.iso); the darker, the more days active",
                x: stripLeft, y: y + 8, size: 9, fill: quiet)
        }
        y += 30
        for part in page.parts {
            body += panel(part, units: page.units, y: &y)
        }
        if !page.empty.isEmpty {
            body += text("Nothing to count yet: \(page.empty.joined(separator: ", "))", x: margin, y: y + 6, size: 12)
            y += 20
        }
        let height = y + 10
        var out = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)" font-family="Helvetica, Arial, sans-serif">
            <rect width="\(width)" height="\(height)" fill="#fafafa"/>

            """
        out += text("Life statistics", x: margin, y: 36, size: 22, weight: "bold")
        out += text(
            "\(page.window) (\(page.timeZone)) \u{00B7} computed from this file only, never sent anywhere",
            x: margin, y: 58, size: 12, fill: quiet)
        return out + body + "</svg>\n"
    }

    /// The Mondays of the weeks the strips show: the window's last 52 weeks
    /// at most, from its first day (else the earliest active day) to today.
    static func weeks(_ page: StatisticsPage) -> [CivilDate] {
        let first = page.since ?? page.parts.compactMap(\.activity.firstActiveDay).min() ?? page.through
        return Array(StatisticsRequest.mondays(from: first, through: page.through).suffix(stripWeeks))
    }

    /// The width of a week's cell in the strips: at most 12.
    static func cellWidth(_ mondays: [CivilDate]) -> Int {
        mondays.isEmpty ? 0 : min(12, stripWidth / mondays.count)
    }

    /// A product's strip: a cell per week, darker the more days it was used.
    static func activityRow(_ part: StatisticsPage.Part, mondays: [CivilDate], y: Int) -> String {
        var out = text(part.section.title, x: margin, y: y + 13, size: 12, fill: part.section.color)
        let days = Set(part.section.activeDays)
        let cell = cellWidth(mondays)
        for (index, monday) in mondays.enumerated() {
            let count = (0..<7).filter { days.contains(monday.adding(days: $0)) }.count
            let x = stripLeft + index * cell
            if count == 0 {
                out +=
                    "<rect x=\"\(x)\" y=\"\(y + 3)\" width=\"\(max(1, cell - 2))\" height=\"12\" fill=\"none\" stroke=\"\(rule)\"/>\n"
            } else {
                // 1 day a week a light tint, 7 the full colour.
                let opacity = tenths(Double(3 + count) / 10)
                out +=
                    "<rect x=\"\(x)\" y=\"\(y + 3)\" width=\"\(max(1, cell - 2))\" height=\"12\" fill=\"\(part.section.color)\" fill-opacity=\"\(opacity)\"/>\n"
            }
        }
        out += text(compact(part.activity), x: stripLeft + stripWidth + 14, y: y + 13, size: 11)
        return out
    }

    /// "12 days · back within 7 d 80% · 30 d 100% · 90 d –"
    static func compact(_ activity: ActivitySummary) -> String {
        let rates = activity.returnRates.map { rate in
            "\(rate.days) d \(rate.rate.map(StatisticsText.percent) ?? "\u{2013}")"
        }
        return "\(Format.count(activity.activeDays, "day", "days")) \u{00B7} back within "
            + rates.joined(separator: " \u{00B7} ")
    }

    /// A product's panel: title, figures, charts; moves `y` below it.
    static func panel(_ part: StatisticsPage.Part, units: Units, y: inout Int) -> String {
        var out = "<line x1=\"\(margin)\" y1=\"\(y)\" x2=\"\(width - margin)\" y2=\"\(y)\" stroke=\"\(rule)\"/>\n"
        out += text(part.section.title, x: margin, y: y + 22, size: 15, weight: "bold", fill: part.section.color)
        y += 28
        for line in part.section.lines {
            y += lineHeight
            out += text(line, x: margin, y: y, size: 11)
        }
        y += 12
        let charts = part.section.charts.prefix(2)
        for (index, chart) in charts.enumerated() {
            out += draw(chart, x: margin + index * (chartWidth + 20), y: y)
        }
        y += charts.isEmpty ? 6 : chartHeight + 16
        return out
    }

    /// One chart in a box of `chartWidth` × `chartHeight` at (x, y).
    static func draw(_ chart: StatisticsChart, x: Int, y: Int) -> String {
        var out = text(chart.title, x: x, y: y + 12, size: 12, weight: "bold")
        let left = x + 44
        let right = x + chartWidth - 8
        // The title, then a row for the legend, then the plot.
        let top = y + 36
        let bottom = y + chartHeight - 16
        let values = chart.series.flatMap { $0.values.compactMap { $0 } }
        let topValue = chart.maximum ?? max(values.max() ?? 0, 0)
        let scale = topValue > 0 ? topValue : 1
        // The scale: its top and zero.
        out +=
            "<line x1=\"\(left)\" y1=\"\(top)\" x2=\"\(right)\" y2=\"\(top)\" stroke=\"\(rule)\" stroke-dasharray=\"3 3\"/>\n"
        out += "<line x1=\"\(left)\" y1=\"\(bottom)\" x2=\"\(right)\" y2=\"\(bottom)\" stroke=\"\(quiet)\"/>\n"
        out += text(scaleLabel(scale, chart), x: left - 4, y: top + 4, size: 9, fill: quiet, anchor: "end")
        out += text(chart.maximum == 1 ? "0%" : "0", x: left - 4, y: bottom + 3, size: 9, fill: quiet, anchor: "end")
        let count = chart.labels.count
        if let first = chart.labels.first {
            out += text(first, x: left, y: bottom + 12, size: 9, fill: quiet)
            if count > 1, let last = chart.labels.last {
                out += text(last, x: right, y: bottom + 12, size: 9, fill: quiet, anchor: "end")
            }
        }
        if chart.series.count > 1 {
            var legendX = left
            for series in chart.series {
                out += "<rect x=\"\(legendX)\" y=\"\(y + 18)\" width=\"8\" height=\"8\" fill=\"\(series.color)\"/>\n"
                out += text(series.name, x: legendX + 11, y: y + 26, size: 9)
                legendX += 24 + 6 * series.name.count
            }
        }
        guard count > 0 else { return out }
        let plotWidth = Double(right - left)
        let slot = plotWidth / Double(count)
        func yOf(_ value: Double) -> Double {
            Double(bottom) - min(max(value / scale, 0), 1) * Double(bottom - top)
        }
        switch chart.kind {
        case .bars:
            let barWidth = max(0.5, slot * 0.8 / Double(chart.series.count))
            for (seriesIndex, series) in chart.series.enumerated() {
                for (index, value) in series.values.enumerated() {
                    guard let value, value > 0 else { continue }
                    let barX = Double(left) + Double(index) * slot + slot * 0.1 + Double(seriesIndex) * barWidth
                    let barY = yOf(value)
                    out +=
                        "<rect x=\"\(tenths(barX))\" y=\"\(tenths(barY))\" width=\"\(tenths(barWidth))\" height=\"\(tenths(Double(bottom) - barY))\" fill=\"\(series.color)\"/>\n"
                }
            }
        case .lines:
            for series in chart.series {
                var run: [String] = []
                func flush() {
                    if run.count > 1 {
                        out +=
                            "<polyline points=\"\(run.joined(separator: " "))\" fill=\"none\" stroke=\"\(series.color)\" stroke-width=\"2\"/>\n"
                    }
                    run = []
                }
                for (index, value) in series.values.enumerated() {
                    guard let value else {
                        flush()
                        continue
                    }
                    let pointX = Double(left) + (Double(index) + 0.5) * slot
                    run.append("\(tenths(pointX)),\(tenths(yOf(value)))")
                    if count <= 60 {
                        out +=
                            "<circle cx=\"\(tenths(pointX))\" cy=\"\(tenths(yOf(value)))\" r=\"2\" fill=\"\(series.color)\"/>\n"
                    }
                }
                flush()
            }
        }
        return out
    }

    /// The top of the scale in words: "100%", "12 km", "3".
    static func scaleLabel(_ value: Double, _ chart: StatisticsChart) -> String {
        if chart.maximum == 1 && chart.unit == "%" { return "100%" }
        let number = tenths(value)
        return chart.unit.isEmpty ? number : "\(number) \(chart.unit)"
    }

    /// A number to a tenth, locale-free and without "-0": 12.34 → "12.3", 3.0 → "3".
    package static func tenths(_ value: Double) -> String {
        let scaled = Int((value * 10).rounded())
        let sign = scaled < 0 ? "-" : ""
        let magnitude = abs(scaled)
        return magnitude % 10 == 0 ? "\(sign)\(magnitude / 10)" : "\(sign)\(magnitude / 10).\(magnitude % 10)"
    }

    static func text(
        _ content: String, x: Int, y: Int, size: Int, weight: String? = nil, fill: String = ink,
        anchor: String? = nil
    ) -> String {
        var attributes = "x=\"\(x)\" y=\"\(y)\" font-size=\"\(size)\" fill=\"\(fill)\""
        if let weight { attributes += " font-weight=\"\(weight)\"" }
        if let anchor { attributes += " text-anchor=\"\(anchor)\"" }
        return "<text \(attributes)>\(Markup.escaped(TimelineText.oneLine(content)))</text>\n"
    }
}
