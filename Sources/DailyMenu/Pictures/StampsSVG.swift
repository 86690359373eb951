import LifeCore

/// The stamp collection (DM-7, FR41): each earned stamp as a hand-stamped
/// mark on paper — a perforated stamp edge, a double frame, the title and
/// the day, turned a few degrees and inked unevenly. Every irregularity comes
/// from SplitMix64 seeded by the stamp's kind, and the ink texture from an
/// feTurbulence filter with a seed of its own, so the same collection always
/// gives the same bytes. Only stamps earned are drawn: nothing counts what
/// is not there yet.
public enum StampsSVG {
    static let columns = 4
    static let cellWidth = 170
    static let cellHeight = 190
    static let margin = 30
    static let top = 90

    public static func render(_ stamps: [StampAward], theme: ColourTheme?) -> String {
        let palette = DailyMenuPalette.of(theme)
        let rows = max(1, (stamps.count + columns - 1) / columns)
        let width = 2 * margin + columns * cellWidth
        let height = top + rows * cellHeight + 30
        var svg = SVGText.header(
            width: width, height: height, title: DailyMenuVoice.documentTitle(DailyMenuVoice.stampsTitle),
            palette: palette)
        svg += SVGText.text(
            DailyMenuVoice.stampsTitle, x: Double(width) / 2, y: 54, size: 30, fill: palette.ink, anchor: "middle")
        if stamps.isEmpty {
            svg += SVGText.text(
                DailyMenuVoice.noStampsYet, x: Double(width) / 2, y: Double(top + 60), size: 15, fill: palette.ink,
                anchor: "middle", extra: "font-style=\"italic\"")
        }
        let inks = [palette.terracotta, palette.forest, palette.mustard, palette.ink]
        for (index, stamp) in stamps.enumerated() {
            var random = SplitMix64(seed: "dailymenu-stamp-\(stamp.kind.rawValue)")
            let kindIndex = StampKind.allCases.firstIndex(of: stamp.kind) ?? 0
            let ink = inks[kindIndex % inks.count]
            let cx = Double(margin + (index % columns) * cellWidth + cellWidth / 2)
            let cy = Double(top + (index / columns) * cellHeight + cellHeight / 2)
            let angle = (random.signed() * 7 * 10).rounded() / 10
            let dx = (random.signed() * 6).rounded()
            let dy = (random.signed() * 6).rounded()
            let seed = Int(random.next() % 1_000)
            let filter = "ink-\(stamp.kind.rawValue)"
            svg += "<filter id=\"\(filter)\" x=\"-10%\" y=\"-10%\" width=\"120%\" height=\"120%\">"
            svg += "<feTurbulence type=\"fractalNoise\" baseFrequency=\"0.8\" numOctaves=\"2\" seed=\"\(seed)\"/>"
            svg += "<feColorMatrix values=\"0 0 0 0 0  0 0 0 0 0  0 0 0 0 0  0 0 0 -1.6 1.25\"/>"
            svg += "<feComposite in=\"SourceGraphic\" operator=\"in\"/></filter>\n"
            let x = cx + dx
            let y = cy + dy
            svg +=
                "<g class=\"stamp\" transform=\"rotate(\(SVGText.number(angle)) \(SVGText.number(x)) \(SVGText.number(y)))\""
            svg += " filter=\"url(#\(filter))\" opacity=\"0.9\">\n"
            let w = 128.0
            let h = 150.0
            // Perforated edge: a dashed outline of round dots.
            svg +=
                "<rect x=\"\(SVGText.number(x - w / 2))\" y=\"\(SVGText.number(y - h / 2))\" width=\"\(SVGText.number(w))\""
            svg += " height=\"\(SVGText.number(h))\" fill=\"none\" stroke=\"\(ink)\" stroke-width=\"5\""
            svg += " stroke-dasharray=\"0.1 7\" stroke-linecap=\"round\"/>\n"
            svg += "<rect x=\"\(SVGText.number(x - w / 2 + 9))\" y=\"\(SVGText.number(y - h / 2 + 9))\""
            svg += " width=\"\(SVGText.number(w - 18))\" height=\"\(SVGText.number(h - 18))\" rx=\"3\" fill=\"none\""
            svg += " stroke=\"\(ink)\" stroke-width=\"2.5\"/>\n"
            svg += "<rect x=\"\(SVGText.number(x - w / 2 + 14))\" y=\"\(SVGText.number(y - h / 2 + 14))\""
            svg += " width=\"\(SVGText.number(w - 28))\" height=\"\(SVGText.number(h - 28))\" fill=\"none\""
            svg += " stroke=\"\(ink)\" stroke-width=\"1\"/>\n"
            // A sun of short rays in the middle: the same for every stamp, as a postmark would be.
            svg += "<circle cx=\"\(SVGText.number(x))\" cy=\"\(SVGText.number(y - 14))\" r=\"18\" fill=\"none\""
            svg += " stroke=\"\(ink)\" stroke-width=\"2\"/>\n"
            svg += "<circle cx=\"\(SVGText.number(x))\" cy=\"\(SVGText.number(y - 14))\" r=\"7\" fill=\"\(ink)\"/>\n"
            let words = stamp.kind.title.uppercased().split(separator: " ").map(String.init)
            let lines = words.count > 2 ? [words.dropLast().joined(separator: " "), words.last ?? ""] : words
            for (line, word) in lines.enumerated() {
                svg += SVGText.text(
                    word, x: x, y: y + 26 + Double(line) * 15, size: 12, fill: ink, anchor: "middle",
                    extra: "font-weight=\"bold\" letter-spacing=\"1\"")
            }
            svg += SVGText.text(stamp.date.iso, x: x, y: y + h / 2 - 22, size: 11, fill: ink, anchor: "middle")
            svg += "</g>\n"
        }
        svg += "</svg>\n"
        return svg
    }
}
