import LifeCore

/// `InsightsSurface` as PDF operators on a `PDFCanvas`: the picture's units
/// (y down from the top) placed on the page (y up) by `origin` and `scale`.
/// Text is set in Helvetica (`PDFFont`) at the scaled size; an anchored
/// text is moved by its measured width, as SVG's `text-anchor` does.
struct PDFSurface: InsightsSurface {
    var canvas = PDFCanvas()
    /// Where the picture's (0, 0) lands on the page, in points.
    let originX: Double
    let originY: Double
    /// Points per unit of the picture.
    let scale: Double

    init(originX: Double, originY: Double, scale: Double) {
        self.originX = originX
        self.originY = originY
        self.scale = scale
    }

    func x(_ value: Double) -> Double { originX + value * scale }
    func y(_ value: Double) -> Double { originY - value * scale }

    mutating func text(_ content: String, x: Double, y: Double, size: Int, fill: String, anchor: TextAnchor) {
        let points = Double(size) * scale
        let width = PDFFont.helvetica.width(of: content, size: points)
        let start: Double =
            switch anchor {
            case .start: self.x(x)
            case .middle: self.x(x) - width / 2
            case .end: self.x(x) - width
            }
        canvas.setFillColor(hex: fill)
        canvas.text(content, x: start, y: self.y(y), font: .helvetica, size: points)
    }

    mutating func line(x1: Double, y1: Double, x2: Double, y2: Double, stroke: String, width: Double) {
        canvas.setStrokeColor(hex: stroke)
        canvas.setLineWidth(width * scale)
        canvas.move(to: x(x1), y(y1))
        canvas.line(to: x(x2), y(y2))
        canvas.stroke()
    }

    mutating func circle(x: Double, y: Double, radius: Double, fill: String) {
        canvas.setFillColor(hex: fill)
        canvas.circle(centerX: self.x(x), self.y(y), radius: radius * scale)
        canvas.fill()
    }

    mutating func rectangle(x: Double, y: Double, width: Double, height: Double, fill: String) {
        canvas.setFillColor(hex: fill)
        // PDF's rectangle starts at its bottom left corner.
        canvas.rectangle(self.x(x), self.y(y + height), width: width * scale, height: height * scale)
        canvas.fill()
    }

    mutating func polyline(_ runs: [[(x: Double, y: Double)]], stroke: String, width: Double) {
        canvas.setStrokeColor(hex: stroke)
        canvas.setLineWidth(width * scale)
        canvas.setLineJoin(.round)
        for run in runs {
            guard let first = run.first else { continue }
            canvas.move(to: x(first.x), y(first.y))
            for point in run.dropFirst() { canvas.line(to: x(point.x), y(point.y)) }
        }
        canvas.stroke()
    }
}
