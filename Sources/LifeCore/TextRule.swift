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
            for scalar in character.unicodeScalars where isForbidden(scalar) {
                throw LifeError.invalid(
                    field: field,
                    "\(field) contains the control character \(codePoint(scalar)) at character \(offset + 1); only newline and tab are allowed"
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

    /// NUL and the other control characters (C0, DEL, C1) but newline and tab.
    public static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control && scalar != "\n" && scalar != "\t"
    }

    /// The first scalar of `text` that no stored text may hold, if any.
    public static func forbiddenScalar(in text: String) -> Unicode.Scalar? {
        // The control characters (general category Cc) are U+0000–U+001F and
        // U+007F–U+009F: in UTF-8 a byte below 0x20, 0x7F, or 0xC2 followed
        // by 0x80–0x9F. Most texts have none of those bytes, and a scan of
        // the bytes is much cheaper than each scalar's properties.
        var previous: UInt8 = 0
        var suspect = false
        for byte in text.utf8 {
            if (byte < 0x20 && byte != 0x0A && byte != 0x09) || byte == 0x7F
                || (previous == 0xC2 && byte < 0xA0 && byte >= 0x80)
            {
                suspect = true
                break
            }
            previous = byte
        }
        guard suspect else { return nil }
        return text.unicodeScalars.first(where: isForbidden)
    }

    /// "U+0007".
    public static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let code = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - code.count)) + code
    }
}

extension TextRule {
    /// Checks a text as it is stored (an imported row): exactly what
    /// `optional` or `required` would have made of a typed one, so it is
    /// trimmed, not empty, within `limit` and free of control characters.
    /// The message never quotes the text (it may be private).
    public static func checkStored(_ text: String?, field: String, limit: Int, required: Bool = false) throws {
        guard let text else {
            if required { throw LifeError.invalid(field: field, "\(field) is missing; it is required") }
            return
        }
        guard let clean = try optional(text, field: field, limit: limit) else {
            throw LifeError.invalid(field: field, "\(field) is empty; a saved \(field) never is")
        }
        if clean != text {
            throw LifeError.invalid(
                field: field, "\(field) has white space around it, which a saved \(field) never has")
        }
    }
}
