import LifeCore

/// The insights as a drawing (FR34, the seed's mood insights): mood before
/// and after over the last 26 weeks, and the after-moods per category.
/// Weeks without a mood noted leave a gap, not a zero: a skipped prompt is
/// no mood. Pure: it only calls `surface`, in the picture's units (680 wide,
/// y down); `InsightsSVG` writes them as an SVG file, `MoodReportPDF` on a
/// PDF page.
enum InsightsDrawing {
    static let width = 680
    static let left = 120
    static let chartWidth = 520
    static let chartHeight = 90

    /// The drawing's height for `insights`, from its top.
    static func height(_ insights: Insights) -> Int {
        110 + 2 * (chartHeight + 60) + 40 + insights.categories.count * 28 + 50
    }

    /// Draws everything below the title (which starts at 110 from the top).
    static func draw<Surface: InsightsSurface>(
        _ insights: Insights, palette: DailyMenuPalette, on surface: inout Surface
    ) {
        let shown = insights.categories
        var y = 110
        chart(
            DailyMenuVoice.beforeTitle, labels: BeforeMood.allCases.reversed().map(\.rawValue),
            values: insights.weeks.map(\.meanBefore), low: 0, high: 2, top: y, colour: palette.mustard,
            palette: palette, on: &surface)
        y += chartHeight + 60
        chart(
            DailyMenuVoice.afterTitle, labels: AfterMood.allCases.reversed().map(\.rawValue),
            values: insights.weeks.map(\.meanAfter), low: -1, high: 1, top: y, colour: palette.forest,
            palette: palette, on: &surface)
        if let first = insights.weeks.first, let last = insights.weeks.last {
            let axisY = Double(y + chartHeight + 20)
            surface.text(
                DailyMenuVoice.weekOf(first.weekStart), x: Double(left), y: axisY, size: 11, fill: palette.ink,
                anchor: .start)
            surface.text(
                DailyMenuVoice.weekOf(last.weekStart), x: Double(left + chartWidth), y: axisY, size: 11,
                fill: palette.ink, anchor: .end)
        }
        y += chartHeight + 60
        surface.text(DailyMenuVoice.afterPerCategory, x: 24, y: Double(y), size: 16, fill: palette.ink, anchor: .start)
        y += 16
        let most = max(1, shown.map { $0.after.reduce(0, +) }.max() ?? 1)
        let colours = [palette.terracotta, palette.faint, palette.forest]
        for category in shown {
            surface.text(category.name, x: 24, y: Double(y + 15), size: 13, fill: palette.ink, anchor: .start)
            var x = Double(left)
            for (index, count) in category.after.enumerated() where count > 0 {
                let w = Double(count) / Double(most) * Double(chartWidth - 60)
                surface.rectangle(x: x, y: Double(y + 3), width: w, height: 16, fill: colours[index])
                x += w
            }
            surface.text(
                DailyMenuVoice.ratedOf(category.after.reduce(0, +), category.rituals), x: x + 8, y: Double(y + 15),
                size: 11, fill: palette.ink, anchor: .start)
            y += 28
        }
        y += 14
        var legendX = Double(left)
        for (index, mood) in AfterMood.allCases.enumerated() {
            surface.rectangle(x: legendX, y: Double(y - 10), width: 12, height: 12, fill: colours[index])
            surface.text(mood.rawValue, x: legendX + 18, y: Double(y), size: 12, fill: palette.ink, anchor: .start)
            legendX += 90
        }
    }

    /// A weekly line with its scale labels; a week with no value breaks the line.
    static func chart<Surface: InsightsSurface>(
        _ title: String, labels: [String], values: [Double?], low: Double, high: Double, top: Int, colour: String,
        palette: DailyMenuPalette, on surface: inout Surface
    ) {
        surface.text(title, x: 24, y: Double(top - 16), size: 16, fill: palette.ink, anchor: .start)
        for (index, label) in labels.enumerated() {
            let y = Double(top) + Double(index) * Double(chartHeight) / Double(labels.count - 1)
            surface.line(x1: Double(left), y1: y, x2: Double(left + chartWidth), y2: y, stroke: palette.faint, width: 1)
            surface.text(label, x: Double(left - 8), y: y + 4, size: 11, fill: palette.ink, anchor: .end)
        }
        let step = Double(chartWidth) / Double(max(1, values.count - 1))
        var runs: [[(x: Double, y: Double)]] = []
        var pen = false
        for (index, value) in values.enumerated() {
            guard let value else {
                pen = false
                continue
            }
            let x = Double(left) + Double(index) * step
            let y = Double(top) + (high - value) / (high - low) * Double(chartHeight)
            if pen { runs[runs.count - 1].append((x, y)) } else { runs.append([(x, y)]) }
            pen = true
            surface.circle(x: x, y: y, radius: 3.5, fill: colour)
        }
        if !runs.isEmpty { surface.polyline(runs, stroke: colour, width: 2.5) }
    }
}
