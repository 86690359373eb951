/// Locale-free fixed-decimal numbers for the doodles' SVG (SPEC WALK-6: the
/// same bytes on every platform): rounded half away from zero like
/// `LifeCore.Format.fixed`, appended in place because a doodle writes
/// thousands of them and must stay within a few milliseconds (PERF-4).
enum SVGNumber {
    /// Coordinates: a tenth of a unit is finer than a pencil line.
    static let coordinateDecimals = 1
    /// Widths and opacities.
    static let styleDecimals = 2

    /// Appends `value`; a non-finite value (only from a non-finite `size` or
    /// box given by the caller) is written as 0, never trapping.
    static func append(_ value: Double, decimals: Int, to out: inout String) {
        guard value.isFinite, value.magnitude < 1e12 else {
            out += "0"
            return
        }
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

    static func text(_ value: Double, decimals: Int) -> String {
        var out = ""
        append(value, decimals: decimals, to: &out)
        return out
    }
}
