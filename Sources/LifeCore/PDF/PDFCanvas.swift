/// A page's drawing as PDF content operators (ISO 32000-1, §8–9), built
/// call by call: value in, bytes out, no I/O. The operators are those of
/// an SVG path, one to one (`M` → `m`, `L` → `l`, `C` → `c`, `Z` → `h`), so a
/// picture the project draws as SVG is drawn the same here. Coordinates are
/// PDF's: points, the origin at the bottom left, y up (`concatenate` flips a
/// picture drawn y down).
///
/// SVG's group opacity (`<g opacity>`: the group composited as one, so
/// overlapping strokes inside it do not darken each other) is a
/// transparency group (`group(opacity:bounds:_:)`), a form XObject painted
/// with that alpha.
public struct PDFCanvas: Sendable {
    /// The operators so far.
    public private(set) var content: [UInt8] = []
    /// Alphas used, each an ExtGState `/A<index>` of the page.
    var alphas: [String] = []
    /// Transparency groups, each a form XObject `/G<index>` of the page.
    var forms: [PDFForm] = []
    /// The operators of the groups begun and not ended, outermost first.
    private var open: [[UInt8]] = []

    public init() {}

    /// A line cap or join: PDF's numbers.
    public enum LineStyle: Int, Sendable {
        case butt = 0, round = 1, square = 2
    }

    // MARK: Paths

    public mutating func move(to x: Double, _ y: Double) { operands(x, y, "m") }
    public mutating func line(to x: Double, _ y: Double) { operands(x, y, "l") }
    public mutating func curve(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ x: Double, _ y: Double) {
        operands(x1, y1, x2, y2, x, y, "c")
    }
    public mutating func closePath() { raw("h\n") }
    public mutating func rectangle(_ x: Double, _ y: Double, width: Double, height: Double) {
        operands(x, y, width, height, "re")
    }

    /// A circle as four Bézier arcs (the usual 0.5523 of the radius for the handles).
    public mutating func circle(centerX x: Double, _ y: Double, radius r: Double) {
        let k = 0.552_284_749_8 * r
        move(to: x + r, y)
        curve(x + r, y + k, x + k, y + r, x, y + r)
        curve(x - k, y + r, x - r, y + k, x - r, y)
        curve(x - r, y - k, x - k, y - r, x, y - r)
        curve(x + k, y - r, x + r, y - k, x + r, y)
        closePath()
    }

    public mutating func stroke() { raw("S\n") }
    public mutating func fill() { raw("f\n") }

    // MARK: Graphics state

    public mutating func save() { raw("q\n") }
    public mutating func restore() { raw("Q\n") }

    /// Multiplies the current transformation by [a b c d e f]:
    /// `concatenate(1, 0, 0, -1, 0, height)` draws y down from the top.
    public mutating func concatenate(_ a: Double, _ b: Double, _ c: Double, _ d: Double, _ e: Double, _ f: Double) {
        operands(a, b, c, d, e, f, "cm")
    }

    public mutating func setLineWidth(_ width: Double) { operands(width, "w") }
    public mutating func setLineCap(_ cap: LineStyle) { raw("\(cap.rawValue) J\n") }
    public mutating func setLineJoin(_ join: LineStyle) { raw("\(join.rawValue) j\n") }

    /// `#rrggbb` as the stroking colour (anything else is black).
    public mutating func setStrokeColor(hex: String) {
        let (r, g, b) = Self.rgb(hex)
        operands(r, g, b, "RG")
    }

    /// `#rrggbb` as the filling colour (anything else is black).
    public mutating func setFillColor(hex: String) {
        let (r, g, b) = Self.rgb(hex)
        operands(r, g, b, "rg")
    }

    /// Stroking and filling alpha from here on (an ExtGState), 0…1.
    public mutating func setAlpha(_ alpha: Double) {
        raw("/A\(alphaIndex(alpha)) gs\n")
    }

    // MARK: Text

