/// Exact decimal text for exported numbers: the same digits on every platform
/// and locale, and enough of them that importing the export gives back the
/// very values stored (WALK-8).
enum DecimalText {
    /// Degrees with 7 decimals (the codec's 1e-7° grid), e.g. `45.3806001`.
    static func degrees(_ value: Double) -> String { fixed(value, scale: 10_000_000, digits: 7) }

    /// Metres with 2 decimals (the codec's centimetres), e.g. `733.62`.
    static func meters(_ value: Double) -> String { fixed(value, scale: 100, digits: 2) }

    /// `value` rounded to `digits` decimals, without trailing zeros beyond one.
    static func fixed(_ value: Double, scale: Double, digits: Int) -> String {
        let units = Int64((value * scale).rounded())
        let magnitude = units.magnitude
        let whole = magnitude / UInt64(scale)
        var fraction = String(magnitude % UInt64(scale))
        fraction = String(repeating: "0", count: digits - fraction.count) + fraction
        while fraction.count > 1 && fraction.hasSuffix("0") { fraction.removeLast() }
        return (units < 0 ? "-" : "") + "\(whole).\(fraction)"
    }
}
