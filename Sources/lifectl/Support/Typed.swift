import ArgumentParser

/// An option or argument of an `ArgumentType`, as the person typed it:
/// `@Option var view: Typed<ViewMode>?`, read with `try view?.value("--view")`.
///
/// The parser takes any text (so a wrong value is never its generic "The
/// value is invalid" with a usage dump), while help and the completion
/// scripts list the type's values; `value(_:)` then checks the text by the
/// type's own rule, which names the field, the value and the rule (exit 64).
/// A command reads its typed values before it changes anything.
struct Typed<Value: ArgumentType>: ExpressibleByArgument {
    /// The text as given.
    let text: String

    init(argument: String) {
        text = argument
    }

    static var allValueStrings: [String] { Value.argumentValues }

    static var defaultCompletionKind: CompletionKind { Value.argumentCompletion }

    var defaultValueDescription: String { text }

    /// The value, or the type's refusal naming `field` (`--view`, `kind`).
    func value(_ field: String) throws -> Value {
        try Value.parse(text, field: field)
    }
}
