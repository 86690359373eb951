/// Numbers as PDF content writes them: decimal, no exponent, at most three
/// decimals (a thousandth of a point is far below what prints), trailing
/// zeros dropped, the same text on every platform and locale.
enum PDFNumber {
    static func text(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let clamped = min(max(value, -32_767), 32_767)
        let scaled = Int((clamped.magnitude * 1000).rounded(.toNearestOrAwayFromZero))
        var text = String(scaled / 1000)
        var fraction = scaled % 1000
        if fraction != 0 {
            var digits = 3
            while fraction % 10 == 0 {
                fraction /= 10
                digits -= 1
            }
            let written = String(fraction)
            text += "." + String(repeating: "0", count: digits - written.count) + written
        }
        return clamped < 0 && scaled != 0 ? "-" + text : text
    }
}
