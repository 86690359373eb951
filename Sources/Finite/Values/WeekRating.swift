/// How a week felt, on the five-notch spectrum of the marking sheet
/// (SPEC FIN-4: 1 Awful, 2 Hard, 3 Okay, 4 Good, 5 Great).
///
/// The raw value is the number people type (`--rating 4`) and the one stored.
public enum WeekRating: Int, CaseIterable, Codable, Sendable, Comparable {
    case awful = 1
    case hard
    case okay
    case good
    case great

    /// The word shown under the notch.
    public var label: String {
        switch self {
        case .awful: "Awful"
        case .hard: "Hard"
        case .okay: "Okay"
        case .good: "Good"
        case .great: "Great"
        }
    }

    public static func < (lhs: WeekRating, rhs: WeekRating) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}
