/// The date grammar of the command line (SPEC CORE-6), resolved against the
/// owner's local today:
///
/// - ISO 8601: `2026-03-01`, `2026-03-01T08:00`, `2026-03-01T08:00:30`
/// - `today`, `yesterday`, `tomorrow`
/// - a weekday name (`friday`, `fri`): the next one, strictly after today
/// - an offset from today: `+3d`, `+2w`, `+6m`, `+1y`, and `-3d` … for the past
///   (a day past the month's end moves to its last day, like `CivilDate.adding`)
///
/// Words are case-insensitive. Anything else is an error naming the field, and
/// so is a date that falls outside the years 1–9999 (`+7974y`, `tomorrow` on
/// 9999-12-31): it is refused, never clamped to the first or last day.
public enum DateExpression {
    /// The date named by `text`. A time of day, if given, is checked and dropped.
    public static func date(_ text: String, field: String, today: CivilDate) throws -> CivilDate {
        try dateTime(text, field: field, today: today).date
    }

    /// The date named by `text`, and the time of day when the text has one.
    public static func dateTime(_ text: String, field: String, today: CivilDate) throws -> (
        date: CivilDate, time: LocalTime?
    ) {
        let word = text.trimmingCharacters(in: .whitespaces).lowercased()
        switch word {
        case "today": return (today, nil)
        case "yesterday": return (try bounded(today.adding(days: -1), today: today, field: field, original: text), nil)
        case "tomorrow": return (try bounded(today.adding(days: 1), today: today, field: field, original: text), nil)
        default: break
        }
        if let weekday = Weekday.allCases.first(where: {
            $0.name.lowercased() == word || $0.name.lowercased().prefix(3) == word
        }) {
            var ahead = (weekday.rawValue - today.weekday.rawValue + 7) % 7
            if ahead == 0 { ahead = 7 }
            return (try bounded(today.adding(days: ahead), today: today, field: field, original: text), nil)
        }
        if let first = word.first, first == "+" || first == "-" {
            return (try offset(word, field: field, original: text, today: today), nil)
        }
        if word.count == 10, let date = CivilDate(iso: word) {
            return (date, nil)
        }
        if word.count >= 16, word.count <= 19, word.dropFirst(10).first == "t",
            let date = CivilDate(iso: word.prefix(10))
        {
            let clock = word.dropFirst(11)
            let parts = clock.split(separator: ":", omittingEmptySubsequences: false)
            if parts.count == 3, parts[2].count == 2, let seconds = CivilDate.number(ArraySlice(parts[2].utf8)),
                (0...59).contains(seconds),
                let time = LocalTime(text: parts[0] + ":" + parts[1])
            {
                return (date, time)
            }
            if parts.count == 2, parts[0].count == 2, let time = LocalTime(text: clock) {
                return (date, time)
            }
        }
        throw invalid(field, text)
    }

    private static func offset(_ word: String, field: String, original: String, today: CivilDate) throws -> CivilDate {
        let sign = word.first == "-" ? -1 : 1
        // Digits only: Int("-5") would let "+-5d" or "--…w" through, and a
        // huge negative amount overflowed `7 * n` (found by scripts/fuzz date).
        let digits = word.dropFirst().dropLast()
        guard let unit = word.last, "dwmy".contains(unit), word.count >= 3,
            digits.allSatisfy({ $0.isASCII && $0.isNumber })
        else { throw invalid(field, original) }
        // Years 1–9999 span fewer than 3,700,000 days: a larger amount of any
        // unit (or one too long for an Int) lands outside them, and stopping
        // here keeps `7 * n` and the month count far from overflowing.
        guard let amount = Int(digits), amount <= 10_000_000 else {
            throw outside(today: today, field: field, original: original)
        }
        let n = sign * amount
        let date: CivilDate
        switch unit {
        case "d": date = today.adding(days: n)
        case "w": date = today.adding(days: 7 * n)
        case "m": date = today.adding(months: n)
        case "y": date = today.adding(years: n)
        default: throw invalid(field, original)
        }
        return try bounded(date, today: today, field: field, original: original)
    }

    /// The date, or an error when arithmetic took it outside the years 1–9999:
    /// refused, never clamped.
    private static func bounded(_ date: CivilDate, today: CivilDate, field: String, original: String) throws
        -> CivilDate
    {
        guard date.isInYearRange else { throw outside(today: today, field: field, original: original) }
        return date
    }

    private static func outside(today: CivilDate, field: String, original: String) -> LifeError {
        LifeError.invalid(
            field: field,
            "\(field) is '\(original)'; counted from today (\(today.iso)) that falls outside the years 1–9999")
    }

    private static func invalid(_ field: String, _ text: String) -> LifeError {
        LifeError.invalid(
            field: field,
            "\(field) is '\(text)'; expected a real date as YYYY-MM-DD (or YYYY-MM-DDTHH:MM), today, yesterday, tomorrow, a weekday name, or an offset such as +3d, +2w, +6m, +1y"
        )
    }
}
