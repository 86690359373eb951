import Foundation
import LifeCore
import LifeDB
import LifeKernel

extension TableMerger {
    /// `walks row '…'`, `lifetimer_follows row (follower_id '…', followee_id '…')`,
    /// or `walks row 3` when the file leaves the key out.
    func rowLabel(_ row: [String: ExportValue], index: Int) -> String {
        let values = keys.map { row[$0] ?? .null }
        if values.contains(.null) { return "\(spec.name) row \(index + 1)" }
        if keys.count == 1, let value = values.first { return "\(spec.name) row \(Self.quoted(value))" }
        let pairs = zip(keys, values).map { "\($0) \(Self.quoted($1))" }
        return "\(spec.name) row (\(pairs.joined(separator: ", ")))"
    }

    /// A value quoted back on one line, cut at 80 characters.
    static func quoted(_ value: ExportValue) -> String {
        switch value {
        case .null: "null"
        case .integer(let number): "\(number)"
        case .real(let number): "\(number)"
        case .text(let text): "'\(TerminalText.echoed(text))'"
        case .base64(let data): "of \(Format.count(data.count, "byte", "bytes"))"
        case .track: "a track"
        }
    }

    package static func quoted(_ value: DatabaseValue) -> String {
        quoted((try? ExportValue(value)) ?? .null)
    }

    /// A key's value as plain text, for a report.
    static func plain(_ value: DatabaseValue) -> String {
        switch value {
        case .text(let text): text
        case .integer(let number): "\(number)"
        default: quoted(value)
        }
    }

    /// A product's rule refused the row: its sentence, with the file, table
    /// and row around it (exit 65). A private column's words never appear:
    /// a sentence that would quote them is replaced by one naming the column.
    func refused(_ error: LifeError, row: ImportRow, label: String) -> LifeError {
        var message = error.message
        for column in spec.privateColumns.sorted() {
            for value in [row.values[column], row.incoming[column]] {
                guard case .text(let text)? = value, Self.mentions(message, text) else { continue }
                message = "\(column) breaks the rule for it (its words are never quoted)"
            }
        }
        return LifeError.malformed(
            "the file's \(label) is refused: \(message); nothing was imported", field: spec.name)
    }

    /// True when `message` quotes any stretch of `text` long enough to tell
    /// (eight characters, or all of a shorter text), trimmed or not.
    static func mentions(_ message: String, _ text: String) -> Bool {
        let words = Array(text.trimmingCharacters(in: .whitespacesAndNewlines))
        guard !words.isEmpty else { return false }
        let width = min(8, words.count)
        for start in 0...(words.count - width) where message.contains(String(words[start..<(start + width)])) {
            return true
        }
        return false
    }

    /// The sentence for a row SQLite refused, told by its extended result
    /// code: the table, the row by its key, the column and its value, or the
    /// columns a rule ties together; never the SQL, never a private value.
    func rowRefused(_ error: DatabaseError, row: ImportRow, label: String) -> LifeError {
        // SQLite's message names the table's columns ("CHECK constraint
        // failed: rating BETWEEN 1 AND 5"); the columns it mentions are found
        // among the table's own names, the rule is told by the code.
        let named = Self.mentioned(in: error.message, columns: columns)
        /// "name 'x'", or for a private column just its name.
        func described(_ name: String) -> String {
            spec.privateColumns.contains(name) ? name : "\(name) \(Self.quoted(row.values[name] ?? .null))"
        }
        let reason: String
        switch error.constraint {
        case .notNull:
            let name = named.first ?? "a column"
            reason =
                row.incoming[name] == nil
                ? "has no \(name), which the table requires" : "has \(name) null; it is required"
        case .datatype:
            let name = named.last ?? "a column"
            reason = "has \(described(name)), but the column holds \((types[name] ?? "other").lowercased()) values"
        case .check:
            if named.count == 1, let name = named.first {
                reason = "has \(described(name)), which the table does not allow"
            } else if named.isEmpty {
                reason = "breaks a rule of the table"
            } else {
                let missing = named.filter { row.values[$0] == nil }
                reason =
                    "has \(Self.listed(named)) that do not fit together by the table's rules"
                    + (missing.isEmpty ? "" : " (\(Self.listed(missing)) not in the file)")
            }
        case .unique, .primaryKey:
            reason = "has the same \(Self.listed(named)) as another row, which the table does not allow"
        case .trigger:
            // A trigger's own words (RAISE), written for people.
            reason = "is refused: \(TerminalText.echoed(error.message))"
        default:
            reason = "breaks a rule of the table"
        }
        return LifeError.malformed("the file's \(label) \(reason); nothing was imported", field: spec.name)
    }

    /// "a", "a and b", "a, b and c".
    static func listed(_ names: [String]) -> String {
        guard let last = names.last, names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " and " + last
    }

    /// The table's columns an SQL expression names, in the table's order.
    static func mentioned(in expression: String, columns: [String]) -> [String] {
        let words = Set(expression.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init))
        return columns.filter { words.contains($0) }
    }
}

extension TableMerger {
    /// Why sync holds a row back, in the product's words, with no private
    /// column's words in it (a locked note's text is never quoted).
    package func heldBackReason(_ error: LifeError, row: ImportRow) -> String {
        for column in spec.privateColumns.sorted() {
            for value in [row.values[column], row.incoming[column]] {
                guard case .text(let text)? = value, Self.mentions(error.message, text) else { continue }
                return "\(column) breaks the rule for it (its words are never quoted)"
            }
        }
        return error.message
    }
}
