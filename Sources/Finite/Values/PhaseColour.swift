import LifeCore

/// The colour of a life phase (SPEC FIN-11): one of six names, never a hex
/// value, so that no phase can take a rating's colour. The hues are blues,
/// violets and pinks, away from the rating spectrum (red, orange, amber,
/// green) on the poster and in the terminal; in black-and-white mode each
/// colour is drawn in ink with its own dash pattern instead
/// (`FinitePalette.phaseHex`, `FinitePalette.phaseDash`).
public enum PhaseColour: String, Sendable, Codable, CaseIterable {
    case sky, violet, magenta, indigo, slate, pink

    /// A colour name in any case, trimmed, or an error naming `field`.
    public static func parse(_ text: String, field: String) throws -> PhaseColour {
        let key = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard let colour = PhaseColour(rawValue: key) else {
            throw LifeError.invalid(
                field: field,
                "\(field) is '\(TerminalText.echoed(text))'; it must be one of \(allCases.map(\.rawValue).joined(separator: ", ")) (the phase colours, none of which is a rating's)"
            )
        }
        return colour
    }

    /// The colour a new phase gets when none is given: the first one no
    /// phase uses yet, else the next in turn after `used.count`.
    public static func next(after used: [PhaseColour]) -> PhaseColour {
        if let free = allCases.first(where: { !used.contains($0) }) { return free }
        return allCases[used.count % allCases.count]
    }
}
