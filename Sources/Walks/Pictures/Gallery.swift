import LifeCore
/// Every walk as a doodle in a grid (SPEC WALK-6), as one SVG document or one
/// self-contained HTML page (inline SVGs and style, no external assets).
///
/// The gallery is streamed: the layout is computed from the entries first,
/// then each walk's path is asked for once, in order, drawn, handed to
/// `write` and dropped, so memory holds one doodle at a time whatever the
/// number of walks (PERF-4: 1,000 walks far below 100 MB). The bytes are
/// deterministic, like a single doodle's. Titles and subtitles are escaped.
/// With no entries the document says there are no walks.
public enum Gallery {
    public enum Format: String, Sendable {
        case svg, html
    }

    /// - Throws: `LifeError` (exit 64) when `columns` is not 2 or 3; whatever
    ///   `path` or `write` throws, unchanged.
    public static func render(
        _ entries: [GalleryEntry], format: Format, columns: Int = 3,
        path: (Int) throws -> Track, write: (String) throws -> Void
    ) throws {
        let layout = try GalleryLayout(entries, columns: columns)
        switch format {
        case .svg: try renderSVG(entries, layout: layout, path: path, write: write)
        case .html: try renderHTML(entries, layout: layout, path: path, write: write)
        }
    }

    static func renderSVG(
        _ entries: [GalleryEntry], layout: GalleryLayout, path: (Int) throws -> Track, write: (String) throws -> Void
    ) throws {
        let width = number(layout.width)
        let height = number(layout.height)
        var head = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        head += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\""
        head += " viewBox=\"0 0 \(width) \(height)\">\n"
        head += "<title>Walks</title>\n"
        head += "<defs>\n" + DoodleSVG.grainFilter + "</defs>\n"
        head += "<style>\n"
        head += "text{font-family:Helvetica,Arial,sans-serif;fill:\(DoodleStyle.ink);text-anchor:middle}\n"
        head += ".title{font-size:\(Int(DoodleStyle.galleryTitleFontSize))px;font-weight:bold}\n"
        head += ".subtitle{font-size:\(Int(DoodleStyle.gallerySubtitleFontSize))px}\n"
        head += "</style>\n"
        head += "<rect width=\"\(width)\" height=\"\(height)\" fill=\"\(DoodleStyle.paper)\"/>\n"
        try write(head)
        if entries.isEmpty {
            try write(
                "<text class=\"title\" x=\"\(number(layout.width / 2))\" y=\"\(number(DoodleStyle.galleryPaddingY + DoodleStyle.galleryTitleBaseline))\">\(Markup.escaped(DoodleStyle.galleryEmptyText))</text>\n"
            )
        }
        for (index, entry) in entries.enumerated() {
            let cell = layout.cells[index]
            let caption = Caption(entry)
            var piece = "<g class=\"walk\">\n"
            // The whole title, where the caption had to cut it.
            if caption.title != entry.title { piece += "<title>\(Markup.escaped(entry.title))</title>\n" }
            piece += DoodleSVG.fragment(try path(index), seed: entry.id, x: cell.x, y: cell.y, size: cell.side)
            piece +=
                "<text class=\"title\" x=\"\(number(cell.captionX))\" y=\"\(number(cell.titleY))\">\(Markup.escaped(caption.title))</text>\n"
            piece +=
                "<text class=\"subtitle\" x=\"\(number(cell.captionX))\" y=\"\(number(cell.subtitleY))\">\(Markup.escaped(caption.subtitle))</text>\n"
            piece += "</g>\n"
            try write(piece)
        }
        try write("</svg>\n")
    }

    static func renderHTML(
        _ entries: [GalleryEntry], layout: GalleryLayout, path: (Int) throws -> Track, write: (String) throws -> Void
    ) throws {
        let slot = number(DoodleStyle.gallerySlot)
        var head = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        head += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        head += "<title>Walks</title>\n<style>\n"
        head +=
            "body{margin:0;padding:\(number(DoodleStyle.galleryPaddingY))px \(number(DoodleStyle.galleryPaddingX))px;"
        head += "font-family:-apple-system,Helvetica,Arial,sans-serif;color:\(DoodleStyle.ink);"
        head += "background:\(DoodleStyle.paper)}\n"
        head += "h1{font-size:24px}\n"
        head += ".gallery{display:grid;grid-template-columns:repeat(\(layout.columns),\(slot)px);"
        head += "gap:\(number(DoodleStyle.gallerySpacing))px;align-items:center}\n"
        head += "figure{margin:0;display:flex;flex-direction:column;align-items:center}\n"
        head += "figcaption{text-align:center;font-size:\(Int(DoodleStyle.gallerySubtitleFontSize))px;"
        head += "white-space:nowrap}\n"
        head += "figcaption strong{display:block;font-size:\(Int(DoodleStyle.galleryTitleFontSize))px}\n"
        head += "</style>\n</head>\n<body>\n<h1>Walks</h1>\n"
        // The grain filter, once for every inline doodle (they refer to it by id).
        head += "<svg width=\"0\" height=\"0\" style=\"position:absolute\" aria-hidden=\"true\">\n<defs>\n"
        head += DoodleSVG.grainFilter + "</defs>\n</svg>\n"
        head += entries.isEmpty ? "<p class=\"empty\">\(Markup.escaped(DoodleStyle.galleryEmptyText))</p>\n" : ""
        head += "<main class=\"gallery\">\n"
        try write(head)
        for (index, entry) in entries.enumerated() {
            let cell = layout.cells[index]
            let caption = Caption(entry)
            let side = number(cell.side)
            var piece = "<figure class=\"walk\">\n"
            piece += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(side)\" height=\"\(side)\""
            piece += " viewBox=\"0 0 \(side) \(side)\" role=\"img\" aria-label=\"\(Markup.escaped(entry.title))\">\n"
            piece += DoodleSVG.fragment(try path(index), seed: entry.id, x: 0, y: 0, size: cell.side)
            piece += "</svg>\n"
            piece +=
                "<figcaption title=\"\(Markup.escaped(entry.title))\"><strong>\(Markup.escaped(caption.title))</strong>"
                + "\(Markup.escaped(caption.subtitle))</figcaption>\n"
            piece += "</figure>\n"
            try write(piece)
        }
        try write("</main>\n</body>\n</html>\n")
    }

    /// A walk's caption lines, cut to fit its slot.
    struct Caption {
        var title: String
        var subtitle: String

        init(_ entry: GalleryEntry) {
            let width = DoodleStyle.gallerySlot - 2 * DoodleStyle.galleryCaptionMargin
            title = CaptionFit.fitted(entry.title, width: width, fontSize: DoodleStyle.galleryTitleFontSize)
            subtitle = CaptionFit.fitted(entry.subtitle, width: width, fontSize: DoodleStyle.gallerySubtitleFontSize)
        }
    }

    static func number(_ value: Double) -> String {
        SVGNumber.text(value, decimals: SVGNumber.coordinateDecimals)
    }

}
