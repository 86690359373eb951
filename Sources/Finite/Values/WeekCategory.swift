/// What defined a week: one category at most (SPEC FIN-4). The raw value is
/// the word on the command line and in the database.
public enum WeekCategory: String, CaseIterable, Codable, Sendable {
    case work
    case health
    case growth
    case relationships
    case rest
    case adventure

    /// The capitalised word for human output.
    public var label: String {
        switch self {
        case .work: "Work"
        case .health: "Health"
        case .growth: "Growth"
        case .relationships: "Relationships"
        case .rest: "Rest"
        case .adventure: "Adventure"
        }
    }
}
