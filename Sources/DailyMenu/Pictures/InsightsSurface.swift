/// What the insights are drawn on (`InsightsDrawing`): the few primitives
/// the picture uses, in the picture's own units (y down, from the top). The
/// SVG file (`InsightsSVG`) and the mood report's PDF page
/// (`MoodReportPDF`) draw the same drawing, each primitive one to one: an
/// SVG element, a run of PDF operators.
protocol InsightsSurface {
    /// A line of text whose baseline starts (`start`), is centred on
    /// (`middle`) or ends at (`end`) `x`.
    mutating func text(_ content: String, x: Double, y: Double, size: Int, fill: String, anchor: TextAnchor)
    mutating func line(x1: Double, y1: Double, x2: Double, y2: Double, stroke: String, width: Double)
    mutating func circle(x: Double, y: Double, radius: Double, fill: String)
    mutating func rectangle(x: Double, y: Double, width: Double, height: Double, fill: String)
    /// Connected lines through each run of points, runs apart (a week with
    /// no mood breaks the line), round joins.
    mutating func polyline(_ runs: [[(x: Double, y: Double)]], stroke: String, width: Double)
}

/// Where a text's `x` is: its start, middle or end.
enum TextAnchor: String {
    case start, middle, end
}
