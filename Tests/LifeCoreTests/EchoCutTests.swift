import LifeCore
import Testing

/// `TerminalText.cuttingEchoes` (issue 22 §6, CORE-8): every value in a
/// stderr line cut after 80 characters with "…", the sentence around it kept.
@Suite struct EchoCutTests {
    static let x81 = String(repeating: "x", count: 81)
    static let x80 = String(repeating: "x", count: 80)
    static let spaced = String(repeating: "ab ", count: 40)  // 120 characters, ends with a space

    @Test(arguments: [
        // Short text and a value at the limit are untouched.
        ("error: walk 'abc' does not exist", "error: walk 'abc' does not exist"),
        ("error: walk '\(x80)' does not exist", "error: walk '\(x80)' does not exist"),
        // A quoted value and a bare run one over the limit are cut.
        ("error: walk '\(x81)' does not exist", "error: walk '\(x80)…' does not exist"),
        ("error: \(x81): no such file", "error: \(x80)…: no such file"),
        // A quoted value with spaces, closed before punctuation.
        (
            "error: the search '\(spaced)'; add a word",
            "error: the search '\(String(spaced.prefix(80)))…'; add a word"
        ),
        // Already cut by TerminalText.echoed: left as it is.
        ("error: --db is '\(x80)…'; it must name a file", "error: --db is '\(x80)…'; it must name a file"),
        // An apostrophe in a word does not open a quote.
        ("error: the account's name is '\(x81)'.", "error: the account's name is '\(x80)…'."),
    ])
    func cutsValuesOnly(message: String, expected: String) {
        #expect(TerminalText.cuttingEchoes(in: message) == expected)
    }

    /// Many quotes that never close: one pass, and every run still cut.
    @Test func unclosedQuotesStayLinear() {
        let message = String(repeating: "x '", count: 50_000) + Self.x81
        let cut = TerminalText.cuttingEchoes(in: message)
        #expect(cut.hasSuffix(" '" + Self.x80 + "…"))
        #expect(cut.count == message.count)
    }
}
