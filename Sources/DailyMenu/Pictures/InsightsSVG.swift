import LifeCore

/// The insights (FR34 and the mood insights of the seed): mood before and
/// after over the last 26 weeks, and per category. Weeks without a mood noted
/// leave a gap, not a zero: a skipped prompt is no mood. Pure: the insights
/// in, the bytes out.
public enum InsightsSVG {
    static let width = 680
    static let left = 120
    static let chartWidth = 520
    static let chartHeight = 90

    public static func render(_ insights: Insights, theme: ColourTheme?) -> String {
        let palette = DailyMenuPalette.of(theme)
        let shown = insights.categories
        let height = 110 + 2 * (chartHeight + 60) + 40 + shown.count * 28 + 50
        var svg = SVGText.header(
            width: width, height: height, title: DailyMenuVoice.documentTitle(DailyMenuVoice.insightsTitle),
            palette: palette)
        svg += SVGText.text(
            DailyMenuVoice.insightsTitle, x: Double(width) / 2, y: 48, size: 28, fill: palette.ink, anchor: "middle")
        var y = 110
        svg += chart(
            DailyMenuVoice.beforeTitle, labels: BeforeMood.allCases.reversed().map(\.rawValue),
            values: insights.weeks.map(\.meanBefore), low: 0, high: 2,
            top: y, colour: palette.mustard, palette: palette)
        y += chartHeight + 60
        svg += chart(
            DailyMenuVoice.afterTitle, labels: AfterMood.allCases.reversed().map(\.rawValue),
            values: insights.weeks.map(\.meanAfter), low: -1, high: 1,
            top: y, colour: palette.forest, palette: palette)
        if let first = insights.weeks.first, let last = insights.weeks.last {
            let axisY = Double(y + chartHeight + 20)
            svg += SVGText.text(
                DailyMenuVoice.weekOf(first.weekStart), x: Double(left), y: axisY, size: 11, fill: palette.ink)
            svg += SVGText.text(
                DailyMenuVoice.weekOf(last.weekStart), x: Double(left + chartWidth), y: axisY, size: 11,
                fill: palette.ink,
                anchor: "end")
        }
        y += chartHeight + 60
        svg += SVGText.text(DailyMenuVoice.afterPerCategory, x: 24, y: Double(y), size: 16, fill: palette.ink)
        y += 16
        let most = max(1, shown.map { $0.after.reduce(0, +) }.max() ?? 1)
        let colours = [palette.terracotta, palette.faint, palette.forest]
        for category in shown {
            svg += SVGText.text(category.name, x: 24, y: Double(y + 15), size: 13, fill: palette.ink)
            var x = Double(left)
            for (index, count) in category.after.enumerated() where count > 0 {
                let w = Double(count) / Double(most) * Double(chartWidth - 60)
                svg += "<rect x=\"\(SVGText.number(x))\" y=\"\(y + 3)\" width=\"\(SVGText.number(w))\" height=\"16\""
                svg += " fill=\"\(colours[index])\"/>\n"
                x += w
            }
            svg += SVGText.text(
                DailyMenuVoice.ratedOf(category.after.reduce(0, +), category.rituals), x: x + 8, y: Double(y + 15),
                size: 11,
                fill: palette.ink)
            y += 28
        }
        y += 14
        var legendX = Double(left)
        for (index, mood) in AfterMood.allCases.enumerated() {
            svg +=
                "<rect x=\"\(SVGText.number(legendX))\" y=\"\(y - 10)\" width=\"12\" height=\"12\" fill=\"\(colours[index])\"/>\n"
            svg += SVGText.text(mood.rawValue, x: legendX + 18, y: Double(y), size: 12, fill: palette.ink)
            legendX += 90
        }
        svg += "</svg>\n"
        return svg
    }

    /// A weekly line with its scale labels; a week with no value breaks the line.
    static func chart(
        _ title: String, labels: [String], values: [Double?], low: Double, high: Double, top: Int, colour: String,
        palette: DailyMenuPalette
    ) -> String {
        var svg = SVGText.text(title, x: 24, y: Double(top - 16), size: 16, fill: palette.ink)
        for (index, label) in labels.enumerated() {
            let y = Double(top) + Double(index) * Double(chartHeight) / Double(labels.count - 1)
            svg +=
                "<line x1=\"\(left)\" y1=\"\(SVGText.number(y))\" x2=\"\(left + chartWidth)\" y2=\"\(SVGText.number(y))\""
            svg += " stroke=\"\(palette.faint)\" stroke-width=\"1\"/>\n"
            svg += SVGText.text(label, x: Double(left - 8), y: y + 4, size: 11, fill: palette.ink, anchor: "end")
        }
        let step = Double(chartWidth) / Double(max(1, values.count - 1))
        var path = ""
        var pen = false
        for (index, value) in values.enumerated() {
            guard let value else {
                pen = false
                continue
            }
            let x = Double(left) + Double(index) * step
            let y = Double(top) + (high - value) / (high - low) * Double(chartHeight)
            path += (pen ? " L" : (path.isEmpty ? "M" : " M")) + "\(SVGText.number(x)) \(SVGText.number(y))"
            pen = true
            svg += "<circle cx=\"\(SVGText.number(x))\" cy=\"\(SVGText.number(y))\" r=\"3.5\" fill=\"\(colour)\"/>\n"
        }
        if !path.isEmpty {
            svg +=
                "<path d=\"\(path)\" fill=\"none\" stroke=\"\(colour)\" stroke-width=\"2.5\" stroke-linejoin=\"round\"/>\n"
        }
        return svg
    }
}
