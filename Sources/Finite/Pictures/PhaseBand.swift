/// One life phase as the grid pictures draw it (SPEC FIN-11), decided once
/// so that the poster and the terminal agree: its key letter, its lane
/// beside the grid and the weeks it covers.
public struct PhaseBand: Sendable, Equatable {
    public let phase: PhaseDetail
    /// `A`…`Z`, then `a`…`z`, in the order of the phases' start weeks.
    public let key: Character
    /// The column beside the grid, 0 nearest: phases that share a week never
    /// share a lane; phases that follow one another do.
    public let lane: Int
    /// The weeks covered, an ongoing phase through the current week.
    public let weeks: ClosedRange<Int>

    /// The bands of `phases` (any order): keyed and laid out by start week,
    /// then name, each in the lowest lane free over all its weeks (the
    /// fewest lanes possible).
    public static func layout(_ phases: [PhaseDetail]) -> [PhaseBand] {
        let ordered = phases.sorted {
            ($0.from.index, $0.name, $0.id.uuidString) < ($1.from.index, $1.name, $1.id.uuidString)
        }
        var laneEnds: [Int] = []
        var bands: [PhaseBand] = []
        for (offset, phase) in ordered.enumerated() {
            let weeks = phase.from.index...phase.through.index
            let lane = laneEnds.firstIndex { $0 < weeks.lowerBound } ?? laneEnds.count
            if lane == laneEnds.count { laneEnds.append(weeks.upperBound) } else { laneEnds[lane] = weeks.upperBound }
            bands.append(PhaseBand(phase: phase, key: keyLetter(offset), lane: lane, weeks: weeks))
        }
        return bands
    }

    /// The key of the `offset`-th phase: A–Z, a–z, then `+` (beyond the
    /// store's limit of 50 phases, which only a file edited by hand passes).
    static func keyLetter(_ offset: Int) -> Character {
        let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
        return offset < letters.count ? letters[offset] : "+"
    }
}
