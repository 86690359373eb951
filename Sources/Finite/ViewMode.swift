/// Colour or black-and-white view of the grid (SPEC FIN-5, default colour).
/// In `bw` the rating colours become greys (FIN-9).
public enum ViewMode: String, CaseIterable, Codable, Sendable {
    case color
    case bw
}
