/// Locale-independent number formatting for human output (SPEC CORE-8):
/// the same bytes on every machine, so golden files and tests hold.
public enum Format {
    /// `1560` → `1,560`; `-2647` → `-2,647`.
    public static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var out = ""
        for (i, ch) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(ch)
        }
        return value < 0 ? "-" + out : out
    }

    /// `1 year`, `36 years`, `1,560 weeks`: a grouped count and its noun.
    public static func count(_ value: Int, _ singular: String, _ plural: String) -> String {
        "\(grouped(value)) \(value == 1 ? singular : plural)"
    }

    /// A number with exactly `decimals` decimals, rounded half away from zero.
    public static func fixed(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return String(value) }
        var out = ""
        appendFixed(value, decimals: decimals, to: &out)
        return out
    }

    /// `fixed`, appended in place: renderers that write thousands of numbers
    /// (a doodle, PERF-4) call this without a `String` per number. `value`
    /// must be finite and below about 9e18 / 10^decimals.
    public static func appendFixed(_ value: Double, decimals: Int, to out: inout String) {
        var scale = 1
        for _ in 0..<decimals { scale *= 10 }
        let scaled = Int((value.magnitude * Double(scale)).rounded(.toNearestOrAwayFromZero))
        if value < 0 && scaled != 0 { out += "-" }
        out += String(scaled / scale)
        guard decimals > 0 else { return }
        out += "."
        let fraction = String(scaled % scale)
        for _ in fraction.count..<decimals { out += "0" }
        out += fraction
    }
}
