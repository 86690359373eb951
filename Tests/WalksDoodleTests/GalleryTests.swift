import Foundation
import LifeCore
import Testing
import Walks

/// The gallery (SPEC WALK-6: every walk as a doodle in a 2–3-column grid whose
/// cell size follows the walk's distance). Layout figures are worked out by
/// hand from docs/walks-doodles.md: columns 240 wide, 8 apart, 16 of padding
/// across and 12 down; a doodle's side is 240 × √(distance ÷ longest), at
/// least 96 (0.4 × 240); a row is its largest doodle plus a 44-unit caption.
@Suite struct GalleryTests {
    static func entry(_ id: String, _ title: String, _ distance: Double) -> GalleryEntry {
        GalleryEntry(
            id: id, title: title, subtitle: "subtitle of \(id)", distanceMeters: distance, durationSeconds: 3600)
    }

    static let four = [
        entry("a", "Sat 3 Oct 2010", 10_000),  // the longest: 240
        entry("b", "Fri 2 Oct 2010", 2_500),  // √0.25 × 240 = 120
        entry("c", "Thu 1 Oct 2010", 100),  // √0.01 × 240 = 24, so the minimum 96
        entry("d", "Wed 30 Sep 2010", 0),  // 96
    ]

    /// Renders into one string, recording the paths asked for and the pieces written.
    static func render(
        _ entries: [GalleryEntry], _ format: Gallery.Format, columns: Int = 3
    ) throws -> (document: String, asked: [Int], pieces: Int) {
        var document = ""
        var asked: [Int] = []
        var pieces = 0
        try Gallery.render(
            entries, format: format, columns: columns,
            path: { index in
                asked.append(index)
                return index % 2 == 0 ? Shapes.loop : Shapes.outAndBack
            },
            write: {
                document += $0
                pieces += 1
            })
        return (document, asked, pieces)
    }

    /// The doodles' boxes: each filtered group's translate and its cell square.
    static func boxes(_ svg: String) throws -> [(x: Double, y: Double, side: Double)] {
        let elements = try SVGScan.parse(svg).elements
        var boxes: [(x: Double, y: Double, side: Double)] = []
        for (index, element) in elements.enumerated() where element.attributes["filter"] != nil {
            let transform = element.attributes["transform"] ?? ""
            let numbers = transform.dropFirst("translate(".count).dropLast().split(separator: " ").compactMap {
                Double($0)
            }
            let side = Double(elements[index + 1].attributes["width"] ?? "") ?? -1
            boxes.append((numbers.first ?? -1, numbers.last ?? -1, side))
        }
        return boxes
    }

    /// Row 1 (top 12, its largest doodle 240): a at slot 16 → (16, 12);
    /// b in slot 264 centred: x 264 + 60 = 324, y 12 + 60 = 72; c in slot 512:
    /// x 512 + 72 = 584, y 12 + 72 = 84. Row 2 starts at 12 + 240 + 44 + 8 =
    /// 304: d at (16 + 72, 304). Width 16 + 3 × 240 + 2 × 8 + 16 = 768; height
    /// 304 + 96 + 44 + 12 = 456.
    @Test func threeColumnsAndCellSizesFollowTheDistance() throws {
        let (svg, asked, pieces) = try Self.render(Self.four, .svg)
        let boxes = try Self.boxes(svg)
        #expect(boxes.map(\.side) == [240, 120, 96, 96])
        #expect(boxes.map(\.x) == [16, 324, 584, 88])
        #expect(boxes.map(\.y) == [12, 72, 84, 304])
        let root = try #require(try SVGScan.parse(svg).elements.first)
        #expect(root.attributes["width"] == "768.0")
        #expect(root.attributes["height"] == "456.0")
        #expect(asked == [0, 1, 2, 3], "each path once, in order")
        #expect(pieces == 6, "streamed: a head, one piece per walk, a tail")
    }

    /// Two columns: a and b on row 1, c and d on row 2 (top 304; largest 96):
    /// c at slot 16 → (88, 304), d at slot 264 → (336, 304). Width 16 + 2 ×
    /// 240 + 8 + 16 = 520.
    @Test func twoColumns() throws {
        let (svg, _, _) = try Self.render(Self.four, .svg, columns: 2)
        let boxes = try Self.boxes(svg)
        #expect(boxes.map(\.x) == [16, 324, 88, 336])
        #expect(boxes.map(\.y) == [12, 72, 304, 304])
        #expect(try SVGScan.parse(svg).elements.first?.attributes["width"] == "520.0")
    }

    /// Captions sit under their row, centred on the slot: title baseline 12 +
    /// 240 + 18 = 270 and subtitle 286 for row 1, at x 136, 384 and 632.
    @Test func captionsUnderTheRow() throws {
        let scan = try SVGScan.parse(try Self.render(Self.four, .svg).document)
        let titles = scan.named("text").filter { $0.attributes["class"] == "title" }
        #expect(titles.prefix(3).map { $0.attributes["x"] } == ["136.0", "384.0", "632.0"])
        #expect(titles.prefix(3).map { $0.attributes["y"] } == ["270.0", "270.0", "270.0"])
        #expect(scan.texts.prefix(2) == ["Sat 3 Oct 2010", "subtitle of a"])
    }

