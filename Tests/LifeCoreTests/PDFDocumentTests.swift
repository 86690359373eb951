import Foundation
import Testing

@testable import LifeCore

/// The PDF writer (`LifeCore/PDF`): a file whose structure any reader
/// accepts — every object where the cross-reference table says, every
/// stream as long as its `/Length` — checked by hand here and by pypdf when
/// `.build/venv-pdf` holds it (`scripts/test` makes it).
@Suite struct PDFDocumentTests {
    /// A page with text, a path, a circle and two groups, one inside the other.
    static func sample() -> PDFDocument {
        var canvas = PDFCanvas()
        canvas.setFillColor(hex: "#36454F")
        canvas.text("Café (ridge) \\ loop – 5 km", x: 48, y: 770, font: .helveticaBold, size: 24)
        canvas.setStrokeColor(hex: "#36454f")
        canvas.setLineCap(.round)
        canvas.group(opacity: 0.8, bounds: (0, 0, 100, 100)) { inner in
            inner.setLineWidth(2.5)
            inner.move(to: 10, 10)
            inner.line(to: 90, 90)
            inner.stroke()
            inner.group(opacity: 0.5, bounds: (0, 0, 100, 100)) {
                $0.circle(centerX: 50, 50, radius: 2); $0.fill()
            }
        }
        let first = PDFDocument.Page(width: 595, height: 842, canvas: canvas)
        var second = PDFCanvas()
        second.text("Page two", x: 10, y: 10, font: .helvetica, size: 9)
        return PDFDocument(
            title: "Ridge ✓ (loop)", pages: [first, PDFDocument.Page(width: 200, height: 100, canvas: second)])
    }

    /// Each `N 0 obj` where the table puts it, `startxref` at the table,
    /// every stream's `/Length` its bytes, the trailer's `/Size` the count.
    @Test func theCrossReferenceTableIsExact() throws {
        let bytes = Self.sample().bytes()
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix("%PDF-1.4\n"))
        #expect(text.hasSuffix("%%EOF\n"))
        let tail = try #require(text.range(of: "startxref\n", options: .backwards))
        let tableOffset = try #require(Int(text[tail.upperBound...].prefix { $0.isNumber }))
        let table = Array(bytes[tableOffset...])
        #expect(String(decoding: table.prefix(5), as: UTF8.self) == "xref\n")
        let lines = String(decoding: table, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let header = lines[1].split(separator: " ")
        let count = try #require(Int(header[1]))
        // 5 shared objects, then page 1 (resources, page, content, 2 groups), page 2 (3 objects).
        #expect(count == 1 + 5 + 5 + 3)
        #expect(lines[2] == "0000000000 65535 f ")
        for number in 1..<count {
            let entry = lines[2 + number]
            #expect(entry.count == 19, "entry \(number) is 20 bytes with its newline")
            let offset = try #require(Int(entry.prefix(10)))
            let expected = Array("\(number) 0 obj\n".utf8)
            #expect(Array(bytes[offset..<offset + expected.count]) == expected, "object \(number)")
        }
        #expect(text.contains("trailer\n<< /Size \(count) /Root 1 0 R /Info 3 0 R >>"))
        // Every stream: /Length N, then "stream\n", N bytes, "\nendstream" (on
        // the bytes: text in WinAnsi is not UTF-8).
        func find(_ needle: String, from: Int) -> Int? {
            let pattern = Array(needle.utf8)
            guard bytes.count >= pattern.count, from <= bytes.count - pattern.count else { return nil }
            return (from...(bytes.count - pattern.count)).first { Array(bytes[$0..<$0 + pattern.count]) == pattern }
        }
        var searchFrom = 0
        var streams = 0
        while let length = find("/Length ", from: searchFrom) {
            let digits = bytes[(length + 8)...].prefix { $0 >= 0x30 && $0 <= 0x39 }
            let declared = try #require(Int(String(decoding: digits, as: UTF8.self)))
            let start = try #require(find(">>\nstream\n", from: length)) + 10
            let end = String(decoding: bytes[(start + declared)..<(start + declared + 10)], as: UTF8.self)
            #expect(end == "\nendstream", "stream \(streams) of /Length \(declared)")
            searchFrom = start + declared
            streams += 1
        }
        #expect(streams == 4)
    }

