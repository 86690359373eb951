import Foundation
import LifeCore

/// Life phases (SPEC FIN-11), one transaction per use case.
extension FiniteStore {
    /// Every phase with the dates of its weeks, by start week, then name.
    public func phases() throws -> [PhaseDetail] {
        try writer.read { try FiniteSession($0, clock: clock).phaseDetails() }
    }

    /// Adds a phase named `name` from the week `from` through the week `to`
    /// (both included; nil: ongoing, through the current week) in `colour`
    /// (nil: the first colour no phase uses yet). The name is unique ignoring
    /// case; no week may belong to more than `FiniteRules.phasesPerWeek` phases.
    @discardableResult
    public func addPhase(
        _ name: String, from: WeekSelector, to: WeekSelector? = nil, colour: PhaseColour? = nil
    ) throws -> PhaseDetail {
        try writer.write {
            try FiniteSession($0, clock: clock).addPhase(name: name, from: from, to: to, colour: colour)
        }
    }

    /// Changes the phase named `name` (ignoring case): all of `change` or none of it.
    @discardableResult
    public func editPhase(_ name: String, _ change: PhaseChange) throws -> PhaseDetail {
        try writer.write { try FiniteSession($0, clock: clock).editPhase(name, change) }
    }

    /// Deletes the phase named `name` (ignoring case); answers what it was.
    @discardableResult
    public func deletePhase(_ name: String) throws -> PhaseDetail {
        try writer.write { try FiniteSession($0, clock: clock).deletePhase(name) }
    }
}