    @Test(arguments: [1, 4])
    func refusesOtherColumnCounts(columns: Int) {
        var asked = 0
        var written = ""
        #expect(throws: LifeError.self) {
            try Gallery.render(
                Self.four, format: .html, columns: columns,
                path: { _ in
                    asked += 1
                    return Shapes.loop
                }, write: { written += $0 })
        }
        #expect(asked == 0)
        #expect(written.isEmpty)
    }

    @Test func allDistancesZeroFillEverySlot() throws {
        let entries = [Self.entry("a", "A", 0), Self.entry("b", "B", 0)]
        #expect(try Self.boxes(Self.render(entries, .svg).document).map(\.side) == [240, 240])
    }

    @Test func htmlEscapesTitlesAndIsSelfContained() throws {
        let hostile = GalleryEntry(
            id: "x", title: "<script>alert(\"hi\")&'</script>", subtitle: "5.2 km · 1:02:13",
            distanceMeters: 5200, durationSeconds: 3733)
        let html = try Self.render([hostile, Self.entry("b", "B", 100)], .html).document
        #expect(html.hasPrefix("<!DOCTYPE html>\n"))
        #expect(!html.contains("<script"))
        #expect(html.contains("&lt;script&gt;alert(&quot;hi&quot;)&amp;&#39;&lt;/script&gt;"))
        #expect(html.contains("5.2 km · 1:02:13"))
        for external in ["src=", "href=", "<link", "@import", "https://"] {
            #expect(!html.contains(external), "\(external) would fetch something")
        }
        // The only URL is the SVG namespace, which is a name, not a fetch.
        #expect(
            html.components(separatedBy: "http").count - 1 == html.components(
                separatedBy: "xmlns=\"http://www.w3.org/2000/svg\""
            ).count - 1)
        #expect(html.components(separatedBy: "<figure").count - 1 == 2)
        // Each inline doodle is well-formed XML of the size its cell says: the
        // longest fills its slot, 240; B is 240 × √(100 / 5,200) = 33, so 96.
        let svgs = Self.inlineSVGs(html)
        #expect(svgs.count == 3)  // the shared filter and two doodles
        for svg in svgs { _ = try SVGScan.parse(svg) }
        #expect(
            svgs.dropFirst().map { try? SVGScan.parse($0).elements.first?.attributes["width"] } == ["240.0", "96.0"])
    }

    @Test func svgEscapesTitles() throws {
        let hostile = Self.entry("x", "<b>Tom & Jerry's \"walk\"</b>", 1000)
        let svg = try Self.render([hostile], .svg).document
        #expect(try SVGScan.parse(svg).texts.first == "<b>Tom & Jerry's \"walk\"</b>")
        #expect(!svg.contains("<b>"))
    }

    @Test(arguments: [Gallery.Format.svg, .html])
    func zeroEntriesSayThereAreNoWalks(format: Gallery.Format) throws {
        let (document, asked, _) = try Self.render([], format)
        #expect(asked.isEmpty)
        #expect(document.contains("No walks yet."))
        if format == .svg {
            let scan = try SVGScan.parse(document)
            #expect(scan.texts == ["No walks yet."])
            #expect(scan.named("path").isEmpty)
        } else {
            #expect(document.contains("<p class=\"empty\">No walks yet.</p>"))
            #expect(!document.contains("<figure"))
            #expect(document.hasSuffix("</html>\n"))
        }
    }

    /// One walk: the longest by definition, so it fills its slot, at the top left.
    @Test func oneEntry() throws {
        let (svg, asked, _) = try Self.render([Self.entry("only", "Only", 1234)], .svg)
        #expect(asked == [0])
        let boxes = try Self.boxes(svg)
        #expect(boxes.count == 1)
        #expect(boxes.first?.side == 240)
        #expect(boxes.first?.x == 16)
        #expect(boxes.first?.y == 12)
    }

    @Test(arguments: [Gallery.Format.svg, .html])
    func isDeterministic(format: Gallery.Format) throws {
        #expect(try Self.render(Self.four, format).document == Self.render(Self.four, format).document)
    }

    /// A walk keeps its look in the gallery: the fragment is the one its own
    /// doodle draws, at the cell's size.
    @Test func galleryDoodleIsTheWalksDoodle() throws {
        let svg = try Self.render([Self.entry("a", "A", 10)], .svg).document
        #expect(svg.contains(DoodleSVG.fragment(Shapes.loop, seed: "a", x: 16, y: 12, size: 240)))
    }

    @Test func pathErrorsPropagate() {
        struct Unreadable: Error {}
        #expect(throws: Unreadable.self) {
            try Gallery.render(Self.four, format: .svg, path: { _ in throw Unreadable() }, write: { _ in })
        }
    }

    /// The `<svg …>…</svg>` elements of an HTML page (none nest).
    static func inlineSVGs(_ html: String) -> [String] {
        var found: [String] = []
        var rest = html[...]
        while let start = rest.range(of: "<svg "),
            let end = rest.range(of: "</svg>", range: start.upperBound..<rest.endIndex)
        {
            found.append(String(rest[start.lowerBound..<end.upperBound]))
            rest = rest[end.upperBound...]
        }
        return found
    }
}
