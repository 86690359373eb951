/// Numbers as a person types them: on the command line (`--at 48.8584,2.2945`,
/// `--latitude`, a week number) and in a `walks record` line.
///
/// Decimal only, ASCII only, nothing around it: an optional sign, digits, and
/// an optional fraction after a point (`48.8584`, `-0.5`, `+3`, `.5`, `5.`, the
/// forms of XML Schema's `decimal`). Everything else Swift's `Double(String)`
/// or `Int(String)` would take is refused: hexadecimal (`0x10`), an exponent
/// (`1e3`), `nan`, `inf`, spaces, other scripts' digits. One parser for every
/// field, so a number means the same wherever it is typed.
public enum DecimalInput {
    /// The number `text` spells, or nil when it is not a decimal number. The
    /// value is the nearest double (Swift's correctly rounded conversion); a
    /// number too large for a double gives an infinity, for the caller's range
    /// check to refuse.
    public static func double(_ text: some StringProtocol) -> Double? {
        guard isDecimal(text.utf8, fraction: true) else { return nil }
        return Double(String(text))
    }

    /// A required decimal field: the number, or an error naming the field, the
    /// text and the form expected (SPEC CORE-7). Infinite values are refused too.
    public static func double(_ text: String, field: String, example: String) throws -> Double {
        guard let value = double(text), value.isFinite else {
            throw LifeError.invalid(
                field: field, "\(field) is '\(text)'; expected a decimal number such as \(example)")
        }
        return value
    }

    /// The whole number `text` spells (optional sign, digits), or nil when it is
    /// not one or does not fit an `Int`.
    public static func integer(_ text: some StringProtocol) -> Int? {
        guard isDecimal(text.utf8, fraction: false) else { return nil }
        return Int(String(text))
    }

    /// A whole number written plainly (`1850`) or with its thousands grouped by
    /// commas the way `Format.grouped` writes them (`1,850`, `12,345,678`): one
    /// to three digits, then groups of exactly three. `1,85`, `18,50`, `,1850`,
    /// `1850,` and `1,8,5,0` are refused (nil).
    public static func groupedInteger(_ text: some StringProtocol) -> Int? {
        let groups = text.split(separator: ",", omittingEmptySubsequences: false)
        guard groups.count > 1 else { return integer(text) }
        var first = Substring(groups[0])
        if first.first == "+" || first.first == "-" { first = first.dropFirst() }
        guard (1...3).contains(first.utf8.count), groups.dropFirst().allSatisfy({ $0.utf8.count == 3 }) else {
            return nil
        }
        return integer(groups.joined())
    }

    /// `[+-]? (digits ('.' digits?)? | '.' digits)`.
    private static func isDecimal(_ bytes: some Collection<UInt8>, fraction: Bool) -> Bool {
        var digits = 0
        var points = 0
        for (offset, byte) in bytes.enumerated() {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digits += 1
            case UInt8(ascii: "+"),
                UInt8(ascii: "-") where offset == 0:
                continue
            case UInt8(ascii: ".") where fraction && points == 0:
                points += 1
            default: return false
            }
        }
        return digits > 0
    }
}
