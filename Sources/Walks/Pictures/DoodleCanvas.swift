/// Where a doodle's pencil strokes go (SPEC WALK-6): SVG text (`SVGBytes`)
/// or PDF operators (`DoodlePDFCanvas`), the same strokes for both. A pass
/// of the pencil is strokes (each with its opacity, composited as one), each
/// of short pieces (each with its width), each a polyline in picture units,
/// y down.
protocol DoodleCanvas: ~Copyable {
    mutating func beginStroke(opacity: Double)
    /// A piece's first point (`first`) or its next.
    mutating func piecePoint(x: Double, y: Double, first: Bool)
    mutating func endPiece(width: Double)
    mutating func endStroke()
}

extension SVGBytes: DoodleCanvas {
    mutating func beginStroke(opacity: Double) {
        append("<g opacity=\"")
        SVGNumber.append(opacity, decimals: SVGNumber.styleDecimals, to: &self)
        append("\">\n")
    }

    @inline(__always)
    mutating func piecePoint(x: Double, y: Double, first: Bool) {
        if first { append("<path d=\"") }
        append(first ? "M" : "L")
        SVGNumber.append(x, decimals: SVGNumber.coordinateDecimals, to: &self)
        append(" ")
        SVGNumber.append(y, decimals: SVGNumber.coordinateDecimals, to: &self)
    }

    mutating func endPiece(width: Double) {
        append("\" stroke-width=\"")
        SVGNumber.append(width, decimals: SVGNumber.styleDecimals, to: &self)
        append("\"/>\n")
    }

    mutating func endStroke() {
        append("</g>\n")
    }
}
