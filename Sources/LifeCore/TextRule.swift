/// The text rules every product shares (SPEC CORE-9): limits count Swift
/// `Character`s (grapheme clusters, so an emoji is one) after trimming
/// surrounding white space; empty after trimming means absent for optional
/// text and is an error for required text; NUL and other control characters
/// except newline and tab are refused.
///
/// A text without one visible character is empty too: white space and the
/// invisible format characters (Unicode's default-ignorable code points:
/// the bidirectional controls such as U+202E RIGHT-TO-LEFT OVERRIDE, the
/// zero-width space and joiners, U+2060, U+FEFF, variation selectors,
/// Hangul fillers) draw nothing, so a name or a note made only of them
/// would be a blank that looks filled in. Inside a text that has a visible
/// character they stay (a joiner inside an emoji, a mark for right-to-left
/// script).
public enum TextRule {
    /// A required text field, trimmed and checked.
    public static func required(_ text: String, field: String, limit: Int) throws -> String {
        guard let value = try optional(text, field: field, limit: limit) else {
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            if let invisible = trimmed.unicodeScalars.first(where: { !$0.properties.isWhitespace }) {
                throw LifeError.invalid(
                    field: field,
                    "\(field) is required; it holds only invisible characters (such as \(codePoint(invisible))), which draw nothing"
                )
            }
            throw LifeError.invalid(field: field, "\(field) is required; it is empty after trimming white space")
        }
        return value
    }

    /// An optional text field: nil when absent, empty after trimming or
    /// without a visible character.
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
        if !hasVisibleCharacter(trimmed) { return nil }
        let count = trimmed.count
        if count > limit {
            throw LifeError.invalid(
                field: field, "\(field) is \(Format.grouped(count)) characters; the limit is \(Format.grouped(limit))")
        }
        return trimmed
    }

    /// Whether `text` has a character that draws something: a scalar that
    /// is neither white space nor invisible (`isInvisible`).
    public static func hasVisibleCharacter(_ text: String) -> Bool {
        text.unicodeScalars.contains { !$0.properties.isWhitespace && !isInvisible($0) }
    }

    /// A scalar that draws nothing on its own: a default-ignorable code
    /// point (U+00AD, U+115F, U+200B–U+200F, U+202A–U+202E, U+2060–U+206F,
    /// U+3164, U+FE00–U+FE0F, U+FEFF, the tags …). The few format
    /// characters that are not (U+0600 ARABIC NUMBER SIGN, U+06DD …) are
    /// drawn, and count as visible.
    public static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isDefaultIgnorableCodePoint
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
            if hasVisibleCharacter(text) || text.unicodeScalars.allSatisfy(\.properties.isWhitespace) {
                throw LifeError.invalid(field: field, "\(field) is empty; a saved \(field) never is")
            }
            throw LifeError.invalid(
                field: field,
                "\(field) holds only invisible characters, which draw nothing; a saved \(field) has a visible one")
        }
        if clean != text {
            throw LifeError.invalid(
                field: field, "\(field) has white space around it, which a saved \(field) never has")
        }
    }
}
