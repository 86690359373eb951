import LifeCore

/// An option renamed for the one vocabulary (CORE-13; the table in
/// docs/design.md) keeps its old spelling as a hidden option, declared beside
/// the new one with `help: .hidden` (shown by `--help-hidden`, never
/// completed): the old spelling still works, and says once on stderr what
/// it is now (`note: --public is now --visibility public`), so stdout and
/// `--json` stay what they were.
enum Renamed {
    /// The one line on stderr for a spelling that still works.
    static func notice(_ old: String, isNow new: String) {
        Terminal.writeError("note: \(old) is now \(new)")
    }

    /// The value given by the new spelling, else by the old one (saying so);
    /// both at once is refused (exit 64).
    static func pick<Value>(_ value: Value?, _ oldValue: Value?, old: String, new: String, isNow: String? = nil)
        throws -> Value?
    {
        guard let oldValue else { return value }
        guard value == nil else {
            throw LifeError.invalid(field: new, "give \(new) only: \(old) is its old spelling")
        }
        notice(old, isNow: isNow ?? new)
        return oldValue
    }
}

extension Renamed {
    /// The typed value of the new spelling, else of the old one (saying so);
    /// a wrong value is refused naming the spelling that was typed.
    static func value<Value>(
        _ value: Typed<Value>?, _ oldValue: Typed<Value>?, old: String, new: String, isNow: String? = nil
    ) throws -> Value? {
        guard let given = try pick(value, oldValue, old: old, new: new, isNow: isNow) else { return nil }
        return try given.value(value == nil ? old : new)
    }

    /// A flag renamed: true when the new spelling says so, or the old flag
    /// was given (saying what it is now).
    static func flag(_ value: Bool, _ oldValue: Bool, old: String, new: String, isNow: String? = nil) throws -> Bool {
        guard oldValue else { return value }
        guard !value else { throw LifeError.invalid(field: new, "give \(new) only: \(old) is its old spelling") }
        notice(old, isNow: isNow ?? new)
        return true
    }
}
