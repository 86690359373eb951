// The gallery's captions fit their cells (SPEC WALK-6). The golden file is
// refreshed on purpose with
//
//     LIFECTL_UPDATE_GOLDEN=1 swift test --filter Golden
//
// and looked at (`rsvg-convert -o /tmp/x.png FILE`) before it is committed.

import Foundation
import Testing
import Walks

@Suite struct GalleryCaptionTests {
    /// 60 characters.
    static let longTitle = "The long way round from the old harbour past the lighthouses"

    static let entries = [
        GalleryTests.entry("long", longTitle, 10_000),
        GalleryTests.entry("b", "Fri 2 Oct 2010", 2_500),
        GalleryTests.entry("c", "Thu 1 Oct 2010", 100),
    ]

    /// Worked out by hand from Adobe's Helvetica Bold metrics: a slot is 240
    /// wide, less 4 on each side, so 232 / 13 px = 17.846 em, and a fifth of
    /// room is kept for DejaVu Sans: 14.872 em. "The long way round from the"
    /// is 13.724 em and "…" 1 em (14.724 em fits); the next character, a
    /// space (0.278 em), would make 15.002 em.
    static let cutTitle = "The long way round from the…"

    /// The title lines: every walk has a title then a subtitle text.
    static func titles(_ svg: String) throws -> [String] {
        let texts = try SVGScan.parse(svg).texts
        return stride(from: 0, to: texts.count, by: 2).map { texts[$0] }
    }

    @Test func aLongTitleIsCutToItsCellWithAnEllipsis() throws {
        #expect(Self.longTitle.count == 60)
        let (svg, _, _) = try GalleryTests.render(Self.entries, .svg)
        #expect(try Self.titles(svg) == [Self.cutTitle, "Fri 2 Oct 2010", "Thu 1 Oct 2010"])
        // The whole title stays, as the walk's tooltip.
        #expect(svg.contains("<g class=\"walk\">\n<title>\(Self.longTitle)</title>\n"))
        #expect(svg.components(separatedBy: "<title>").count == 3, "the document's title and the long one only")
    }

    @Test func htmlCutsTheSameWayAndKeepsTheWholeTitle() throws {
        let (html, _, _) = try GalleryTests.render(Self.entries, .html)
        #expect(
            html.contains(
                "<figcaption title=\"\(Self.longTitle)\"><strong>\(Self.cutTitle)</strong>subtitle of long</figcaption>"
            ))
        #expect(html.contains("<strong>Fri 2 Oct 2010</strong>"))
    }

    /// Wide characters count a full em each: 13 ideographs and "…" make
    /// 14 em, which fits in 14.872 em; 14 and "…" would make 15.
    @Test func wideScriptsAreCutToo() throws {
        let title = String(repeating: "散", count: 30)
        let (svg, _, _) = try GalleryTests.render([GalleryTests.entry("w", title, 1)], .svg)
        #expect(try Self.titles(svg) == [String(repeating: "散", count: 13) + "…"])
    }

    @Test func matchesGolden() throws {
        let (svg, _, _) = try GalleryTests.render(Self.entries, .svg)
        let url = DoodleSVGTests.goldenDirectory.appendingPathComponent("gallery-long-title.svg")
        if ProcessInfo.processInfo.environment["LIFECTL_UPDATE_GOLDEN"] == "1" {
            try Data(svg.utf8).write(to: url)
            return
        }
        #expect(try Data(contentsOf: url) == Data(svg.utf8), "gallery-long-title.svg differs; refresh on purpose")
    }
}
