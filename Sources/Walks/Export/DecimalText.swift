import LifeCore

/// Exact decimal text for exported numbers: the same digits on every platform
/// and locale, and enough of them that importing the export gives back the
/// very values stored (WALK-8).
enum DecimalText {
    /// Degrees with 7 decimals (the codec's 1e-7° grid), e.g. `45.3806001`.
    static func degrees(_ value: Double) -> String { trimmed(value, decimals: 7) }

    /// Metres with 2 decimals (the codec's centimetres), e.g. `733.62`.
    static func meters(_ value: Double) -> String { trimmed(value, decimals: 2) }

    /// Summary figures with 3 decimals.
    static func figure(_ value: Double) -> String { trimmed(value, decimals: 3) }

    /// `value` rounded to `decimals` decimals, without trailing zeros beyond one.
    static func trimmed(_ value: Double, decimals: Int) -> String {
        var text = Format.fixed(value, decimals: decimals)
        while text.hasSuffix("0") && !text.hasSuffix(".0") { text.removeLast() }
        return text
    }
}
