/// The colours of Finite, defined once (SPEC FIN-9) and used by every picture.
///
/// Ratings run from deep red to deep green (the seed's spectrum). The two
/// ends differ in lightness as well as hue, and the green leans to teal, so
/// that "Awful" and "Great" stay apart for red–green colour-blind eyes.
///
/// | rating    | colour       | hex       | B&W grey  |
/// |-----------|--------------|-----------|-----------|
/// | 1 Awful   | deep red     | `#8E1B1B` | `#D9D9D9` |
/// | 2 Hard    | orange-red   | `#D9531E` | `#BBBBBB` |
/// | 3 Okay    | amber        | `#E8A33D` | `#9C9C9C` |
/// | 4 Good    | soft green   | `#7FB069` | `#7D7D7D` |
/// | 5 Great   | deep green   | `#1E6B52` | `#5E5E5E` |
///
/// In black-and-white mode a better week is a darker grey, as on a heat map:
/// more ink for a fuller week. All five greys stay clearly lighter than the
/// charcoal of a lived, unmarked week, so a marked week never looks unmarked.
///
/// | element                      | hex       |
/// |------------------------------|-----------|
/// | background (off-white)       | `#FAFAF7` |
/// | ink: text, axes (near-black) | `#1C1C1C` |
/// | lived week fill (charcoal)   | `#262626` |
/// | future week outline          | `#B8B8B0` |
/// | current week accent stroke   | `#2F6FDE` |
/// | lived beyond the expectancy  | `#6B5B95` |
///
/// Life phases (FIN-11) are drawn as bands beside the grid and outlines
/// around their weeks, never as fills, in colours away from the rating
/// spectrum: no red, orange, amber or green. In black-and-white mode every
/// phase is drawn in ink, told apart by its dash pattern (SVG
/// `stroke-dasharray`; solid for sky).
///
/// | phase colour | hex       | B&W dashes |
/// |--------------|-----------|------------|
/// | sky          | `#4BA3E3` | solid      |
/// | violet       | `#8A5CD1` | `6 3`      |
/// | magenta      | `#C03A94` | `2 2`      |
/// | indigo       | `#3949AB` | `8 3 2 3`  |
/// | slate        | `#5F7A8C` | `4 4`      |
/// | pink         | `#EE8FC4` | `1 3`      |
public enum FinitePalette {
    public static let background = "#FAFAF7"
    public static let ink = "#1C1C1C"
    public static let lived = "#262626"
    public static let future = "#B8B8B0"
    /// An accent outside the red–green spectrum, so the current week stands
    /// out whatever its rating.
    public static let current = "#2F6FDE"
    /// Weeks lived past the expectancy, in colour mode (in B&W they keep the
    /// lived charcoal and are told apart by their smaller size).
    public static let beyondExpectancy = "#6B5B95"

    /// The rating's colour in colour mode.
    public static func hex(for rating: WeekRating) -> String {
        switch rating {
        case .awful: "#8E1B1B"
        case .hard: "#D9531E"
        case .okay: "#E8A33D"
        case .good: "#7FB069"
        case .great: "#1E6B52"
        }
    }

    /// The rating's grey in black-and-white mode: darker is better.
    public static func grey(for rating: WeekRating) -> String {
        switch rating {
        case .awful: "#D9D9D9"
        case .hard: "#BBBBBB"
        case .okay: "#9C9C9C"
        case .good: "#7D7D7D"
        case .great: "#5E5E5E"
        }
    }

    /// The rating's fill in `mode`.
    public static func fill(for rating: WeekRating, mode: ViewMode) -> String {
        switch mode {
        case .color: hex(for: rating)
        case .bw: grey(for: rating)
        }
    }

    /// The fill of a week lived past the expectancy in `mode`.
    public static func beyondExpectancyFill(mode: ViewMode) -> String {
        switch mode {
        case .color: beyondExpectancy
        case .bw: lived
        }
    }

    /// A phase colour's hex value (colour mode).
    public static func phaseHex(_ colour: PhaseColour) -> String {
        switch colour {
        case .sky: "#4BA3E3"
        case .violet: "#8A5CD1"
        case .magenta: "#C03A94"
        case .indigo: "#3949AB"
        case .slate: "#5F7A8C"
        case .pink: "#EE8FC4"
        }
    }

    /// A phase colour's dash pattern in black-and-white mode (an SVG
    /// `stroke-dasharray`), nil for a solid line.
    public static func phaseDash(_ colour: PhaseColour) -> String? {
        switch colour {
        case .sky: nil
        case .violet: "6 3"
        case .magenta: "2 2"
        case .indigo: "8 3 2 3"
        case .slate: "4 4"
        case .pink: "1 3"
        }
    }

    /// The stroke of a phase in `mode`: its colour, or ink in black and white.
    public static func phaseStroke(_ colour: PhaseColour, mode: ViewMode) -> String {
        switch mode {
        case .color: phaseHex(colour)
        case .bw: ink
        }
    }

    /// The red, green and blue components (0–255) of `#RRGGBB`, or nil for
    /// anything else; the terminal's 24-bit colours are built from these.
    public static func rgb(_ hex: String) -> (red: Int, green: Int, blue: Int)? {
        let digits = Array(hex.utf8)
        guard digits.count == 7, digits[0] == UInt8(ascii: "#") else { return nil }
        var components: [Int] = []
        for pair in stride(from: 1, to: 7, by: 2) {
            guard let high = hexDigit(digits[pair]), let low = hexDigit(digits[pair + 1]) else { return nil }
            components.append(high * 16 + low)
        }
        return (components[0], components[1], components[2])
    }

    private static func hexDigit(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte - UInt8(ascii: "A")) + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a")) + 10
        default: nil
        }
    }
}
