import Foundation
import LifeCore

/// The independent evaluator of LT-6 (REL-6, REL-8): what the tests
/// themselves believe about one social graph, written from the table in
/// docs/lifetimer.md, not from any SQL:
///
/// | viewer × account                         | visible |
/// |------------------------------------------|---------|
/// | the same account                         | yes     |
/// | private account                          | no      |
/// | suspended account                        | no      |
/// | a block between them, either direction   | no      |
/// | otherwise (public, no block, not suspended) | yes  |
///
/// LT-10: a goal or milestone an admin hid is its own account's alone and
/// counts on no leaderboard (its own account's view included); the current
/// streak is the latest run of active days while its last day is today or
/// yesterday in the account's zone.
public struct SocialGraphModel: Sendable {
    public struct Person: Sendable {
        public let name: String
        public var id: UUID
        public var isPublic: Bool
        public var suspended = false
        public let zone: TimeZone
        public var activeDays: Set<CivilDate> = []
        /// The goals' ids, in number order, and those completed.
        public var goals: [UUID] = []
        public var completedGoals: Set<UUID> = []
        public var started = false
    }

    public struct Step: Sendable {
        public let id: UUID
        public let owner: Int
        public let goalID: UUID
        public let goalTitle: String
        public let title: String
        /// Its number within its goal (the others keep theirs when one goes).
        public let position: Int
        public let isPublic: Bool
        public let completedAt: Date?
    }

    public var people: [Person] = []
    public var follows: Set<[Int]> = []
    public var blocks: Set<[Int]> = []
    public var steps: [Step] = []
    /// Reports filed: [reporter, reported account].
    public var reports: [[Int]] = []
    /// LT-10: goals and milestones an admin hid.
    public var hiddenGoals: Set<UUID> = []
    public var hiddenSteps: Set<UUID> = []

    public init() {}

    /// The docs table, row by row.
    public func visible(_ viewer: Int, _ account: Int) -> Bool {
        if viewer == account { return true }
        if !people[account].isPublic { return false }
        if people[account].suspended { return false }
        if blocks.contains([viewer, account]) || blocks.contains([account, viewer]) { return false }
        return true
    }

    /// A goal of `owner`: seen with its account, unless hidden (then by its own account only).
    public func sees(_ viewer: Int, goal: UUID, of owner: Int) -> Bool {
        visible(viewer, owner) && (owner == viewer || !hiddenGoals.contains(goal))
    }

    /// A milestone: its own account's always; another's when public and
    /// neither it nor its goal is hidden.
    public func sees(_ viewer: Int, step: Step) -> Bool {
        visible(viewer, step.owner) && (step.owner == viewer || listed(step))
    }

    /// What counts on the leaderboards and in the feed, for every viewer alike.
    public func listed(_ step: Step) -> Bool {
        step.isPublic && !hiddenSteps.contains(step.id) && !hiddenGoals.contains(step.goalID)
    }

    /// Goals completed as `viewer` sees them (the profile).
    public func goalsCompleted(_ index: Int, seenBy viewer: Int) -> Int {
        people[index].completedGoals.filter { sees(viewer, goal: $0, of: index) }.count
    }

    /// Goals completed that count on the leaderboard (none hidden).
    public func listedGoalsCompleted(_ index: Int) -> Int {
        people[index].completedGoals.subtracting(hiddenGoals).count
    }

    /// LT-10: the latest run of active days when its last day is today or
    /// yesterday at `now` in the account's zone, else 0.
    public func currentStreak(_ index: Int, at now: Date) -> Int {
        let days = people[index].activeDays
        guard let last = days.max(),
            last >= CivilDate.of(now, in: people[index].zone).adding(days: -1)
        else { return 0 }
        var length = 1
        while days.contains(last.adding(days: -length)) { length += 1 }
        return length
    }

    public func byName(_ indices: [Int]) -> [Int] {
        indices.sorted { people[$0].name.lowercased() < people[$1].name.lowercased() }
    }

    public func longestStreak(_ index: Int) -> Int {
        var best = 0
        for day in people[index].activeDays {
            if people[index].activeDays.contains(day.adding(days: -1)) { continue }
            var length = 1
            while people[index].activeDays.contains(day.adding(days: length)) { length += 1 }
            best = max(best, length)
        }
        return best
    }

    /// Competition ranks (1, 2, 2, 4) by value, listed by value then name.
    public func ranked(_ values: [(Int, Int)]) -> [(rank: Int, index: Int, value: Int)] {
        let sorted = values.sorted {
            $0.1 != $1.1 ? $0.1 > $1.1 : people[$0.0].name.lowercased() < people[$1.0].name.lowercased()
        }
        return sorted.map { entry in
            (values.filter { $0.1 > entry.1 }.count + 1, entry.0, entry.1)
        }
    }

    /// Newest first; ties by the milestone's id (names differ by owner, and
    /// one owner's ties are ordered by id on every site).
    public func newestFirst(_ steps: [Step]) -> [Step] {
        steps.sorted { lhs, rhs in
            if lhs.completedAt != rhs.completedAt {
                return (lhs.completedAt ?? .distantPast) > (rhs.completedAt ?? .distantPast)
            }
            let left = people[lhs.owner].name.lowercased()
            let right = people[rhs.owner].name.lowercased()
            return left != right ? left < right : lhs.id.uuidString.lowercased() < rhs.id.uuidString.lowercased()
        }
    }
}
