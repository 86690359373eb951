import Foundation
import LifeCore
import LifeDB
import LifeKernel

/// Life phases (SPEC FIN-11): named chapters of a life, each from a start
/// week to an optional end week, with a colour. Names are unique ignoring
/// case (a command names a phase by it); phases may overlap, up to
/// `FiniteRules.phasesPerWeek` on any week.
extension FiniteSession {
    static let selectPhases =
        "SELECT id, name, start_week_index, end_week_index, colour, created_at, updated_at FROM finite_phases"

    /// One `finite_phases` row, read by column name; a week index no life
    /// has is an error naming it (exit 65), never a trap in the dates'
    /// arithmetic.
    static func decodePhase(_ row: TableRow) throws -> LifePhase {
        let start: Int = try row["start_week_index"]
        let end: Int? = try row["end_week_index"]
        for index in [start, end].compactMap({ $0 }) where !(0...FiniteRules.largestWeekIndex).contains(index) {
            throw LifeError.malformed("finite_phases: a week index is \(index), which is no week of a life")
        }
        return LifePhase(
            id: try row["id"], name: try row["name"], startWeekIndex: start, endWeekIndex: end,
            colour: try row["colour", as: PhaseColour.self], createdAt: try row["created_at"],
            updatedAt: try row["updated_at"])
    }

    /// Every phase, by start week, then name.
    func phases() throws -> [LifePhase] {
        var phases: [LifePhase] = []
        try db.forEachRow(table: "finite_phases", Self.selectPhases + " ORDER BY start_week_index, name, id") {
            phases.append(try Self.decodePhase($0))
        }
        return phases
    }

    /// Every phase with the dates of its weeks (`lifectl finite phase list`),
    /// by start week, then name.
    func phaseDetails() throws -> [PhaseDetail] {
        let snapshot = try snapshot()
        // In the pictures' order, so that the list's keys are the grid's.
        return PhaseBand.layout(try phases().map { detail($0, snapshot) }).map(\.phase)
    }

    private func detail(_ phase: LifePhase, _ snapshot: Snapshot) -> PhaseDetail {
        PhaseDetail(phase, grid: snapshot.grid, currentWeekIndex: snapshot.status.currentWeek.index)
    }

    /// The phase named `name`, ignoring case, or an error pointing to the list.
    private func phase(named name: String, in phases: [LifePhase]) throws -> LifePhase {
        let key = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let found = phases.first(where: { Self.sameName($0.name, key) }) else {
            throw LifeError(
                kind: .invalidValue, field: "phase",
                message: "no phase is named '\(TerminalText.echoed(key))'", remedy: .finitePhaseList)
        }
        return found
    }

    /// Names are the same phase's when they differ only in case (any script's).
    static func sameName(_ one: String, _ other: String) -> Bool {
        one.lowercased() == other.lowercased()
    }

    /// The week index `selector` means for a phase's `field` (`from`, `to`).
    private func phaseWeek(_ selector: WeekSelector, field: String, _ snapshot: Snapshot) throws -> Int {
        switch selector {
        case .current:
            return snapshot.status.currentWeek.index
        case .number(let number):
            guard number >= 1 else {
                throw LifeError.invalid(field: field, "\(field) is week \(number); weeks are numbered from 1")
            }
            return number - 1
        case .date(let date):
            guard let index = snapshot.grid.weekIndex(containing: date) else {
                throw LifeError.invalid(
                    field: field, "\(field) is \(date.iso); it is before the birthday \(snapshot.grid.birthday.iso)")
            }
            return index
        }
    }

    /// Checks a phase as it would be saved against the others here: its
    /// weeks, its name unique ignoring case, and no week crowded past the
    /// limit. `others` excludes the phase itself.
    private func checkPhase(
        name: String, start: Int, end: Int?, others: [LifePhase], status: LifeStatus
    ) throws {
        try FiniteRules.checkPhaseWeeks(start: start, end: end, status: status)
        if let same = others.first(where: { Self.sameName($0.name, name) }) {
            throw LifeError.invalid(
                field: "name",
                "name '\(TerminalText.echoed(name))' is taken by the phase '\(TerminalText.echoed(same.name))'; phase names are unique, ignoring case"
            )
        }
        let current = status.currentWeek.index
        let weeks = start...(end ?? max(start, current))
        try FiniteRules.checkPhaseOverlap(
            name: name, weeks: weeks, others: others.map { ($0.name, $0.weeks(currentWeekIndex: current)) })
    }

