import LifeCore

/// Colour or black-and-white view of the grid (SPEC FIN-5, default colour).
/// In `bw` the rating colours become greys (FIN-9).
public enum ViewMode: String, CaseIterable, Codable, Sendable {
    case color
    case bw

    /// `color` or `bw` in any case, or an error naming `field`.
    public static func parse(_ text: String, field: String) throws -> ViewMode {
        guard let mode = ViewMode(rawValue: text.lowercased()) else {
            throw LifeError.invalid(field: field, "\(field) is '\(text)'; it must be color or bw")
        }
        return mode
    }
}
