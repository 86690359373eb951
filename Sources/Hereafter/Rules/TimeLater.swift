import LifeCore

/// The time between a message and its reply, as the thread shows it
/// ("2 years later", SPEC HA-5).
///
/// Calendar-based and rounded down: whole years if at least one, else whole
/// months if at least one, else days; both dates are the owner's local
/// planted dates. A year is counted with `CivilDate.adding(years:)`, so from
/// 29 February a year later is 28 February.
public enum TimeLater: Equatable, Sendable {
    case sameDay
    case days(Int)
    case months(Int)
    case years(Int)

    public static func between(_ from: CivilDate, _ to: CivilDate) -> TimeLater {
        guard from < to else { return .sameDay }
        var years = to.year - from.year
        if from.adding(years: years) > to { years -= 1 }
        if years >= 1 { return .years(years) }
        var months = (to.year - from.year) * 12 + (to.month - from.month)
        if from.adding(months: months) > to { months -= 1 }
        if months >= 1 { return .months(months) }
        return .days(from.days(until: to))
    }

    /// "2 years later", "1 month later", "3 days later", "the same day".
    public var phrase: String {
        switch self {
        case .sameDay: "the same day"
        case .days(let n): "\(Format.count(n, "day", "days")) later"
        case .months(let n): "\(Format.count(n, "month", "months")) later"
        case .years(let n): "\(Format.count(n, "year", "years")) later"
        }
    }
}
