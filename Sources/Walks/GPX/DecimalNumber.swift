/// Decimal numbers as GPX writes them (`48.189526470`, `-0.5`, `1e3`),
/// parsed straight from bytes.
///
/// Most values have at most 15 significant digits and a small exponent:
/// those are an exact integer times an exact power of ten, so one
/// multiplication or division rounds correctly (Clinger's fast path). The
/// rest go through the standard library's correctly rounded parser. `nan`,
/// `inf` and hexadecimal forms are not decimal numbers and give nil.
enum DecimalNumber {
    static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18,
        1e19, 1e20, 1e21, 1e22,
    ]

    /// The number in `bytes` with surrounding XML whitespace ignored, or nil.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        if let value = parsePlain(bytes) { return value }
        return parseAny(bytes)
    }

    /// The shape loggers write (`-48.1370000`, `520.3`): a sign, digits, a
    /// point and digits, 15 significant digits at most, nothing around it;
    /// nil for anything else, which `parseAny` reads (PERF-2: a quarter of
    /// a GPX file's bytes are such numbers). The same value `parseAny` gives:
    /// an exact integer divided by an exact power of ten, rounded once.
    @inline(__always)
    private static func parsePlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        let count = bytes.count
        guard count > 0, count <= 17 else { return nil }
        var index = 0
        let negative = bytes[0] == UInt8(ascii: "-")
        if negative { index = 1 }
        var mantissa: UInt64 = 0
        var digits = 0
        var fractionDigits = 0
        var seenPoint = false
        while index < count {
            let digit = bytes[index] &- 48
            if digit < 10 {
                mantissa = mantissa &* 10 &+ UInt64(digit)
                digits += 1
                if seenPoint { fractionDigits += 1 }
            } else if bytes[index] == UInt8(ascii: ".") && !seenPoint {
                seenPoint = true
            } else {
                return nil
            }
            index += 1
        }
        // At most 15 digits (zeros included): the mantissa is exact.
        guard digits > 0, digits <= 15 else { return nil }
        if mantissa == 0 { return negative ? -0.0 : 0 }
        let value = Double(mantissa) / powersOfTen[fractionDigits]
        return negative ? -value : value
    }

    private static func parseAny(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        var start = 0
        var end = bytes.count
        while start < end && XMLBytes.isWhitespace(bytes[start]) { start += 1 }
        while end > start && XMLBytes.isWhitespace(bytes[end - 1]) { end -= 1 }
        if start == end { return nil }
        var index = start
        var negative = false
        if bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        var mantissa: UInt64 = 0
        var significantDigits = 0
        var digits = 0
        var exponent = 0
        while index < end, case let digit = bytes[index] &- 48, digit < 10 {
            digits += 1
            if mantissa != 0 || digit != 0 {
                if significantDigits < 19 {
                    mantissa = mantissa * 10 + UInt64(digit)
                } else {
                    exponent += 1
                }
                significantDigits += 1
            }
            index += 1
        }
        if index < end && bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < end, case let digit = bytes[index] &- 48, digit < 10 {
                digits += 1
                if mantissa != 0 || digit != 0 {
                    if significantDigits < 19 {
                        mantissa = mantissa * 10 + UInt64(digit)
                        exponent -= 1
                    }
                    significantDigits += 1
                } else {
                    exponent -= 1
                }
                index += 1
            }
        }
        guard digits > 0 else { return nil }
        if index < end && (bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")) {
            index += 1
            var exponentNegative = false
            if index < end && (bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+")) {
                exponentNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            var written = 0
            var exponentDigits = 0
            while index < end, case let digit = bytes[index] &- 48, digit < 10 {
                if written < 100_000 { written = written * 10 + Int(digit) }
                exponentDigits += 1
                index += 1
            }
            guard exponentDigits > 0 else { return nil }
            exponent += exponentNegative ? -written : written
        }
        guard index == end else { return nil }
        if mantissa == 0 { return negative ? -0.0 : 0 }
        if significantDigits <= 15 && exponent >= -22 && exponent <= 22 {
            let value = Double(mantissa)
            let scaled = exponent < 0 ? value / powersOfTen[-exponent] : value * powersOfTen[exponent]
            return negative ? -scaled : scaled
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        return Double(text)
    }
}
