/// `InsightsSurface` as SVG elements, one per primitive.
struct SVGSurface: InsightsSurface {
    var svg: String

    mutating func text(_ content: String, x: Double, y: Double, size: Int, fill: String, anchor: TextAnchor) {
        svg += SVGText.text(content, x: x, y: y, size: size, fill: fill, anchor: anchor.rawValue)
    }

    mutating func line(x1: Double, y1: Double, x2: Double, y2: Double, stroke: String, width: Double) {
        svg +=
            "<line x1=\"\(SVGText.number(x1))\" y1=\"\(SVGText.number(y1))\" x2=\"\(SVGText.number(x2))\" y2=\"\(SVGText.number(y2))\""
        svg += " stroke=\"\(stroke)\" stroke-width=\"\(SVGText.number(width))\"/>\n"
    }

    mutating func circle(x: Double, y: Double, radius: Double, fill: String) {
        svg +=
            "<circle cx=\"\(SVGText.number(x))\" cy=\"\(SVGText.number(y))\" r=\"\(SVGText.number(radius))\" fill=\"\(fill)\"/>\n"
    }

    mutating func rectangle(x: Double, y: Double, width: Double, height: Double, fill: String) {
        svg +=
            "<rect x=\"\(SVGText.number(x))\" y=\"\(SVGText.number(y))\" width=\"\(SVGText.number(width))\" height=\"\(SVGText.number(height))\""
        svg += " fill=\"\(fill)\"/>\n"
    }

    mutating func polyline(_ runs: [[(x: Double, y: Double)]], stroke: String, width: Double) {
        var path = ""
        for run in runs {
            for (index, point) in run.enumerated() {
                path +=
                    (index > 0 ? " L" : (path.isEmpty ? "M" : " M"))
                    + "\(SVGText.number(point.x)) \(SVGText.number(point.y))"
            }
        }
        svg +=
            "<path d=\"\(path)\" fill=\"none\" stroke=\"\(stroke)\" stroke-width=\"\(SVGText.number(width))\" stroke-linejoin=\"round\"/>\n"
    }
}