    /// Adds a phase from `from` to `to` (both weeks included; nil: ongoing)
    /// in `colour` (nil: the first colour no phase uses yet).
    func addPhase(name: String, from: WeekSelector, to: WeekSelector?, colour: PhaseColour?) throws -> PhaseDetail {
        let clean = try FiniteRules.phaseName(name)
        let snapshot = try snapshot()
        let existing = try phases()
        guard existing.count < FiniteRules.phaseLimit else {
            throw LifeError.invalid(
                field: "name",
                "\(FiniteRules.phaseLimit) phases are saved already, the most a life may have; delete one to add '\(TerminalText.echoed(clean))'"
            )
        }
        let start = try phaseWeek(from, field: "from", snapshot)
        let end = try to.map { try phaseWeek($0, field: "to", snapshot) }
        try checkPhase(name: clean, start: start, end: end, others: existing, status: snapshot.status)
        let now = clock.now()
        let phase = LifePhase(
            id: UUID(), name: clean, startWeekIndex: start, endWeekIndex: end,
            colour: colour ?? PhaseColour.next(after: existing.map(\.colour)), createdAt: now, updatedAt: now)
        try db.execute(
            """
            INSERT INTO finite_phases (id, name, start_week_index, end_week_index, colour, created_at, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """,
            [phase.id, phase.name, start, end, phase.colour.rawValue, now, now])
        return detail(phase, snapshot)
    }

    /// Changes the phase named `name`: all of `change` or none of it.
    func editPhase(_ name: String, _ change: PhaseChange) throws -> PhaseDetail {
        let snapshot = try snapshot()
        let all = try phases()
        var phase = try phase(named: name, in: all)
        if change.isEmpty { return detail(phase, snapshot) }
        if let newName = change.name { phase.name = try FiniteRules.phaseName(newName) }
        if let from = change.from { phase.startWeekIndex = try phaseWeek(from, field: "from", snapshot) }
        if let end = change.end { phase.endWeekIndex = try end.map { try phaseWeek($0, field: "to", snapshot) } }
        if let colour = change.colour { phase.colour = colour }
        try checkPhase(
            name: phase.name, start: phase.startWeekIndex, end: phase.endWeekIndex,
            others: all.filter { $0.id != phase.id }, status: snapshot.status)
        phase.updatedAt = clock.now()
        try db.execute(
            """
            UPDATE finite_phases SET name = ?, start_week_index = ?, end_week_index = ?, colour = ?, updated_at = ?
            WHERE id = ?
            """,
            [phase.name, phase.startWeekIndex, phase.endWeekIndex, phase.colour.rawValue, phase.updatedAt, phase.id])
        return detail(phase, snapshot)
    }

    /// Deletes the phase named `name`; answers what it was.
    func deletePhase(_ name: String) throws -> PhaseDetail {
        let snapshot = try snapshot()
        let phase = try phase(named: name, in: try phases())
        try db.execute("DELETE FROM finite_phases WHERE id = ?", [phase.id])
        return detail(phase, snapshot)
    }

    /// How many phases are saved (a birthday cannot move them).
    func phaseCount() throws -> Int {
        try db.fetchOne(Int.self, "SELECT count(*) FROM finite_phases") ?? 0
    }

    // MARK: Invariants (lifectl db check)

