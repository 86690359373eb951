import LifeCore

/// The small pieces every DailyMenu picture writes: escaped text and
/// locale-free numbers, so the bytes are the same on every machine.
enum SVGText {
    static func header(width: Int, height: Int, title: String, palette: DailyMenuPalette) -> String {
        var svg = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        svg += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\""
        svg += " viewBox=\"0 0 \(width) \(height)\" font-family=\"Georgia, 'Times New Roman', serif\">\n"
        svg += "<title>\(Markup.escaped(title))</title>\n"
        svg += "<rect width=\"\(width)\" height=\"\(height)\" fill=\"\(palette.paper)\"/>\n"
        return svg
    }

    static func text(
        _ content: String, x: Double, y: Double, size: Int, fill: String, anchor: String = "start",
        extra: String = ""
    ) -> String {
        "<text x=\"\(number(x))\" y=\"\(number(y))\" font-size=\"\(size)\" fill=\"\(fill)\" text-anchor=\"\(anchor)\"\(extra.isEmpty ? "" : " " + extra)>\(Markup.escaped(content))</text>\n"
    }

    /// One decimal at most: `12`, `12.5`.
    static func number(_ value: Double) -> String {
        let text = Format.fixed(value, decimals: 1)
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }
}
