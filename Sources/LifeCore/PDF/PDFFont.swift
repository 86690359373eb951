/// The two fonts a PDF of lifectl sets text in: Helvetica and Helvetica
/// Bold, two of the 14 standard fonts every PDF reader has, so nothing is
/// embedded. Text is written in WinAnsiEncoding (Windows-1252): Latin
/// letters of Western Europe; any other character is written as `?`
/// (`PDFFont.winAnsi`).
public enum PDFFont: String, Sendable, CaseIterable {
    case helvetica = "Helvetica"
    case helveticaBold = "Helvetica-Bold"

    /// The resource name pages use for the font.
    var resourceName: String { self == .helvetica ? "F1" : "F2" }

    /// The width of `text` set at `size` points, in points (Adobe's metrics).
    public func width(of text: String, size: Double) -> Double {
        let widths = self == .helvetica ? Self.helveticaWidths : Self.helveticaBoldWidths
        var total = 0
        for byte in Self.winAnsi(text) where byte >= 32 {
            let width = Int(widths[Int(byte) - 32])
            // A code WinAnsi leaves unused is never written (`winAnsi` gives `?`).
            total += width
        }
        return Double(total) * size / 1000
    }

    /// `text` cut at a whole character so that it fits in `width` points,
    /// ending in "..." when cut.
    public func fitted(_ text: String, width: Double, size: Double) -> String {
        if self.width(of: text, size: size) <= width { return text }
        var kept = ""
        for character in text {
            if self.width(of: kept + String(character) + "...", size: size) > width { break }
            kept.append(character)
        }
        while let last = kept.last, last.isWhitespace { kept.removeLast() }
        return kept + "..."
    }

    /// `text` as WinAnsiEncoding bytes: ASCII and Latin-1 as they are, the
    /// characters Windows-1252 adds at 0x80–0x9F at their codes; control
    /// characters as a space; anything else as `?`.
    public static func winAnsi(_ text: String) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            let value = scalar.value
            switch value {
            case 0x20...0x7E, 0xA0...0xFF:
                out.append(UInt8(value))
            case 0..<0x20, 0x7F...0x9F:
                out.append(0x20)
            default:
                if let index = windows1252.firstIndex(of: UInt16(truncatingIfNeeded: value)), value <= 0xFFFF {
                    out.append(UInt8(0x80 + index))
                } else {
                    out.append(UInt8(ascii: "?"))
                }
            }
        }
        return out
    }

    /// Windows-1252's 0x80…0x9F as Unicode; 0 where the code page has no character.
    static let windows1252: [UInt16] = [
        0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
        0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E,
        0x0178,
    ]

    /// Helvetica's advance widths of WinAnsi codes 32…255, in thousandths of
    /// an em (Adobe's AFM, as groff's `devps/HR` carries it); 0 for codes
    /// WinAnsi leaves unused.
    static let helveticaWidths: [UInt16] = [
        278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278,  // 32
        556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556,  // 48
        1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,  // 64
        667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556,  // 80
        333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,  // 96
        556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584, 0,  // 112
        556, 0, 222, 556, 333, 1000, 556, 556, 333, 1000, 667, 333, 1000, 0, 611, 0,  // 128
        0, 222, 222, 333, 333, 350, 556, 1000, 333, 1000, 500, 333, 944, 0, 500, 667,  // 144
        278, 333, 556, 556, 556, 556, 260, 556, 333, 737, 370, 556, 584, 333, 737, 333,  // 160
        400, 584, 333, 333, 333, 578, 537, 278, 333, 333, 365, 556, 834, 834, 834, 611,  // 176
        667, 667, 667, 667, 667, 667, 1000, 722, 667, 667, 667, 667, 278, 278, 278, 278,  // 192
        722, 722, 778, 778, 778, 778, 778, 584, 778, 722, 722, 722, 722, 667, 667, 611,  // 208
        556, 556, 556, 556, 556, 556, 889, 500, 556, 556, 556, 556, 278, 278, 278, 278,  // 224
        556, 556, 556, 556, 556, 556, 556, 584, 611, 556, 556, 556, 556, 500, 556, 500,  // 240
    ]

    /// Helvetica Bold's, as `helveticaWidths` (groff's `devps/HB`).
    static let helveticaBoldWidths: [UInt16] = [
        278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278,  // 32
        556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611,  // 48
        975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778,  // 64
        667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556,  // 80
        333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611,  // 96
        611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584, 0,  // 112
        556, 0, 278, 556, 500, 1000, 556, 556, 333, 1000, 667, 333, 1000, 0, 611, 0,  // 128
        0, 278, 278, 500, 500, 350, 556, 1000, 333, 1000, 556, 333, 944, 0, 500, 667,  // 144
        278, 333, 556, 556, 556, 556, 280, 556, 333, 737, 370, 556, 584, 333, 737, 333,  // 160
        400, 584, 333, 333, 333, 611, 556, 278, 333, 333, 365, 556, 834, 834, 834, 611,  // 176
        722, 722, 722, 722, 722, 722, 1000, 722, 667, 667, 667, 667, 278, 278, 278, 278,  // 192
        722, 722, 778, 778, 778, 778, 778, 584, 778, 722, 722, 722, 722, 667, 667, 611,  // 208
        556, 556, 556, 556, 556, 556, 889, 556, 556, 556, 556, 556, 278, 278, 278, 278,  // 224
        611, 611, 611, 611, 611, 611, 611, 584, 611, 611, 611, 611, 611, 556, 611, 556,  // 240
    ]
}