    /// What SQLite's constraints cannot hold of the phases: each name within
    /// its limit on one line, names unique ignoring case in every script, at
    /// most `phaseLimit` phases, each inside the grid, an ongoing one begun,
    /// no week in more than `phasesPerWeek` of them, and updated no earlier
    /// than created.
    func phaseProblems(status: LifeStatus?) throws -> [String] {
        var scan = InvariantScan(db: db)
        var phases: [LifePhase] = []
        try scan.eachRow("finite_phases", Self.selectPhases + " ORDER BY start_week_index, name, id") {
            row, problems in
            let phase = try Self.decodePhase(TableRow(table: "finite_phases", statement: row))
            phases.append(phase)
            let label = "phase '\(TerminalText.echoed(phase.name))'"
            do {
                let clean = try FiniteRules.phaseName(phase.name)
                if clean != phase.name { problems.append("\(label): name is not trimmed") }
            } catch let error as LifeError {
                problems.append("\(label): \(error.message)")
            }
            if phase.updatedAt < phase.createdAt { problems.append("\(label): updated before it was created") }
            if let status {
                do {
                    try FiniteRules.checkPhaseWeeks(
                        start: phase.startWeekIndex, end: phase.endWeekIndex, status: status)
                } catch let error as LifeError {
                    problems.append("\(label): \(error.message)")
                }
            }
        }
        var problems = scan.problems
        if phases.count > FiniteRules.phaseLimit {
            problems.append("\(phases.count) phases are saved; the most is \(FiniteRules.phaseLimit)")
        }
        for (offset, phase) in phases.enumerated() {
            if let same = phases[..<offset].first(where: { Self.sameName($0.name, phase.name) }) {
                problems.append(
                    "phases '\(TerminalText.echoed(same.name))' and '\(TerminalText.echoed(phase.name))' have the same name, ignoring case"
                )
            }
        }
        if let status {
            let current = status.currentWeek.index
            let spans = phases.map { ($0.name, $0.weeks(currentWeekIndex: current)) }
            for (offset, phase) in phases.enumerated() {
                // Each crowded week once: checked against the phases before it.
                if let crowded = FiniteRules.crowdedWeek(
                    phase.weeks(currentWeekIndex: current), others: Array(spans[..<offset]))
                {
                    problems.append(
                        "week \(Format.grouped(crowded.week + 1)) belongs to \(crowded.names.count + 1) phases; the most is \(FiniteRules.phasesPerWeek)"
                    )
                }
            }
        }
        return problems
    }

    // MARK: Import

    /// A phase as `phase add` would have stored it.
    static func checkImportedPhase(_ row: ImportRow) throws {
        _ = try row.uuid("id")
        _ = try row.integer("profile_id", in: 1...1)
        let name = try row.text("name")
        try TextRule.checkStored(name, field: "name", limit: FiniteRules.phaseNameLimit, required: true)
        _ = try FiniteRules.phaseName(name)
        let start = try row.integer("start_week_index", in: 0...Int64(FiniteRules.largestWeekIndex))
        if let end = try row.optionalInteger("end_week_index", in: 0...Int64(FiniteRules.largestWeekIndex)),
            end < start
        {
            throw LifeError.invalid(
                field: "end_week_index", "end_week_index is \(end), before start_week_index \(start)")
        }
        _ = try row.choice("colour", as: PhaseColour.self)
        try checkOrder(row, first: "created_at", then: "updated_at")
    }

    /// The phase here after the import: inside the grid here, its name
    /// unique ignoring case, no week crowded past the limit, within the
    /// limit of phases (FIN-11).
    func prepareImportedPhase(_ row: ImportRow) throws {
        guard try profile() != nil else {
            throw LifeError.invalid(
                field: "start_week_index", "the phase has weeks, but Finite has no birthday here or in the file")
        }
        let id = try row.uuid("id")
        let others = try phases().filter { $0.id != id }
        if others.count >= FiniteRules.phaseLimit {
            throw LifeError.invalid(
                field: "name", "\(FiniteRules.phaseLimit) phases are here already, the most a life may have")
        }
        try checkPhase(
            name: try row.text("name"), start: Int(try row.integer("start_week_index")),
            end: try row.optionalInteger("end_week_index").map(Int.init), others: others,
            status: try snapshot().status)
    }
}
