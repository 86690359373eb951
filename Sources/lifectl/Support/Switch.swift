import LifeCore

/// On or off: the one type of everything that is either (CORE-13; the table
/// in docs/design.md): `--share-mood off`, `--biometric-lock on`,
/// `--sketch off`, `--anniversaries off`.
///
/// Help and completion list `on` and `off`; `yes`/`no`, `true`/`false` and
/// `1`/`0`, which some commands took before, still read, in any case.
enum Switch: String, CaseIterable, ArgumentType {
    case on, off

    var isOn: Bool { self == .on }

    init(_ isOn: Bool) {
        self = isOn ? .on : .off
    }

    static func parse(_ text: String, field: String) throws -> Switch {
        switch text.lowercased() {
        case "on", "yes", "true", "1": return .on
        case "off", "no", "false", "0": return .off
        default:
            throw LifeError.invalid(field: field, "\(field) is '\(TerminalText.echoed(text))'; it must be on or off")
        }
    }
}
