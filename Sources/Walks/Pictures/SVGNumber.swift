import LifeCore

/// Locale-free fixed-decimal numbers for the doodles' SVG (SPEC WALK-6: the
/// same bytes on every platform): rounded half away from zero like
/// `LifeCore.Format.fixed`, appended in place (`SVGBytes.append(fixed:)`)
/// because a doodle writes thousands of them and must stay well within a
/// millisecond (PERF-4).
enum SVGNumber {
    /// Coordinates: a tenth of a unit is finer than a pencil line.
    static let coordinateDecimals = 1
    /// Widths and opacities.
    static let styleDecimals = 2

    /// Appends `value`; a non-finite value (only from a non-finite `size` or
    /// box given by the caller) is written as 0, never trapping.
    static func append(_ value: Double, decimals: Int, to out: inout SVGBytes) {
        guard value.isFinite, value.magnitude < 1e12 else {
            out.append("0")
            return
        }
        out.append(fixed: value, decimals: decimals)
    }

    static func text(_ value: Double, decimals: Int) -> String {
        var out = SVGBytes()
        append(value, decimals: decimals, to: &out)
        return out.text
    }
}
