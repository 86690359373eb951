/// The text rules every product shares (SPEC CORE-9): limits count Swift
/// `Character`s (grapheme clusters, so an emoji is one) after trimming
/// surrounding white space; empty after trimming means absent for optional
/// text and is an error for required text; NUL and other control characters
/// except newline and tab are refused.
public enum TextRule {
    /// A required text field, trimmed and checked.
    public static func required(_ text: String, field: String, limit: Int) throws -> String {
        guard let value = try optional(text, field: field, limit: limit) else {
            throw LifeError.invalid(field: field, "\(field) is required; it is empty after trimming white space")
        }
        return value
    }

    /// An optional text field: nil when absent or empty after trimming.
    public static func optional(_ text: String?, field: String, limit: Int) throws -> String? {
        guard let text else { return nil }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { return nil }
        for (offset, character) in trimmed.enumerated() {
            for scalar in character.unicodeScalars
            where scalar.properties.generalCategory == .control && scalar != "\n" && scalar != "\t" {
                let code = String(scalar.value, radix: 16, uppercase: true)
                throw LifeError.invalid(
                    field: field,
                    "\(field) contains the control character U+\(String(repeating: "0", count: max(0, 4 - code.count)) + code) at character \(offset + 1); only newline and tab are allowed"
                )
            }
        }
        let count = trimmed.count
        if count > limit {
            throw LifeError.invalid(
                field: field, "\(field) is \(Format.grouped(count)) characters; the limit is \(Format.grouped(limit))")
        }
        return trimmed
    }
}
