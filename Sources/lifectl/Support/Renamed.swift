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
