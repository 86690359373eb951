/// Text bound for a terminal, made harmless (SPEC CORE-8, issue 9 §4).
///
/// A value typed by someone (a walk's name from a GPX file, a message, a file
/// name, a stdin line) may hold control characters. Printed raw, an escape
/// sequence can recolour the terminal, move the cursor, rewrite the lines
/// above, set the window title, or hide text behind a bidirectional override.
/// Every such character is shown instead as a visible escape, `\u{1B}`, the
/// way Swift spells it, so a person sees what the value holds.
///
/// What is escaped: the C0 controls (U+0000–U+001F), DEL, the C1 controls
/// (U+0080–U+009F), the line and paragraph separators, and the invisible
/// direction marks and overrides (U+061C, U+200E–U+200F, U+202A–U+202E,
/// U+2066–U+2069). JSON output never passes through here: JSON has its own
/// escapes and stays exactly JSON.
public enum TerminalText {
    /// How many characters of a value an echo keeps before "…".
    public static let echoLimit = 80

    /// `text` with every control character escaped. Line feeds and tabs are
    /// kept when `keepingLineBreaks` (a multi-line message, a table), since
    /// they only move to the next line or column.
    public static func escaped(_ text: String, keepingLineBreaks: Bool = true) -> String {
        let scalars = text.unicodeScalars
        guard scalars.contains(where: { needsEscape($0, keepingLineBreaks: keepingLineBreaks) }) else {
            return text
        }
        var result = String.UnicodeScalarView()
        for scalar in scalars {
            if needsEscape(scalar, keepingLineBreaks: keepingLineBreaks) {
                result.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// A value shown on one line (a table cell, a field after its label, a
    /// value in a sentence): escaped, newlines and tabs included, so stored
    /// text cannot start a line of its own that looks like program output.
    /// Unlike `echoed`, nothing is cut.
    public static func oneLine(_ text: String) -> String {
        escaped(text, keepingLineBreaks: false)
    }

    /// A value quoted back to the person (in an error, a summary line): on one
    /// line, escaped, and cut after `limit` characters with "…", so a
    /// megabyte-long argument does not flood the terminal.
    public static func echoed(_ value: String, limit: Int = echoLimit) -> String {
        let line = escaped(value, keepingLineBreaks: false)
        guard line.count > limit else { return line }
        return String(line.prefix(limit)) + "…"
    }

    /// A message bound for stderr with every value in it cut after `limit`
    /// characters with "…", whatever code composed it (a library's refusal
    /// that quotes its input whole, the argument parser's own errors): a
    /// quoted span (`'…'`, opened after a space or a parenthesis and closed
    /// before a space or punctuation) and any run of characters without a
    /// space are cut, both as `echoed` cuts them; what is already cut stays
    /// as it is. Sentences never hold an 80-character word, so only values
    /// are touched (issue 22 §6; docs/output-files.md).
    public static func cuttingEchoes(in message: String, limit: Int = echoLimit) -> String {
        let characters = Array(message)
        guard characters.count > limit else { return message }
        func cut(_ part: ArraySlice<Character>) -> [Character] {
            let isCut = part.count == limit + 1 && part.last == "…"
            return part.count > limit && !isCut ? Array(part.prefix(limit)) + ["…"] : Array(part)
        }
        // Quoted spans first: they may hold spaces. A closing quote is
        // followed by the end, white space or punctuation; `closer[i]` is the
        // first at or after i (one pass, so no input makes this quadratic).
        var closer = [Int?](repeating: nil, count: characters.count + 1)
        for position in stride(from: characters.count - 1, through: 0, by: -1) {
            let next = position + 1
            let closes =
                characters[position] == "'"
                && (next == characters.count || characters[next].isWhitespace || ";:,.)!?".contains(characters[next]))
            closer[position] = closes ? position : closer[next]
        }
        var spans: [Character] = []
        spans.reserveCapacity(characters.count)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            let opens = character == "'" && (index == 0 || characters[index - 1] == " " || characters[index - 1] == "(")
            if opens, let close = closer[index + 1] {
                spans.append("'")
                spans.append(contentsOf: cut(characters[(index + 1)..<close]))
                spans.append("'")
                index = close + 1
            } else {
                spans.append(character)
                index += 1
            }
        }
        // Then every run between white space, its surrounding quotes and
        // punctuation left in place.
        var result = ""
        result.reserveCapacity(spans.count)
        var start = 0
        while start < spans.count {
            if spans[start].isWhitespace {
                result.append(spans[start])
                start += 1
                continue
            }
            var end = start
            while end < spans.count && !spans[end].isWhitespace { end += 1 }
            var core = start..<end
            while core.lowerBound < core.upperBound, "'\"(".contains(spans[core.lowerBound]) {
                core = (core.lowerBound + 1)..<core.upperBound
            }
            while core.lowerBound < core.upperBound, "'\";:,.)".contains(spans[core.upperBound - 1]) {
                core = core.lowerBound..<(core.upperBound - 1)
            }
            result.append(contentsOf: spans[start..<core.lowerBound])
            result.append(contentsOf: cut(spans[core]))
            result.append(contentsOf: spans[core.upperBound..<end])
            start = end
        }
        return result
    }

    /// Whether `scalar` may not reach a terminal as it is.
    public static func needsEscape(_ scalar: Unicode.Scalar, keepingLineBreaks: Bool = false) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: !keepingLineBreaks
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
