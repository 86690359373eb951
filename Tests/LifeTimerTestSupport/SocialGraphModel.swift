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
public struct SocialGraphModel: Sendable {
    public struct Person: Sendable {
        public let name: String
        public var id: UUID
        public var isPublic: Bool
        public var suspended = false
        public let zone: TimeZone
        public var goalsCompleted = 0
        public var activeDays: Set<CivilDate> = []
        /// The goals' ids, in number order.
        public var goals: [UUID] = []
        public var started = false
    }

    public struct Step: Sendable {
        public let id: UUID
        public let owner: Int
        public let goalTitle: String
        public let title: String
        public let isPublic: Bool
        public let completedAt: Date?
    }

    public var people: [Person] = []
    public var follows: Set<[Int]> = []
    public var blocks: Set<[Int]> = []
    public var steps: [Step] = []
    /// Reports filed: [reporter, reported account].
    public var reports: [[Int]] = []

    public init() {}

    /// The docs table, row by row.
    public func visible(_ viewer: Int, _ account: Int) -> Bool {
        if viewer == account { return true }
        if !people[account].isPublic { return false }
        if people[account].suspended { return false }
        if blocks.contains([viewer, account]) || blocks.contains([account, viewer]) { return false }
        return true
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