    /// One line of text with its baseline starting at (`x`, `y`), in
    /// WinAnsiEncoding (`PDFFont.winAnsi`), filled in the filling colour.
    public mutating func text(_ text: String, x: Double, y: Double, font: PDFFont, size: Double) {
        raw("BT\n/\(font.resourceName) ")
        operands(size, "Tf")
        operands(x, y, "Td")
        content.append(UInt8(ascii: "("))
        for byte in PDFFont.winAnsi(text) {
            if byte == UInt8(ascii: "(") || byte == UInt8(ascii: ")") || byte == UInt8(ascii: "\\") {
                content.append(UInt8(ascii: "\\"))
            }
            content.append(byte)
        }
        raw(") Tj\nET\n")
    }

    // MARK: Groups

    /// What `body` draws, composited as one group and painted with
    /// `opacity` (SVG's `<g opacity>`). `bounds` (x, y, width, height, in
    /// the current coordinates) must hold the drawing: a group is clipped
    /// to it.
    public mutating func group(
        opacity: Double, bounds: (x: Double, y: Double, width: Double, height: Double),
        _ body: (inout PDFCanvas) -> Void
    ) {
        beginGroup()
        body(&self)
        endGroup(opacity: opacity, bounds: bounds)
    }

    /// Starts a group: what is drawn until `endGroup` is composited as one.
    public mutating func beginGroup() {
        open.append(content)
        content = []
    }

    /// Ends the group begun last and paints it with `opacity`; `bounds`
    /// as for `group(opacity:bounds:_:)`. Without a group begun, nothing.
    public mutating func endGroup(opacity: Double, bounds: (x: Double, y: Double, width: Double, height: Double)) {
        guard let outer = open.popLast() else { return }
        forms.append(
            PDFForm(bounds: [bounds.x, bounds.y, bounds.x + bounds.width, bounds.y + bounds.height], content: content))
        content = outer
        raw("q\n/A\(alphaIndex(opacity)) gs\n/G\(forms.count - 1) Do\nQ\n")
    }

    // MARK: Bytes

    private mutating func alphaIndex(_ alpha: Double) -> Int {
        let text = PDFNumber.text(min(max(alpha, 0), 1))
        if let index = alphas.firstIndex(of: text) { return index }
        alphas.append(text)
        return alphas.count - 1
    }

    private mutating func raw(_ text: String) { content.append(contentsOf: text.utf8) }

    private mutating func operands(_ values: Double..., operator name: String) {
        for value in values {
            content.append(contentsOf: PDFNumber.text(value).utf8)
            content.append(0x20)
        }
        content.append(contentsOf: name.utf8)
        content.append(0x0A)
    }

    private mutating func operands(_ a: Double, _ name: String) { operands(a, operator: name) }
    private mutating func operands(_ a: Double, _ b: Double, _ name: String) { operands(a, b, operator: name) }
    private mutating func operands(_ a: Double, _ b: Double, _ c: Double, _ name: String) {
        operands(a, b, c, operator: name)
    }
    private mutating func operands(_ a: Double, _ b: Double, _ c: Double, _ d: Double, _ name: String) {
        operands(a, b, c, d, operator: name)
    }
    private mutating func operands(
        _ a: Double, _ b: Double, _ c: Double, _ d: Double, _ e: Double, _ f: Double, _ name: String
    ) {
        operands(a, b, c, d, e, f, operator: name)
    }

    /// `#rrggbb` as three fractions; black for anything else.
    static func rgb(_ hex: String) -> (Double, Double, Double) {
        let digits = Array(hex.utf8.dropFirst())
        guard hex.hasPrefix("#"), digits.count == 6 else { return (0, 0, 0) }
        func value(_ byte: UInt8) -> Int? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - 48)
            case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - 87)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte - 55)
            default: nil
            }
        }
        var channels: [Double] = []
        for index in stride(from: 0, to: 6, by: 2) {
            guard let high = value(digits[index]), let low = value(digits[index + 1]) else { return (0, 0, 0) }
            channels.append(Double(high * 16 + low) / 255)
        }
        return (channels[0], channels[1], channels[2])
    }
}

/// A transparency group of a page: its box and its operators.
struct PDFForm: Sendable {
    let bounds: [Double]
    let content: [UInt8]
}
