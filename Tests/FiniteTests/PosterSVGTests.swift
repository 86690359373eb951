// Golden files for the poster (SPEC FIN-9). After a deliberate change to the
// picture, refresh them with:
//
//     LIFECTL_UPDATE_GOLDEN=1 swift test --filter PosterSVGTests
//
// and review the diff of Tests/FiniteTests/Golden/ before committing it.

import Finite
import Foundation
import LifeCore
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

@Suite struct PosterSVGTests {
    typealias F = PureFixture

    /// The spec's worked example (born 1990-05-14, today 2026-11-22, L = 80:
    /// current index 1899) with a handful of marks.
    static let marks = [
        F.mark(0, .great),  // the first week
        F.mark(520, .good),  // the tenth birthday's week
        F.mark(1000, .awful),
        F.mark(1500, .okay),
        F.mark(1898, .hard),  // last week
        F.mark(1899, .good),  // the current week, already marked
        F.mark(2000, .great),  // a future week: never drawn
    ]

    static func picture(_ mode: ViewMode) -> GridPicture {
        GridPicture(status: F.status("1990-05-14", 80, today: "2026-11-22"), marks: marks, mode: mode)
    }

    static let goldenDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Golden")

    @Test(arguments: [(ViewMode.color, "poster-1990-05-14.svg"), (.bw, "poster-1990-05-14-bw.svg")])
    func matchesGolden(mode: ViewMode, file: String) throws {
        try Self.expectGolden(PosterSVG.render(Self.picture(mode)), file: file)
    }

    /// `svg` is the golden file's bytes, or becomes them with LIFECTL_UPDATE_GOLDEN=1.
    static func expectGolden(_ svg: String, file: String) throws {
        let url = goldenDirectory.appendingPathComponent(file)
        if ProcessInfo.processInfo.environment["LIFECTL_UPDATE_GOLDEN"] == "1" {
            try Data(svg.utf8).write(to: url)
            return
        }
        let golden = try Data(contentsOf: url)
        #expect(Data(svg.utf8) == golden, "\(file) differs; if the change is deliberate, refresh the golden files")
    }

    @Test func isDeterministic() {
        #expect(PosterSVG.render(Self.picture(.color)) == PosterSVG.render(Self.picture(.color)))
    }

    /// Parses the poster as XML and counts the week elements by state:
    /// 4,160 = 52·80; lived unmarked = 1,899 − 5 marked before today = 1,894;
    /// marked = 5; current = 1; future = 4,160 − 1,900 = 2,260.
    @Test func parsesAsXMLWithOneElementPerWeek() throws {
        let counts = try WeekCounter.count(PosterSVG.render(Self.picture(.color)))
        #expect(counts.weeks == 4160)
        #expect(counts.byClass["lived"] == 1894)
        #expect(counts.byClass["future"] == 2260)
        #expect(counts.byClass["current"] == 1)
        #expect(counts.byClass["beyond"] == nil)
        // Marked: 0 great, 520 good, 1000 awful, 1500 okay, 1898 hard; the current week 1899 good.
        #expect(counts.byClass["r5"] == 1)
        #expect(counts.byClass["r4"] == 2)
        #expect(counts.byClass["r3"] == 1)
        #expect(counts.byClass["r2"] == 1)
        #expect(counts.byClass["r1"] == 1)
        #expect(counts.texts.contains("Your Life in Weeks"))
        #expect(counts.texts.contains("\u{201C}Hurry up and live.\u{201D} \u{2014} Seneca"))
        #expect(counts.texts.contains("Week 1,900 of 4,160 \u{00B7} 2,260 weeks remaining"))
        // Week ticks 1, 5 … 50, 52 and age labels 0, 5 … 75 (16 of them) are all there.
        for label in ["1", "5", "10", "50", "52", "0", "75"] { #expect(counts.texts.contains(label)) }
        #expect(!counts.texts.contains("80"))
    }

    /// A life past its expectancy is still drawn: L = 1, born 2020-01-01, today
    /// 2023-01-01 is index 156 (row 3), so 4 rows = 208 weeks: 52 lived within
    /// the expectancy, 52…155 = 104 lived beyond it, the current one, and
    /// 208 − 157 = 51 to come.
    @Test func pastTheExpectancyIsDrawnDistinctly() throws {
        let picture = GridPicture(status: F.status("2020-01-01", 1, today: "2023-01-01"), marks: [], mode: .bw)
        #expect(picture.rows == 4)
        let svg = PosterSVG.render(picture)
        let counts = try WeekCounter.count(svg)
        #expect(counts.weeks == 208)
        #expect(counts.byClass["lived"] == 52)
        #expect(counts.byClass["beyond"] == 104)
        #expect(counts.byClass["current"] == 1)
        #expect(counts.byClass["future"] == 51)
        #expect(counts.texts.contains("Week 157 of 52 \u{00B7} 105 weeks beyond 1 year"))
        #expect(counts.texts.contains("Beyond 1 year"))
    }

    @Test func bwUsesGreysOnly() {
        let svg = PosterSVG.render(Self.picture(.bw))
        for rating in WeekRating.allCases {
            #expect(svg.contains(".r\(rating.rawValue){fill:\(FinitePalette.grey(for: rating))}"))
            #expect(!svg.contains(FinitePalette.hex(for: rating)))
        }
    }

    /// Counts elements whose class list holds `week`, and collects text content.
    final class WeekCounter: NSObject, XMLParserDelegate {
        var weeks = 0
        var byClass: [String: Int] = [:]
        var texts: [String] = []
        private var text: String?

        static func count(_ svg: String) throws -> WeekCounter {
            let counter = WeekCounter()
            let parser = XMLParser(data: Data(svg.utf8))
            parser.delegate = counter
            guard parser.parse() else {
                throw LifeError.malformed("poster is not well-formed XML: \(String(describing: parser.parserError))")
            }
            return counter
        }

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            if elementName == "text" { text = "" }
            let classes = (attributes["class"] ?? "").split(separator: " ").map(String.init)
            guard classes.contains("week") else { return }
            weeks += 1
            for name in classes where name != "week" { byClass[name, default: 0] += 1 }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            text? += string
        }

        func parser(
            _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?
        ) {
            if elementName == "text", let text { texts.append(text) }
            text = nil
        }
    }
}
