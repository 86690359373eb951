import ArgumentParser
import LifeCore

/// A kind of value a person types on the command line: on/off, a view mode,
/// units, a visibility, a mood, a place (`LAT,LON`), a time zone (CORE-13).
///
/// Its values, when it has a fixed list, are shown in help (`(values: color,
/// bw)`) and offered by the bash, zsh and fish completions; a value that is
/// not one of them is refused by the rule that owns the type, in that rule's
/// own words (the field, the value and the rule; exit 64, CORE-7). An option
/// of such a type is declared as `Typed<Value>` (see there).
protocol ArgumentType {
    /// The values to list in help and completion; empty for an open-ended
    /// type (a place, a zone).
    static var argumentValues: [String] { get }

    /// What the shells offer for it: the list of values by default.
    static var argumentCompletion: CompletionKind { get }

    /// The value `text` stands for, or the rule's error naming `field`.
    static func parse(_ text: String, field: String) throws -> Self
}

extension ArgumentType {
    static var argumentValues: [String] { [] }

    static var argumentCompletion: CompletionKind {
        argumentValues.isEmpty ? .default : .list(argumentValues)
    }
}

extension ArgumentType where Self: CaseIterable & RawRepresentable, RawValue == String {
    static var argumentValues: [String] { allCases.map(\.rawValue) }

    /// Any case of the value's spelling (`Public`, `PUBLIC`), else
    /// `FIELD is 'x'; it must be a or b` (`one of a, b, c` for more; exit 64).
    static func parse(_ text: String, field: String) throws -> Self {
        guard let value = allCases.first(where: { $0.rawValue == text.lowercased() }) else {
            let values = argumentValues
            let rule =
                values.count == 2
                ? "\(values[0]) or \(values[1])" : "one of " + values.joined(separator: ", ")
            throw LifeError.invalid(field: field, "\(field) is '\(TerminalText.echoed(text))'; it must be \(rule)")
        }
        return value
    }
}
