import Foundation
import LifeCore
import LifeKernel

/// What a person typed into `lifectl search`, turned into an FTS5 query that
/// can never be an FTS5 syntax error: every word and every "quoted phrase"
/// becomes an FTS5 string (inner quotes doubled), a trailing `*` on a word
/// makes it a prefix, and the terms are ANDed. So `walk*` finds "walking" and
/// "walks", `"first snow"` finds the two words side by side, and characters
/// FTS5 would read as operators (`-`, `:`, `(`, `^`, `NEAR`) are plain text.
/// A term with no letter or digit (`-`, `:`, `'`) holds nothing the index
/// keeps (the tokenizer reads it as a separator), so it is left out; a search
/// left with nothing to look for is refused rather than answered "No matches".
public struct SearchQuery: Sendable, Hashable {
    public enum Term: Sendable, Hashable {
        case word(String, prefix: Bool)
        case phrase(String)
    }

    public let terms: [Term]

    /// Parses `text`. A quote left open, a lone `*` or nothing to look for
    /// is a usage error naming the field and the rule.
    public init(_ text: String) throws {
        var terms: [Term] = []
        var current = ""
        var inPhrase = false
        func flushWord() throws {
            defer { current = "" }
            guard !current.isEmpty else { return }
            let prefix = current.hasSuffix("*")
            let word = prefix ? String(current.dropLast()) : current
            guard !word.isEmpty, !word.contains("*") else {
                throw LifeError.invalid(
                    field: "words",
                    "'\(current)' is not a search term: a * may only end a word, as in walk* (words starting with walk)"
                )
            }
            if Self.isSearchable(word) { terms.append(.word(word, prefix: prefix)) }
        }
        for character in text {
            if inPhrase {
                if character == "\"" {
                    let phrase = current.trimmingCharacters(in: .whitespacesAndNewlines)
                    if Self.isSearchable(phrase) { terms.append(.phrase(phrase)) }
                    current = ""
                    inPhrase = false
                } else {
                    current.append(character)
                }
            } else if character == "\"" {
                try flushWord()
                inPhrase = true
            } else if character.isWhitespace {
                try flushWord()
            } else {
                current.append(character)
            }
        }
        if inPhrase {
            throw LifeError.invalid(
                field: "words", "the search '\(text)' opens a quoted phrase and never closes it; add the closing \"")
        }
        try flushWord()
        guard !terms.isEmpty else {
            let empty = text.allSatisfy { $0.isWhitespace || $0 == "\"" }
            throw LifeError(
                kind: .invalidValue, field: "words",
                message: empty ? "the search is empty" : "the search '\(text)' has no letter or digit to look for",
                remedy: .searchWord)
        }
        self.terms = terms
    }

    /// Whether `text` holds a character the index keeps: the `unicode61`
    /// tokenizer's token characters are letters, numbers and private-use
    /// characters; everything else separates words and is never found.
    static func isSearchable(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                .decimalNumber, .letterNumber, .otherNumber, .privateUse:
                true
            default: false
            }
        }
    }

    /// The FTS5 MATCH expression: each term an FTS5 string, ANDed.
    public var expression: String {
        terms.map { term in
            switch term {
            case .word(let word, let prefix): Self.quoted(word) + (prefix ? "*" : "")
            case .phrase(let phrase): Self.quoted(phrase)
            }
        }.joined(separator: " AND ")
    }

    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