    /// Text is WinAnsi with ( ) \ escaped; the title is UTF-16 in hexadecimal.
    @Test func textAndTitleAreEncoded() {
        let text = String(decoding: Self.sample().bytes(), as: UTF8.self)
        // "é" is 0xE9 and "–" 0x96 in WinAnsi: not UTF-8, so read the bytes.
        let bytes = Self.sample().bytes()
        let expected: [UInt8] =
            Array("(Caf".utf8) + [0xE9] + Array(" \\(ridge\\) \\\\ loop ".utf8) + [0x96] + Array(" 5 km) Tj".utf8)
        #expect(bytes.indices.contains { Array(bytes[$0..<min(bytes.count, $0 + expected.count)]) == expected })
        // R i d g e space ✓ (U+2713) space ( l o o p ).
        #expect(text.contains("/Title <FEFF005200690064006700650020271300200028006C006F006F00700029>"))
        #expect(PDFFont.winAnsi("€ž✓\u{7}") == [0x80, 0x9E, UInt8(ascii: "?"), 0x20])
    }

    /// Numbers: at most three decimals, no exponent, no "-0".
    @Test func numbers() {
        #expect(PDFNumber.text(12.5) == "12.5")
        #expect(PDFNumber.text(3) == "3")
        #expect(PDFNumber.text(-0.0001) == "0")
        #expect(PDFNumber.text(-2.0004) == "-2")
        #expect(PDFNumber.text(0.1 + 0.2) == "0.3")
        #expect(PDFNumber.text(1e300) == "32767")
        #expect(PDFNumber.text(.nan) == "0")
        #expect(PDFCanvas.rgb("#36454F") == (Double(0x36) / 255, Double(0x45) / 255, Double(0x4F) / 255))
    }

    /// Helvetica's widths (Adobe's metrics): "Walk" is W 944 + a 556 + l 222 + k 500.
    @Test func widths() {
        #expect(PDFFont.helvetica.width(of: "Walk", size: 10) == 22.22)
        // Bold: W 944 + a 556 + l 278 + k 556.
        #expect(PDFFont.helveticaBold.width(of: "Walk", size: 10) == 23.34)
        #expect(PDFFont.helvetica.fitted("Walk along the river", width: 40, size: 10) == "Walk a...")
    }

    /// The same pages give the same bytes.
    @Test func deterministic() {
        #expect(Self.sample().bytes() == Self.sample().bytes())
    }

    static let python: String? = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let path = root.appendingPathComponent(".build/venv-pdf/bin/python").path
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }()

    /// pypdf (PyPI) reads the file strictly: two pages of the right sizes,
    /// the title, and the page's text.
    @Test(.enabled(if: python != nil, ".build/venv-pdf (pypdf) is absent: scripts/test makes it"))
    func pypdfReadsItStrictly() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pdf-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("sample.pdf")
        try Data(Self.sample().bytes()).write(to: file)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(Self.python))
        process.arguments = [
            "-c",
            """
            import sys, pypdf
            r = pypdf.PdfReader(sys.argv[1], strict=True)
            print(len(r.pages), r.metadata.title)
            for p in r.pages: print(p.mediabox.width, p.mediabox.height)
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
        #expect(lines.first == "2 Ridge ✓ (loop)")
        #expect(lines.dropFirst().first == "595 842")
        #expect(lines.dropFirst(2).first == "200 100")
        #expect(lines.dropFirst(3).first == "Café (ridge) \\ loop – 5 km")
    }
}
