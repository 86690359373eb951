import Foundation
import LifeCore

/// One JSON document per command (SPEC CORE-8): keys sorted, instants as ISO
/// 8601 in UTC, dates as `YYYY-MM-DD`. Shapes are documented in docs/json.md.
enum JSONOutput {
    static func render(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(Timestamp.iso8601(date))
        }
        let data = try encoder.encode(value)
        return escapingInvisibleControls(String(decoding: data, as: UTF8.self))
    }

    /// `json` with DEL, the C1 controls (U+0080–U+009F), the line and
    /// paragraph separators and the bidirectional marks, overrides and
    /// isolates written as `\u` and four hexadecimal digits (issue 22 §6, CORE-8). JSONEncoder
    /// escapes only C0; these others, printed raw by `lifectl … --json` on a
    /// terminal, would act there (U+009B starts an escape sequence, U+202E
    /// reverses the text after it). Each can only stand inside a JSON
    /// string, where that escape means the same character, so a parser reads
    /// the same document.
    static func escapingInvisibleControls(_ json: String) -> String {
        func escapes(_ scalar: Unicode.Scalar) -> Bool {
            scalar.value >= 0x7F && TerminalText.needsEscape(scalar)
        }
        guard json.unicodeScalars.contains(where: escapes) else { return json }
        var result = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            if escapes(scalar) {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    static func print(_ value: some Encodable) throws {
        Terminal.writeRendered(try render(value))
    }

    /// A list command's answer: an object whose one key names what is
    /// listed (`{"goals": [...]}`), never a bare array (CORE-13), so a key
    /// can be added beside the list later without breaking a reader.
    static func print<Item: Encodable>(_ key: String, _ items: [Item]) throws {
        try print([key: items])
    }
}
