import LifeCore

/// The doodle's strokes as PDF operators (`DoodleCanvas`): each stroke a
/// transparency group painted with its opacity (SVG's `<g opacity>`), each
/// piece a polyline stroked at its width. Picture units, y down: the caller
/// sets the transformation that places the square on the page.
struct DoodlePDFCanvas: DoodleCanvas {
    var pdf: PDFCanvas
    /// The square's side, in picture units: every group's bounds.
    let size: Double
    private var opacity = 1.0
    private var points: [(x: Double, y: Double)] = []

    init(pdf: PDFCanvas, size: Double) {
        self.pdf = pdf
        self.size = size
    }

    mutating func beginStroke(opacity: Double) {
        self.opacity = opacity
        pdf.beginGroup()
    }

    mutating func piecePoint(x: Double, y: Double, first: Bool) {
        if first { points.removeAll(keepingCapacity: true) }
        points.append((x, y))
    }

    mutating func endPiece(width: Double) {
        // PDF sets the width before the path is built (no state change inside a path).
        pdf.setLineWidth(width)
        for (index, point) in points.enumerated() {
            if index == 0 { pdf.move(to: point.x, point.y) } else { pdf.line(to: point.x, point.y) }
        }
        pdf.stroke()
    }

    mutating func endStroke() {
        pdf.endGroup(opacity: opacity, bounds: (0, 0, size, size))
    }
}
