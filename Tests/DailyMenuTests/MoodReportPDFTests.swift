import DailyMenu
import Foundation
import LifeCore
import Testing

/// The mood report (issue 32: a PDF from the same drawing as the SVG): the
/// header's figures, worked out by hand from the demo's fortnight
/// (`PictureGoldenTests.fortnight`), and the drawing's primitives the same
/// in number as the SVG's, each one a run of PDF operators.
@Suite struct MoodReportPDFTests {
    static func insights() throws -> Insights {
        let categories = History.categories.sorted().map { ActivityCategory(id: $0, name: $0.capitalized) }
        return Insights(
            history: try PictureGoldenTests.fortnight(), categories: categories, today: try History.date("2026-11-22"))
    }

    /// The page's content stream (its only stream) as Latin-1 text: WinAnsi's bytes one to one.
    static func content(_ pdf: [UInt8]) throws -> String {
        let text = try #require(String(bytes: pdf, encoding: .isoLatin1))
        let start = try #require(text.range(of: "stream\n"))
        let end = try #require(text.range(of: "\nendstream", range: start.upperBound..<text.endIndex))
        return String(text[start.upperBound..<end.lowerBound])
    }

    static func count(_ needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    /// 2026-11-22 is a Sunday: the 26 weeks run from Monday 2026-05-25
    /// (175 days before 2026-11-16) to 2026-11-16. Of the 15 rituals, before:
    /// Low on the 8th, 13th, 16th, 21st; Good on the 11th and 17th; none on
    /// the 10th (create), 12th, 20th; Okay the other 6. After: Lower on the
    /// 15th; Same on the 9th, 10th (learn), 17th, 20th; none on the 12th;
    /// Better the other 9.
    @Test func headerCountsWhatWasNoted() throws {
        let page = try Self.content(MoodReportPDF.render(try Self.insights(), theme: nil))
        #expect(page.contains("(Mood report) Tj"))
        #expect(page.contains("(26 weeks, from the week of 2026-05-25 to the week of 2026-11-16: 15 rituals) Tj"))
        // "·" is WinAnsi's 0xB7.
        #expect(page.contains("(Before, all rituals: Low 4 \u{B7} Okay 6 \u{B7} Good 2) Tj"))
        #expect(page.contains("(After, all rituals: Lower 1 \u{B7} Same 4 \u{B7} Better 9) Tj"))
    }

    @Test func drawsWhatTheSVGDraws() throws {
        let insights = try Self.insights()
        let svg = InsightsSVG.render(insights, theme: nil)
        let page = try Self.content(MoodReportPDF.render(insights, theme: nil))
        // A circle is four Bézier arcs.
        #expect(Self.count(" c\n", in: page) == 4 * Self.count("<circle", in: svg))
        // The SVG's first rectangle is its paper; the PDF prints on white.
        #expect(Self.count(" re\n", in: page) == Self.count("<rect", in: svg) - 1)
        // Every line and every mood line is one stroke.
        #expect(Self.count("S\n", in: page) == Self.count("<line", in: svg) + Self.count("<path", in: svg))
        // The SVG's own title gives way to the report's title, 4 lines and a footer.
        #expect(Self.count(" Tj\n", in: page) == Self.count("<text", in: svg) - 1 + 1 + 4 + 1)
        // The week of the first mood (2026-11-02, the 24th of 26) is in both.
        #expect(svg.contains(">week of 2026-11-16</text>") && page.contains("(week of 2026-11-16) Tj"))
    }

    /// Every text starts on the page, inside its 48-point margins.
    @Test func staysOnThePage() throws {
        let page = try Self.content(MoodReportPDF.render(try Self.insights(), theme: .sunsetBistro))
        let positions = page.split(separator: "\n").filter { $0.hasSuffix(" Td") }.map { $0.split(separator: " ") }
        #expect(positions.count == Self.count(" Tj\n", in: page))
        for position in positions {
            let x = try #require(Double(String(position[0])))
            let y = try #require(Double(String(position[1])))
            #expect(x >= 48 && x <= 595 - 48, "x \(x)")
            #expect(y >= 30 && y <= 842 - 48, "y \(y)")
        }
    }

    @Test func sameInsightsSameBytes() throws {
        let insights = try Self.insights()
        #expect(MoodReportPDF.render(insights, theme: nil) == MoodReportPDF.render(insights, theme: nil))
        #expect(MoodReportPDF.render(insights, theme: nil) != MoodReportPDF.render(insights, theme: .gardenParty))
    }

    /// No mood noted: the page says so, the rituals still counted.
    @Test func noMoodYet() throws {
        let history = [
            try History.completion(try History.date("2026-11-20"), category: "move"),
            try History.completion(try History.date("2026-11-21"), category: "tidy"),
        ]
        let categories = History.categories.sorted().map { ActivityCategory(id: $0, name: $0.capitalized) }
        let insights = Insights(history: history, categories: categories, today: try History.date("2026-11-22"))
        let svg = InsightsSVG.render(insights, theme: nil)
        let page = try Self.content(MoodReportPDF.render(insights, theme: nil))
        #expect(page.contains("(26 weeks, from the week of 2026-05-25 to the week of 2026-11-16: 2 rituals) Tj"))
        #expect(page.contains("(No moods noted yet. They are always optional.) Tj"))
        #expect(!page.contains("all rituals"))
        #expect(Self.count(" Tj\n", in: page) == Self.count("<text", in: svg) - 1 + 1 + 2 + 1)
        #expect(Self.count(" c\n", in: page) == 0)
    }

    static let python: String? = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let path = root.appendingPathComponent(".build/venv-pdf/bin/python").path
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }()

    /// pypdf (PyPI) reads the report strictly: one A4 page, its title, its text.
    @Test(.enabled(if: python != nil, ".build/venv-pdf (pypdf) is absent: scripts/test makes it"))
    func pypdfReadsItStrictly() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mood-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("report.pdf")
        try Data(MoodReportPDF.render(try Self.insights(), theme: nil)).write(to: file)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(Self.python))
        process.arguments = [
            "-c",
            """
            import sys, pypdf
            r = pypdf.PdfReader(sys.argv[1], strict=True)
            print(len(r.pages), r.metadata.title)
            print(r.pages[0].mediabox.width, r.pages[0].mediabox.height)
            print(r.pages[0].extract_text())
            """,
            file.path,
        ]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(
            Array(lines.prefix(5)) == [
                "1 DailyMenu · Mood report", "595 842", "Mood report",
                "26 weeks, from the week of 2026-05-25 to the week of 2026-11-16: 15 rituals",
                "Before, all rituals: Low 4 · Okay 6 · Good 2",
            ])
    }
}
