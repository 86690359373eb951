import LifeCore

/// The insights as an SVG file (`dailymenu insights --svg`): the drawing of
/// `InsightsDrawing` under its title. Pure: the insights in, the bytes out.
public enum InsightsSVG {
    public static func render(_ insights: Insights, theme: ColourTheme?) -> String {
        let palette = DailyMenuPalette.of(theme)
        let width = InsightsDrawing.width
        var surface = SVGSurface(
            svg: SVGText.header(
                width: width, height: InsightsDrawing.height(insights),
                title: DailyMenuVoice.documentTitle(DailyMenuVoice.insightsTitle), palette: palette))
        surface.text(
            DailyMenuVoice.insightsTitle, x: Double(width) / 2, y: 48, size: 28, fill: palette.ink, anchor: .middle)
        InsightsDrawing.draw(insights, palette: palette, on: &surface)
        return surface.svg + "</svg>\n"
    }
}
