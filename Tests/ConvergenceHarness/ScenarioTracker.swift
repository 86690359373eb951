import LifeDB

/// What one history's operations did of the cases `ScenarioCoverage`
/// counts, read from the operations' own descriptions and from the rows
/// their transactions wrote.
struct ScenarioTracker {
    /// Username → the devices that started its countdown.
    private var starts: [String: Set<Int>] = [:]
    /// Username → the devices that deleted one of its goals.
    private var goalDeletes: [String: Set<Int>] = [:]
    /// Account id → device → goals made there.
    private var goalsMade: [DatabaseValue: [Int: Int]] = [:]
    /// GPX file → the devices that imported it.
    private var imports: [String: Set<Int>] = [:]
    private var damaged = 0
    private var sharingOff = false
    private var moodsGiven = false

    /// An operation's description (`Device.perform`'s answer).
    mutating func observe(_ said: String, device: Int) {
        let words = said.split(separator: " ").map(String.init)
        if said.hasPrefix("lifetimer start "), words.count == 3 {
            starts[words[2], default: []].insert(device)
        } else if said.hasPrefix("lifetimer goal delete "), words.count >= 4 {
            goalDeletes[words[3], default: []].insert(device)
        } else if said.hasPrefix("walks import file "), said.hasSuffix(": imported"), words.count >= 4 {
            imports[words[3], default: []].insert(device)
        } else if said == "dailymenu share mood false" {
            sharingOff = true
        } else if said.hasPrefix("complete "), words.count >= 3 {
            let parts = words[2].split(separator: "/", omittingEmptySubsequences: false)
            if parts.count >= 2 && (parts[0] != "-" || parts[1] != "-") { moodsGiven = true }
        }
    }

    /// The rows one local transaction wrote.
    mutating func observe(_ events: [ReferenceModel.RowEvent], device: Int) {
        for event in events where event.table == "lifetimer_goals" && event.kind == .insert {
            goalsMade[event.new?["account_id"] ?? .null, default: [:]][device, default: 0] += 1
        }
    }

    mutating func damagedFile() { damaged += 1 }

    /// This history's counts: 1 for each case it held.
    func coverage(clockAheadThenFixed: Bool) -> ScenarioCoverage {
        var coverage = ScenarioCoverage()
        coverage.twoStarts = starts.values.contains { $0.count >= 2 } ? 1 : 0
        coverage.deleteAroundStart =
            starts.contains { username, starters in
                (goalDeletes[username] ?? []).contains { deleter in starters.contains { $0 != deleter } }
            } ? 1 : 0
        coverage.moreThanTwentyGoals =
            goalsMade.values.contains { $0.count >= 2 && $0.values.reduce(0, +) > 20 } ? 1 : 0
        coverage.duplicateGPX = imports.values.contains { $0.count >= 2 } ? 1 : 0
        coverage.clockAheadThenFixed = clockAheadThenFixed ? 1 : 0
        coverage.damagedFiles = damaged > 0 ? 1 : 0
        coverage.damagedFilesDelivered = damaged
        coverage.moodSharingOff = sharingOff && moodsGiven ? 1 : 0
        return coverage
    }
}
