import LifeCore

extension MomentTally {
    /// A tally kept while walking a history in history order, one
    /// completion at a time, for `db check` (which has every completion in
    /// hand). An absent after-mood counts as lifting the mood, as the store
    /// counts for an import and `db check`: it may have been withheld (DM-10).
    public struct Running: Sendable {
        public private(set) var tally = MomentTally()
        private var days: Set<CivilDate> = []
        private var categories: Set<String> = []

        public init() {}

        public mutating func add(_ completion: Completion) {
            tally.completions += 1
            if completion.afterMood == nil || completion.moodImproved { tally.moodImproved += 1 }
            if days.insert(completion.localDay).inserted { tally.days += 1 }
            if categories.insert(completion.category).inserted { tally.categories += 1 }
            if completion.energy == .low { tally.lowEnergy += 1 }
        }
    }
}
