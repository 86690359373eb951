import LifeCore

/// The mood report (the seed's mood report for a therapist): one A4 page
/// to print or hand over, with the period, the moods noted in plain
/// counts, and the insights' drawing (`InsightsDrawing`, the same the SVG
/// shows) scaled to the page. Printed on white: the theme's ink and marks,
/// not its paper. Pure: the same insights give the same bytes.
public enum MoodReportPDF {
    static let margin = 48.0
    /// Where the drawing is cut from the top: its own title is replaced by the report's header.
    static let drawingTop = 80.0

    public static func render(_ insights: Insights, theme: ColourTheme?) -> [UInt8] {
        let palette = DailyMenuPalette.of(theme)
        let (width, height) = PDFDocument.a4
        let lines = summary(insights)
        // The drawing fills the width, or less when many categories would
        // take it below the footer.
        let top = height - 96 - 16 * Double(lines.count)
        let drawn = Double(InsightsDrawing.height(insights)) - drawingTop
        let scale = min((width - 2 * margin) / Double(InsightsDrawing.width), (top - 56) / drawn)
        var surface = PDFSurface(originX: margin, originY: top + drawingTop * scale, scale: scale)
        surface.canvas.setFillColor(hex: palette.ink)
        surface.canvas.text(DailyMenuVoice.moodReportTitle, x: margin, y: height - 72, font: .helveticaBold, size: 22)
        for (index, line) in lines.enumerated() {
            surface.canvas.text(
                PDFFont.helvetica.fitted(line, width: width - 2 * margin, size: 11), x: margin,
                y: height - 96 - 16 * Double(index), font: .helvetica, size: 11)
        }
        InsightsDrawing.draw(insights, palette: palette, on: &surface)
        surface.canvas.setFillColor(hex: palette.ink)
        surface.canvas.text(DailyMenuVoice.moodReportFooter, x: margin, y: 30, font: .helvetica, size: 9)
        let page = PDFDocument.Page(width: width, height: height, canvas: surface.canvas)
        return PDFDocument(
            title: DailyMenuVoice.documentTitle(DailyMenuVoice.moodReportTitle), pages: [page]
        ).bytes()
    }

    /// The header's lines under the title: the weeks covered, the rituals
    /// in them, the moods noted in all (counts per mood), and the scale.
    static func summary(_ insights: Insights) -> [String] {
        var lines: [String] = []
        if let first = insights.weeks.first, let last = insights.weeks.last {
            lines.append(
                DailyMenuVoice.moodReportPeriod(
                    weeks: insights.weeks.count, from: first.weekStart, to: last.weekStart,
                    rituals: insights.weeks.map(\.rituals).reduce(0, +)))
        }
        guard insights.hasMoods else { return lines + [DailyMenuVoice.noMoodYet] }
        func total(_ counts: KeyPath<CategoryMood, [Int]>, _ index: Int) -> Int {
            insights.categories.map { $0[keyPath: counts][index] }.reduce(0, +)
        }
        lines.append(
            DailyMenuVoice.moodReportCounts(
                DailyMenuVoice.beforeTitle,
                BeforeMood.allCases.enumerated().map { ($0.element.rawValue, total(\.before, $0.offset)) }))
        lines.append(
            DailyMenuVoice.moodReportCounts(
                DailyMenuVoice.afterTitle,
                AfterMood.allCases.enumerated().map { ($0.element.rawValue, total(\.after, $0.offset)) }))
        lines.append(DailyMenuVoice.moodReportScale)
        return lines
    }
}
