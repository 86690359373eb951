import LifeCore

/// The rules of life phases (SPEC FIN-11) that a command and an import both
/// apply, pure over the values they are given.
extension FiniteRules {
    /// A phase's name: required, at most `phaseNameLimit` characters after
    /// trimming, on one line (no newline or tab).
    public static func phaseName(_ text: String, field: String = "name") throws -> String {
        let name = try TextRule.required(text, field: field, limit: phaseNameLimit)
        if name.contains(where: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" || $0 == "\t" }) {
            throw LifeError.invalid(
                field: field, "\(field) holds a line break or a tab; a phase's name is one line")
        }
        return name
    }

    /// The weeks of a phase: from a week of the grid to a later one (or the
    /// same), both inside the grid; an ongoing phase (no end) must have begun
    /// by the current week, since it lasts through the current week.
    public static func checkPhaseWeeks(start: Int, end: Int?, status: LifeStatus) throws {
        let lastWeek = gridEnd(status)
        for (field, index) in [("from", start), ("to", end)] {
            guard let index else { continue }
            guard index >= 0 else {
                throw LifeError.invalid(field: field, "\(field) is week \(index + 1); weeks are numbered from 1")
            }
            guard index < lastWeek else {
                throw LifeError.invalid(
                    field: field,
                    "\(field) is week \(Format.grouped(index + 1)); the grid ends at week \(Format.grouped(lastWeek))")
            }
        }
        if let end, end < start {
            throw LifeError.invalid(
                field: "to",
                "to is week \(Format.grouped(end + 1)), before the start, week \(Format.grouped(start + 1)); a phase ends on or after the week it starts"
            )
        }
        if end == nil, start > status.currentWeek.index {
            throw LifeError.invalid(
                field: "to",
                "the phase starts in week \(Format.grouped(start + 1)), after the current week (\(Format.grouped(status.currentWeekNumber))), and has no end; a phase that has not begun needs an end week"
            )
        }
    }

    /// The first week the phase `weeks` would share with `phasesPerWeek`
    /// others or more, with the names of those it would share it with; nil
    /// when no week of it is that crowded. `others` are the other phases'
    /// names and weeks (ongoing ones through the current week).
    public static func crowdedWeek(_ weeks: ClosedRange<Int>, others: [(name: String, weeks: ClosedRange<Int>)])
        -> (week: Int, names: [String])?
    {
        let overlapping = others.filter { $0.weeks.overlaps(weeks) }
        guard overlapping.count >= phasesPerWeek else { return nil }
        // The count only rises where a phase starts: check those weeks.
        let starts = Set([weeks.lowerBound] + overlapping.map { max($0.weeks.lowerBound, weeks.lowerBound) })
        for week in starts.sorted() where weeks.contains(week) {
            let sharing = overlapping.filter { $0.weeks.contains(week) }
            if sharing.count >= phasesPerWeek {
                return (week, sharing.map(\.name).sorted())
            }
        }
        return nil
    }

    /// Refuses a phase that would make a week belong to more than
    /// `phasesPerWeek` phases.
    public static func checkPhaseOverlap(
        name: String, weeks: ClosedRange<Int>, others: [(name: String, weeks: ClosedRange<Int>)]
    ) throws {
        guard let crowded = crowdedWeek(weeks, others: others) else { return }
        let names = crowded.names.map { "'\(TerminalText.echoed($0))'" }.joined(separator: ", ")
        throw LifeError.invalid(
            field: "weeks",
            "week \(Format.grouped(crowded.week + 1)) already belongs to \(names); a week belongs to at most \(phasesPerWeek) phases, so '\(TerminalText.echoed(name))' cannot cover it"
        )
    }
}
