import LifeCore

/// A walk's path as a pencil drawing (SPEC WALK-6): charcoal, a width that
/// swells and thins within 2–4 pt, opacities within 0.7–0.9, a paper grain,
/// north up, fitted to a square with padding.
///
/// The drawing is deterministic: every random choice comes from a SplitMix64
/// generator seeded by the walk's id, numbers have fixed decimals and no
/// locale, so the same path and id always give the same bytes. Each segment
/// is drawn on its own (no line across a gap) in two passes: the main pass,
/// then a lighter, thinner one that wanders half as far, which gives the
/// doubled line of a hand drawing (as rough.js does).
///
/// An empty path gives an empty sheet (a valid SVG with nothing drawn); a
/// single point, or a path whose points are all equal, gives a dot in the
/// middle. A one-point segment of a longer path is a dot where it lies.
public enum DoodleSVG {
    /// A standalone SVG document of `size`×`size` units.
    public static func render(_ path: Track, seed: String, size: Double = 512) -> String {
        let side = SVGNumber.text(size, decimals: SVGNumber.coordinateDecimals)
        var svg = SVGBytes(capacity: 24_576)
        svg.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        svg.append(string: "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(side)\" height=\"\(side)\"")
        svg.append(string: " viewBox=\"0 0 \(side) \(side)\">\n")
        svg.append("<title>Walk</title>\n")
        svg.append(string: "<defs>\n" + grainFilter + "</defs>\n")
        svg.append(string: "<rect width=\"\(side)\" height=\"\(side)\" fill=\"\(DoodleStyle.paper)\"/>\n")
        draw(path, seed: seed, x: 0, y: 0, size: size, into: &svg)
        svg.append("</svg>\n")
        return svg.text
    }

    /// The same drawing as a `<g>` placed with its top-left corner at (`x`,
    /// `y`), `size` units square, for galleries. It refers to the grain filter
    /// `#doodle-grain`, which the enclosing document defines once (`grainFilter`).
    public static func fragment(_ path: Track, seed: String, x: Double, y: Double, size: Double) -> String {
        var out = SVGBytes(capacity: 24_576)
        draw(path, seed: seed, x: x, y: y, size: size, into: &out)
        return out.text
    }

    /// Appends the fragment's bytes to `out`.
    static func draw(_ path: Track, seed: String, x: Double, y: Double, size: Double, into out: inout SVGBytes) {
        var random = SplitMix64(seed: seed)
        let projected = LocalProjection.project(path)
        let fit = PlaneFit(projected, width: size, height: size, inset: size * DoodleStyle.paddingRatio)
        let placed = fit.place(projected)

        out.append("<g transform=\"translate(")
        SVGNumber.append(x, decimals: SVGNumber.coordinateDecimals, to: &out)
        out.append(" ")
        SVGNumber.append(y, decimals: SVGNumber.coordinateDecimals, to: &out)
        out.append(string: ")\" filter=\"url(#\(DoodleStyle.grainFilterID))\">\n")
        // An unpainted square makes the group's bounding box, and so the
        // filter region, the whole cell: a straight east–west line would
        // otherwise have a box of no height and vanish under the filter.
        let side = SVGNumber.text(size, decimals: SVGNumber.coordinateDecimals)
        out.append(string: "<rect width=\"\(side)\" height=\"\(side)\" fill=\"none\"/>\n")
        out.append(
            string:
                "<g fill=\"none\" stroke=\"\(DoodleStyle.ink)\" stroke-linecap=\"round\" stroke-linejoin=\"round\">\n")

        let dots = strokes(placed, size: size, random: &random, into: &out)
        out.append("</g>\n")
        for dot in dots {
            out.append("<circle cx=\"")
            SVGNumber.append(dot.x, decimals: SVGNumber.coordinateDecimals, to: &out)
            out.append("\" cy=\"")
            SVGNumber.append(dot.y, decimals: SVGNumber.coordinateDecimals, to: &out)
            out.append("\" r=\"")
            SVGNumber.append(DoodleStyle.dotDiameter / 2, decimals: SVGNumber.styleDecimals, to: &out)
            out.append(string: "\" fill=\"\(DoodleStyle.ink)\" opacity=\"")
            SVGNumber.append(DoodleStyle.firstPassOpacity.upperBound, decimals: SVGNumber.styleDecimals, to: &out)
            out.append("\"/>\n")
        }
        out.append("</g>\n")
    }

    /// The pencil's two passes over each segment of `placed` (picture
    /// units), on `out`; answers the segments of no extent, drawn as dots
    /// by the caller. The same strokes for every canvas (SVG, PDF).
    static func strokes<Canvas: DoodleCanvas & ~Copyable>(
        _ placed: [[PlanePoint]], size: Double, random: inout SplitMix64, into out: inout Canvas
    ) -> [PlanePoint] {
        let main = PencilStroke(
            widthRange: DoodleStyle.firstPassWidth, opacityRange: DoodleStyle.firstPassOpacity,
            jitter: size * DoodleStyle.jitterRatio, step: size * DoodleStyle.stepRatio)
        var second = main
        second.widthRange = DoodleStyle.secondPassWidth
        second.opacityRange = DoodleStyle.secondPassOpacity
        second.jitter = main.jitter * DoodleStyle.secondPassJitterRatio

        var dots: [PlanePoint] = []
        for segment in placed {
            guard let first = segment.first else { continue }
            if segment.allSatisfy({ $0 == first }) {
                dots.append(first)
                continue
            }
            main.draw(segment, random: &random, into: &out)
            second.draw(segment, random: &random, into: &out)
        }
        return dots
    }

    /// The grain (SPEC WALK-6: a subtle texture): fractal noise whose alpha
    /// thins the ink in small specks, like graphite on paper tooth. The filter
    /// region is the doodle's cell (see `fragment`).
    public static let grainFilter: String = {
        var filter = "<filter id=\"\(DoodleStyle.grainFilterID)\" x=\"0\" y=\"0\" width=\"1\" height=\"1\">\n"
        filter += "<feTurbulence type=\"fractalNoise\" baseFrequency=\""
        filter += SVGNumber.text(DoodleStyle.grainFrequency, decimals: SVGNumber.styleDecimals)
        filter += "\" numOctaves=\"\(DoodleStyle.grainOctaves)\" seed=\"\(DoodleStyle.grainSeed)\" result=\"noise\"/>\n"
        filter += "<feColorMatrix in=\"noise\" type=\"matrix\" values=\"0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 "
        filter += DoodleStyle.grainAlphaMatrix + "\" result=\"tooth\"/>\n"
        filter += "<feComposite in=\"SourceGraphic\" in2=\"tooth\" operator=\"in\"/>\n"
        filter += "</filter>\n"
        return filter
    }()
}
