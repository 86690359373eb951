/// A PDF file (ISO 32000-1, written as PDF 1.4, the first version with
/// transparency): pages drawn on `PDFCanvas`, a title, and the bytes with
/// an exact cross-reference table. Pure: value in, bytes out, the same
/// bytes for the same pages (no date, no random id). Streams are not
/// compressed, so a test or a person can read the operators.
///
/// Shared by the products' printable pages (Only Walks' walk sheet,
/// DailyMenu's mood report): a product draws, this writes.
public struct PDFDocument: Sendable {
    public struct Page: Sendable {
        /// In points (1/72 inch): A4 is 595 × 842.
        public let width: Double
        public let height: Double
        public let canvas: PDFCanvas

        public init(width: Double, height: Double, canvas: PDFCanvas) {
            self.width = width
            self.height = height
            self.canvas = canvas
        }
    }

    /// A4 portrait, in points.
    public static let a4 = (width: 595.0, height: 842.0)

    public var title: String
    public var pages: [Page]

    public init(title: String, pages: [Page] = []) {
        self.title = title
        self.pages = pages
    }

    /// The file's bytes. Objects: 1 the catalog, 2 the page tree, 3 the
    /// document information, 4 and 5 the two fonts, then for each page its
    /// resources, the page, its content stream and its groups.
    public func bytes() -> [UInt8] {
        var out: [UInt8] = []
        var offsets: [Int] = [0]
        func object(_ body: String) {
            offsets.append(out.count)
            out.append(contentsOf: "\(offsets.count - 1) 0 obj\n\(body)\nendobj\n".utf8)
        }
        func stream(_ dictionary: String, _ content: [UInt8]) {
            offsets.append(out.count)
            out.append(
                contentsOf: "\(offsets.count - 1) 0 obj\n<< \(dictionary)/Length \(content.count) >>\nstream\n".utf8)
            out.append(contentsOf: content)
            out.append(contentsOf: "\nendstream\nendobj\n".utf8)
        }
        out.append(contentsOf: "%PDF-1.4\n%".utf8)
        // Bytes above 127 in the second line tell transfer programs the file is binary.
        out.append(contentsOf: [0xE2, 0xE3, 0xCF, 0xD3, 0x0A])

        // Each page takes 3 objects and one per group, from object 6 on.
        var pageObjects: [Int] = []
        var next = 6
        for page in pages {
            pageObjects.append(next + 1)
            next += 3 + page.canvas.forms.count
        }
        object("<< /Type /Catalog /Pages 2 0 R >>")
        object(
            "<< /Type /Pages /Kids [\(pageObjects.map { "\($0) 0 R" }.joined(separator: " "))] /Count \(pages.count) >>"
        )
        object("<< /Title \(Self.textString(title)) /Producer (lifectl) >>")
        object("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
        object("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>")
        for page in pages {
            let resources = offsets.count
            let canvas = page.canvas
            let alphas = canvas.alphas.enumerated().map { "/A\($0.offset) << /CA \($0.element) /ca \($0.element) >>" }
            let groups = canvas.forms.indices.map { "/G\($0) \(resources + 3 + $0) 0 R" }
            object(
                "<< /Font << /F1 4 0 R /F2 5 0 R >> /ExtGState << \(alphas.joined(separator: " ")) >> "
                    + "/XObject << \(groups.joined(separator: " ")) >> >>")
            object(
                "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 \(PDFNumber.text(page.width)) \(PDFNumber.text(page.height))] "
                    + "/Resources \(resources) 0 R /Contents \(resources + 2) 0 R "
                    + "/Group << /S /Transparency /CS /DeviceRGB >> >>")
            stream("", canvas.content)
            for form in canvas.forms {
                stream(
                    "/Type /XObject /Subtype /Form /BBox [\(form.bounds.map(PDFNumber.text).joined(separator: " "))] "
                        + "/Group << /S /Transparency >> /Resources \(resources) 0 R ", form.content)
            }
        }

        let table = out.count
        out.append(contentsOf: "xref\n0 \(offsets.count)\n0000000000 65535 f \n".utf8)
        for offset in offsets.dropFirst() {
            let digits = String(offset)
            out.append(
                contentsOf: (String(repeating: "0", count: max(0, 10 - digits.count)) + digits + " 00000 n \n").utf8)
        }
        out.append(
            contentsOf: "trailer\n<< /Size \(offsets.count) /Root 1 0 R /Info 3 0 R >>\nstartxref\n\(table)\n%%EOF\n"
                .utf8)
        return out
    }

    /// A text string (PDF 7.9.2.2): UTF-16BE with its byte order mark, in
    /// hexadecimal, so any title is kept whole and nothing in it is syntax.
    static func textString(_ text: String) -> String {
        var hex = "<FEFF"
        for unit in text.utf16 {
            let digits = String(unit, radix: 16, uppercase: true)
            hex += String(repeating: "0", count: 4 - digits.count) + digits
        }
        return hex + ">"
    }
}
